import type { BankTraits } from './bank-profile'
import { cardAccount, cardAccountCreate, cardAccountList, resourceId } from './card-account'
import { type Problem, problem } from './errors'
import { headerNames, PSU_ID_RULE, psuCorporateId, requestId, SWAP_AMOUNTS_FIX } from './headers'
import { psuIdHeader } from './request-headers'
import { createRouteMatcher, type RouteMatcher } from './route-matcher'
import { noContent, type OperationName, type ParamNames, type RouteSpec, routes } from './routes'
import { sandboxClockAnswer, sandboxClockState } from './sandbox-clock'
import { settlementAnswer, settlementRequest } from './settlement'
import { transactionsCreated } from './snapshot'
import { shownValue } from './text'
import { cardTransactionId, cardTransactionsResponse, transactionBatch } from './transaction'
import { transactionsQuery } from './transactions-query'
import { transactionsSummary, transactionsSummaryQuery } from './transactions-summary'
import type { z } from './zod'

export type JsonShape = 'object' | 'array'

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
  /** What the sandbox sends: the strict wire schema (a client reads it with the route's `reader`). */
  schema: z.ZodMiniType
  /** Answer headers beyond the echoed X-Request-ID. */
  headers?: readonly string[]
}

/** An operation: its route (src/contract/routes.ts) with what the sandbox, the proxy and the document need. */
export interface OperationSpec extends RouteSpec {
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

/** Judged by our sandboxes when sent (spec §7: a wrong PSU-ID format is a validation error). */
const psuIdUse: HeaderUse = {
  name: headerNames.psuId,
  required: false,
  description: `The PSU the request is for: ${PSU_ID_RULE}; signed when sent`,
  schema: psuIdHeader,
}

const signedRequest: readonly HeaderUse[] = [requestIdHeader, ...signatureHeaders, psuIdUse]

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

/** The console's sandbox only: the bank's sandbox has no way to delete one account or transaction. */
const sandboxOnly =
  "Sandbox Console's own: the bank's sandbox has no such operation (a console meets it as 404, 405 or 501)."

/**
 * Every operation, once, each its route (src/contract/routes.ts) with the rest: the sandbox's handlers, the
 * servers' 404/405/OPTIONS answers, the proxy's allowlist and the OpenAPI document come from here, the API
 * client's paths and readers and the inspector's labels from the routes. A new operation is one more route
 * and one more entry here (and, in the sandbox, one more endpoint: the compiler asks for each).
 */
export const operations = {
  listCardAccounts: {
    ...routes.listCardAccounts,
    headers: [...signedRequest, corporateList],
    answer: {
      status: 200,
      description: 'Every mock card account',
      schema: cardAccountList,
    },
    problems: [],
  },
  createCardAccount: {
    ...routes.createCardAccount,
    headers: [...signedRequest, acceptFix('longer-name (or longer-names) allows 70-character names')],
    body: cardAccountCreate,
    bodyShapes: ['object'],
    answer: {
      status: 201,
      description: 'The stored account; Location is its path',
      schema: cardAccount,
      headers: [headerNames.location],
    },
    problems: [413],
  },
  getCardAccount: {
    ...routes.getCardAccount,
    headers: [...signedRequest, corporateRead],
    answer: {
      status: 200,
      description: 'The account',
      schema: cardAccount,
    },
    problems: [404],
  },
  listTransactions: {
    ...routes.listTransactions,
    description:
      'Newest first; offset and limit page through booked then pending as one sequence (limit defaults to 200).',
    headers: [...signedRequest, corporateRead, acceptFix(`${SWAP_AMOUNTS_FIX} swaps the two amounts`)],
    query: transactionsQuery,
    answer: {
      status: 200,
      description: 'One page of booked and pending transactions, with _links to the other pages',
      schema: cardTransactionsResponse,
    },
    problems: [404],
  },
  createTransactions: {
    ...routes.createTransactions,
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
    },
    // 507: the write would pass a cap on stored transactions (src/sandbox/caps.ts).
    problems: [404, 413, 507],
  },
  settleTransactions: {
    ...routes.settleTransactions,
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
    },
    problems: [404, 413],
  },
  getSandboxClock: {
    ...routes.getSandboxClock,
    description:
      "The day the sandbox's domain rules take as today, and how it is set. Not an operation of any bank.",
    headers: signedRequest,
    answer: {
      status: 200,
      description: 'The clock',
      schema: sandboxClockAnswer,
    },
    problems: [],
  },
  setSandboxClock: {
    ...routes.setSandboxClock,
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
    },
    problems: [413],
  },

  deleteCardAccount: {
    ...routes.deleteCardAccount,
    description: sandboxOnly,
    headers: [...signedRequest, corporateWrite],
    answer: { status: 204, description: 'Deleted', schema: noContent },
    problems: [404],
  },
  deleteTransaction: {
    ...routes.deleteTransaction,
    description: sandboxOnly,
    headers: [...signedRequest, corporateWrite],
    answer: { status: 204, description: 'Deleted', schema: noContent },
    problems: [404],
  },

  summarizeTransactions: {
    ...routes.summarizeTransactions,
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
    },
    problems: [404],
  },
} as const satisfies { [Name in OperationName]: OperationSpec }

export type Operation = OperationSpec & { name: OperationName }

/** The table as a list, each entry with its name. */
export const operationList: readonly Operation[] = (
  Object.entries(operations) as [OperationName, OperationSpec][]
).map(([name, spec]) => ({ name, ...spec }))

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

/**
 * Why a path's parameters cannot name a resource, if one breaks its rule: 400 FORMAT_ERROR naming it, as a
 * header or query value breaking its rule is, rather than a 404 for an id no sandbox could ever hold. The
 * sandbox and the proxy both ask it, after the route and before the resource.
 */
export function pathParameterProblem(params: Readonly<Record<string, string>>): Problem | undefined {
  for (const [name, value] of Object.entries(params)) {
    const checked = pathParameters[name as keyof typeof pathParameters]?.schema.safeParse(value)
    if (checked === undefined || checked.success) continue
    const message = checked.error.issues[0]?.message ?? 'breaks its rule'
    const rule = message.startsWith(`${name} `) ? message.slice(name.length + 1) : message
    return problem(400, 'FORMAT_ERROR', `${name} ${rule}, not ${shownValue(value)}`, name)
  }
  return undefined
}

/**
 * Which operation of the whole table a request is, by its method and service-relative path (`/v1/sandbox/...`,
 * still percent-encoded, no query). A parameter is one non-empty segment, decoded; one that does not decode (a
 * malformed escape such as `%E0`) matches nothing, so the path is unknown: a 404, never an exception.
 */
export const matchRoute: RouteMatcher<Operation> = createRouteMatcher(operationList)

/** The operations a sandbox with this profile offers: no account list where it has none, no console operations. */
export function offeredOperations(profile: BankTraits): Operation[] {
  return operationList.filter(
    ({ name, owner }) =>
      (name !== 'listCardAccounts' || profile.accountList !== 'absent') &&
      (owner !== 'console' || profile.consoleOperations !== false),
  )
}
