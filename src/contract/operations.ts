import {
  cardAccount,
  cardAccountCreate,
  cardAccountFromServer,
  cardAccountList,
  cardAccountListFromServer,
  resourceId,
} from './card-account'
import { headerNames, psuCorporateId, requestId, SWAP_AMOUNTS_FIX } from './headers'
import { sandboxClockAnswer, sandboxClockAnswerFromServer, sandboxClockState } from './sandbox-clock'
import { settlementAnswer, settlementAnswerFromServer, settlementRequest } from './settlement'
import { transactionsCreated } from './snapshot'
import {
  cardTransactionId,
  cardTransactionsFromServer,
  cardTransactionsResponse,
  transactionBatch,
  transactionsCreatedFromServer,
} from './transaction'
import { transactionsQuery } from './transactions-query'
import {
  transactionsSummary,
  transactionsSummaryFromServer,
  transactionsSummaryQuery,
} from './transactions-summary'
import { z } from './zod'

/** The sandbox paths of the operation start here, relative to the service's base URL. */
export const SANDBOX_PREFIX = '/v1/sandbox'

/**
 * Where Sandbox Console's own operations (clock, settlements, summary, deletes) live, relative to the base
 * URL: outside the bank's `/v1/sandbox` namespace, so none of them shadows a path of the bank's operation
 * (a transaction id `summary` or `settlements` stays deletable) and the proxy can tell them apart by path.
 */
export const CONSOLE_SANDBOX_PREFIX = '/v1/sandbox-console'

/**
 * The top-level extension of `/openapi.json` by which one of our own sandboxes says it is one (it has the
 * console's own operations); a server whose document lacks it is a bank's (docs/decisions.md#boundary).
 */
export const CONSOLE_SANDBOX_FLAG = 'x-sandbox-console'

/** Where the console serves the operation: its in-browser sandbox and its signing proxy both answer here. */
export const API_BASE = '/api'

/** Where every server of the console serves the operation's OpenAPI document (src/contract/openapi.ts). */
export const OPENAPI_PATH = '/openapi.json'

export type JsonShape = 'object' | 'array'

export type OperationMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/**
 * Whose operation it is. `bank`: the bank's sandbox has it, the proxy signs and forwards it to any upstream.
 * `bank-optional`: some banks have it, the platform does not; forwarded too, the console reads a 404 or 405.
 * `console`: Sandbox Console's own; the proxy forwards it only to one of our sandboxes and answers it itself
 * (unsigned, 404) for a bank's, so nothing of it reaches the bank.
 */
export type OperationOwner = 'bank' | 'bank-optional' | 'console'

/** A request header an operation reads. */
export interface HeaderUse {
  name: string
  required: boolean
  description: string
  /** The value's rule, where the contract has one. */
  schema?: z.ZodMiniType
}

/** The success answer of an operation. */
export interface OperationAnswer {
  status: number
  description: string
  /** What the sandbox sends: the strict wire schema. */
  schema: z.ZodMiniType
  /** How a client reads it from any server: the liberal reader (the strict schema where none is needed). */
  reader: z.ZodMiniType
  /** Answer headers beyond the echoed X-Request-ID. */
  headers?: readonly string[]
}

export interface OperationSpec {
  owner: OperationOwner
  method: OperationMethod
  /** Service-relative; `{name}` is a path parameter (OpenAPI's syntax) whose rule is in `pathParameters`. */
  path: string
  /**
   * Where the operation was before, still answered by our own sandboxes for one release so HAR, Postman and
   * share files made before keep working; deprecated in the OpenAPI document. Same parameters as `path`.
   */
  deprecatedPaths?: readonly string[]
  summary: string
  description?: string
  headers: readonly HeaderUse[]
  /** The query, as URLSearchParams gives it (every value a string): request side, strict. */
  query?: z.ZodMiniType
  /** The JSON body as a client may send it: request side, strict. */
  body?: z.ZodMiniType
  /**
   * The body's top-level JSON shapes. The signing proxy checks only these (fields are the bank's to judge),
   * so it never signs a body meant for another route.
   */
  bodyShapes?: readonly JsonShape[]
  answer: OperationAnswer
  /** Statuses of the tppMessages error answers particular to it (400, 401 and 500 are everyone's). */
  problems: readonly number[]
}

const requestIdHeader: HeaderUse = {
  name: headerNames.requestId,
  required: true,
  description: 'A UUID unique per call, set by the TPP; the answer echoes it',
  schema: requestId,
}

/** What the signer adds to every request (draft-cavage-http-signatures-10); the console's proxy adds them itself. */
const signatureHeaders: readonly HeaderUse[] = [
  {
    name: headerNames.date,
    required: false,
    // The verifier signs it "each where available" (docs/decisions.md#signing): a browser's fetch may not
    // set it, and a request without it, signed without it, is answered.
    description:
      'When the request was signed (RFC 7231 date); signed whenever it is sent, which a browser cannot',
  },
  {
    name: headerNames.digest,
    required: true,
    description: 'SHA-256=<base64 of the body bytes as sent>; the empty body is hashed too',
  },
  {
    name: headerNames.tppSignatureCertificate,
    required: true,
    description: 'The signing certificate: base64 of its DER, no PEM lines',
  },
  {
    name: headerNames.signature,
    required: true,
    description:
      'keyId="SN=<serial, hex>,CA=<issuer DN>",algorithm="rsa-sha256",' +
      'headers="date digest x-request-id[ psu-id][ psu-corporate-id][ tpp-redirect-uri]",signature="<base64>"',
  },
]

const signedRequest: readonly HeaderUse[] = [requestIdHeader, ...signatureHeaders]

const corporateRead: HeaderUse = {
  name: headerNames.psuCorporateId,
  required: false,
  description: 'Required to read a corporate card account or its transactions: any non-empty value',
  schema: psuCorporateId,
}

/** Spec §5.5 on the writes of an account too (docs/decisions.md#corporate-accounts). */
const corporateWrite: HeaderUse = {
  ...corporateRead,
  description: 'Required to write to a corporate card account (add, settle, delete): any non-empty value',
}

const corporateList: HeaderUse = {
  ...corporateRead,
  description: 'Corporate card accounts are listed only to a request that carries it: any non-empty value',
}

const acceptFix = (what: string): HeaderUse => ({
  name: headerNames.acceptFix,
  required: false,
  description: `Comma-separated early-access fixes; here ${what}. Read under ${headerNames.xAcceptFix} too`,
})

const accountsPath = `${SANDBOX_PREFIX}/card-accounts` as const
const accountPath = `${accountsPath}/{mockCardAccountId}` as const
const transactionsPath = `${accountPath}/transactions` as const
/** The console's own operations, each under CONSOLE_SANDBOX_PREFIX; none of them shares a path with the bank's. */
const ownAccountPath = `${CONSOLE_SANDBOX_PREFIX}/card-accounts/{mockCardAccountId}` as const
const settlementsPath = `${ownAccountPath}/settlements` as const
const summaryPath = `${ownAccountPath}/summary` as const
const clockPath = `${CONSOLE_SANDBOX_PREFIX}/clock` as const
const transactionPath = `${ownAccountPath}/transactions/{cardTransactionId}` as const
/** Before the console's prefix (deprecated): they sat in the bank's namespace and shadowed transaction ids. */
const legacy = {
  settlements: [`${transactionsPath}/settlements`],
  summary: [`${transactionsPath}/summary`],
  clock: [`${SANDBOX_PREFIX}/clock`],
  account: [accountPath],
  transaction: [`${transactionsPath}/{cardTransactionId}`],
} as const

/** A 204: nothing to read, the status says it all. */
const noContent = z.undefined()

/** The console's sandbox only: the bank's sandbox has no way to delete one account or transaction. */
const sandboxOnly =
  "Sandbox Console's own: the bank's sandbox has no such operation (a console meets it as 404, 405 or 501)."

/**
 * Every route of the operation, once: the sandbox's handlers, the servers' 404/405/OPTIONS answers, the proxy's
 * allowlist, the API client's paths, the inspector's labels and the OpenAPI document all come from here. A new
 * route is one more entry (and, in the sandbox, one more endpoint: the compiler asks for it).
 */
export const operations = {
  listCardAccounts: {
    owner: 'bank-optional',
    method: 'GET',
    path: accountsPath,
    summary: 'List the mock card accounts',
    headers: [...signedRequest, corporateList],
    answer: {
      status: 200,
      description: 'Every mock card account',
      schema: cardAccountList,
      reader: cardAccountListFromServer,
    },
    problems: [],
  },
  createCardAccount: {
    owner: 'bank',
    method: 'POST',
    path: accountsPath,
    summary: 'Create a mock card account',
    headers: [...signedRequest, acceptFix('longer-name (or longer-names) allows 70-character names')],
    body: cardAccountCreate,
    bodyShapes: ['object'],
    answer: {
      status: 201,
      description: 'The stored account; Location is its path',
      schema: cardAccount,
      reader: cardAccountFromServer,
      headers: [headerNames.location],
    },
    problems: [413],
  },
  getCardAccount: {
    owner: 'bank',
    method: 'GET',
    path: accountPath,
    summary: 'Read one mock card account',
    headers: [...signedRequest, corporateRead],
    answer: {
      status: 200,
      description: 'The account',
      schema: cardAccount,
      reader: cardAccountFromServer,
    },
    problems: [404],
  },
  listTransactions: {
    owner: 'bank',
    method: 'GET',
    path: transactionsPath,
    summary: 'List the card transactions of a mock card account',
    description:
      'Newest first; offset and limit page through booked then pending as one sequence (limit defaults to 200).',
    headers: [...signedRequest, corporateRead, acceptFix(`${SWAP_AMOUNTS_FIX} swaps the two amounts`)],
    query: transactionsQuery,
    answer: {
      status: 200,
      description: 'One page of booked and pending transactions, with _links to the other pages',
      schema: cardTransactionsResponse,
      reader: cardTransactionsFromServer,
    },
    problems: [404],
  },
  createTransactions: {
    owner: 'bank',
    method: 'POST',
    path: transactionsPath,
    summary: 'Add transactions to a mock card account',
    description:
      'An array of transactions (a single object is accepted too), validated as a whole and stored atomically.',
    headers: [
      ...signedRequest,
      corporateWrite,
      acceptFix(`${SWAP_AMOUNTS_FIX} swaps the two amounts in the answer`),
    ],
    body: transactionBatch,
    bodyShapes: ['array', 'object'],
    answer: {
      status: 201,
      description: 'The stored transactions, ids filled in, in the order sent',
      schema: transactionsCreated,
      reader: transactionsCreatedFromServer,
    },
    // 507: the write would pass a cap on stored transactions (src/sandbox/caps.ts).
    problems: [404, 413, 507],
  },
  settleTransactions: {
    owner: 'console',
    deprecatedPaths: legacy.settlements,
    method: 'POST',
    path: settlementsPath,
    summary: 'Settle pending transactions as booked (sandbox only)',
    description:
      'The listed pending transactions, or every one pending for more than pendingForMoreThanDays days, become ' +
      "booked on bookingDate (default: the sandbox clock's today), optionally under a new cardTransactionId " +
      'and with a changed amount, as a bank books a card payment. Not an operation of any bank.',
    headers: [...signedRequest, corporateWrite],
    body: settlementRequest,
    bodyShapes: ['object'],
    answer: {
      status: 200,
      description: 'Each settled transaction: the pending id it had and the booked transaction it became',
      schema: settlementAnswer,
      reader: settlementAnswerFromServer,
    },
    problems: [404, 413],
  },
  getSandboxClock: {
    owner: 'console',
    deprecatedPaths: legacy.clock,
    method: 'GET',
    path: clockPath,
    summary: 'Read the sandbox clock (sandbox only)',
    description:
      "The day the sandbox's domain rules take as today, and how it is set. Not an operation of any bank.",
    headers: signedRequest,
    answer: {
      status: 200,
      description: 'The clock',
      schema: sandboxClockAnswer,
      reader: sandboxClockAnswerFromServer,
    },
    problems: [],
  },
  setSandboxClock: {
    owner: 'console',
    deprecatedPaths: legacy.clock,
    method: 'POST',
    path: clockPath,
    summary: 'Set the sandbox clock (sandbox only)',
    description:
      'Follow the real date with an offset in days, or freeze it on a date; with settlePendingAfterDays, ' +
      'pending transactions that old settle as booked each time the clock is set. Not an operation of any bank.',
    headers: signedRequest,
    body: sandboxClockState,
    bodyShapes: ['object'],
    answer: {
      status: 200,
      description: 'The clock as set, and how many pending transactions it settled',
      schema: sandboxClockAnswer,
      reader: sandboxClockAnswerFromServer,
    },
    problems: [413],
  },

  deleteCardAccount: {
    owner: 'console',
    deprecatedPaths: legacy.account,
    method: 'DELETE',
    path: ownAccountPath,
    summary: 'Delete a mock card account and its transactions',
    description: sandboxOnly,
    headers: [...signedRequest, corporateWrite],
    answer: { status: 204, description: 'Deleted', schema: noContent, reader: noContent },
    problems: [404],
  },
  deleteTransaction: {
    owner: 'console',
    deprecatedPaths: legacy.transaction,
    method: 'DELETE',
    path: transactionPath,
    summary: 'Delete one card transaction of a mock card account',
    description: sandboxOnly,
    headers: [...signedRequest, corporateWrite],
    answer: { status: 204, description: 'Deleted', schema: noContent, reader: noContent },
    problems: [404],
  },

  summarizeTransactions: {
    owner: 'console',
    deprecatedPaths: legacy.summary,
    method: 'GET',
    path: summaryPath,
    summary: 'Summarise the transactions of a mock card account (sandbox only)',
    description:
      "Counts and exact sums per currency of the transactions in a date window (the list's filter), booked " +
      'and pending apart, per day or per ISO week (bucket; left out: days up to 92 days, else weeks), with ' +
      'the totals in and out per currency and the most frequent merchant categories: a chart without ' +
      'reading every page. Not an operation of any bank.',
    headers: [...signedRequest, corporateRead],
    query: transactionsSummaryQuery,
    answer: {
      status: 200,
      description: 'The summary of the window',
      schema: transactionsSummary,
      reader: transactionsSummaryFromServer,
    },
    problems: [404],
  },
} as const satisfies Record<string, OperationSpec>

export type OperationName = keyof typeof operations
export type Operation = OperationSpec & { name: OperationName }

/** The table as a list, each entry with its name. */
export const operationList: readonly Operation[] = (
  Object.entries(operations) as [OperationName, OperationSpec][]
).map(([name, spec]) => ({ name, ...spec }))

type ParamNames<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? Name | ParamNames<Rest>
  : never

/** The path parameters of an operation, by name. */
export type PathParams<N extends OperationName> = Record<ParamNames<(typeof operations)[N]['path']>, string>

/** The rule of every path parameter; one missing from here, or here and in no path, is a type error. */
export const pathParameters: {
  [Name in ParamNames<(typeof operations)[OperationName]['path']>]: {
    schema: z.ZodMiniType
    description: string
  }
} = {
  mockCardAccountId: { schema: resourceId, description: 'The resourceId of a mock card account' },
  cardTransactionId: {
    schema: cardTransactionId,
    description: 'The cardTransactionId of one of its transactions',
  },
}

/** The service-relative path of an operation, each parameter percent-encoded. */
export function pathTo<N extends OperationName>(
  name: N,
  ...[params]: keyof PathParams<N> extends never ? [] : [PathParams<N>]
): string {
  const values: Record<string, string> = params ?? {}
  return operations[name].path.replace(/\{(\w+)\}/g, (_, param: string) =>
    encodeURIComponent(values[param] ?? ''),
  )
}
