import { cardAccountFromServer, cardAccountListFromServer } from './card-account'
import { sandboxClockAnswerFromServer } from './sandbox-clock'
import { settlementAnswerFromServer } from './settlement'
import { cardTransactionsFromServer, transactionsCreatedFromServer } from './transaction'
import { transactionsSummaryFromServer } from './transactions-summary'
import { z } from './zod'

/**
 * The operation table's routes (src/contract/operations.ts spreads each into its operation): where each
 * operation is, whose it is, what it does in a few words, and how a client reads its answer. The console
 * needs only these to send any request, name it and read its answer; the rest of the table (each operation's documentation, headers,
 * request and wire schemas) is the sandbox's, the proxy's and the OpenAPI document's, so the contract's
 * entry does not export it and the console's first screen does not load it (docs/benchmarks.md, "Initial
 * JavaScript budget"): import it from src/contract/operations.ts.
 */

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

/**
 * What answers there: the in-browser sandbox (msw worker) or the signing proxy on the same origin. Named
 * here, as a shared link carries the mode it was made in.
 */
export const modes = ['offline', 'proxy'] as const

/** Where every server of the console serves the operation's OpenAPI document (src/contract/openapi.ts). */
export const OPENAPI_PATH = '/openapi.json'

export type OperationMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/**
 * Whose operation it is. `bank`: the bank's sandbox has it, the proxy signs and forwards it to any upstream.
 * `bank-optional`: some banks have it, the platform does not; forwarded too, the console reads a 404 or 405.
 * `console`: Sandbox Console's own; the proxy forwards it only to one of our sandboxes and answers it itself
 * (unsigned, 404) for a bank's, so nothing of it reaches the bank.
 */
export type OperationOwner = 'bank' | 'bank-optional' | 'console'

export interface RouteSpec {
  owner: OperationOwner
  method: OperationMethod
  /** Service-relative; `{name}` is a path parameter (OpenAPI's syntax) whose rule is in `pathParameters`. */
  path: string
  /**
   * Where the operation was before, still answered by our own sandboxes for one release so HAR, Postman and
   * share files made before keep working; deprecated in the OpenAPI document. Same parameters as `path`.
   */
  deprecatedPaths?: readonly string[]
  /** What it does, in plain words: the OpenAPI document's summary, and the console's name for it. */
  summary: string
  /**
   * How a client reads the success answer from any server: the liberal reader (the strict schema where none
   * is needed). What the sandbox sends is the operation's `answer.schema`.
   */
  reader: z.ZodMiniType
}

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
export const noContent = z.undefined()

/** Every route of the operation, once, by the name of its operation in the table. */
export const routes = {
  listCardAccounts: {
    owner: 'bank-optional',
    method: 'GET',
    path: accountsPath,
    summary: 'List the mock card accounts',
    reader: cardAccountListFromServer,
  },
  createCardAccount: {
    owner: 'bank',
    method: 'POST',
    path: accountsPath,
    summary: 'Create a mock card account',
    reader: cardAccountFromServer,
  },
  getCardAccount: {
    owner: 'bank',
    method: 'GET',
    path: accountPath,
    summary: 'Read one mock card account',
    reader: cardAccountFromServer,
  },
  listTransactions: {
    owner: 'bank',
    method: 'GET',
    path: transactionsPath,
    summary: 'List the card transactions of a mock card account',
    reader: cardTransactionsFromServer,
  },
  createTransactions: {
    owner: 'bank',
    method: 'POST',
    path: transactionsPath,
    summary: 'Add transactions to a mock card account',
    reader: transactionsCreatedFromServer,
  },
  settleTransactions: {
    owner: 'console',
    deprecatedPaths: legacy.settlements,
    method: 'POST',
    path: settlementsPath,
    summary: 'Settle pending transactions as booked (sandbox only)',
    reader: settlementAnswerFromServer,
  },
  getSandboxClock: {
    owner: 'console',
    deprecatedPaths: legacy.clock,
    method: 'GET',
    path: clockPath,
    summary: 'Read the sandbox clock (sandbox only)',
    reader: sandboxClockAnswerFromServer,
  },
  setSandboxClock: {
    owner: 'console',
    deprecatedPaths: legacy.clock,
    method: 'POST',
    path: clockPath,
    summary: 'Set the sandbox clock (sandbox only)',
    reader: sandboxClockAnswerFromServer,
  },
  deleteCardAccount: {
    owner: 'console',
    deprecatedPaths: legacy.account,
    method: 'DELETE',
    path: ownAccountPath,
    summary: 'Delete a mock card account and its transactions',
    reader: noContent,
  },
  deleteTransaction: {
    owner: 'console',
    deprecatedPaths: legacy.transaction,
    method: 'DELETE',
    path: transactionPath,
    summary: 'Delete one card transaction of a mock card account',
    reader: noContent,
  },
  summarizeTransactions: {
    owner: 'console',
    deprecatedPaths: legacy.summary,
    method: 'GET',
    path: summaryPath,
    summary: 'Summarise the transactions of a mock card account (sandbox only)',
    reader: transactionsSummaryFromServer,
  },
} as const satisfies Record<string, RouteSpec>

export type OperationName = keyof typeof routes
export type Route = RouteSpec & { name: OperationName }

/** The routes as a list, each with its operation's name. */
export const routeList: readonly Route[] = (Object.entries(routes) as [OperationName, RouteSpec][]).map(
  ([name, route]) => ({ name, ...route }),
)

export type ParamNames<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? Name | ParamNames<Rest>
  : never

/** The path parameters of an operation, by name. */
export type PathParams<N extends OperationName> = Record<ParamNames<(typeof routes)[N]['path']>, string>

/** The service-relative path of an operation, each parameter percent-encoded. */
export function pathTo<N extends OperationName>(
  name: N,
  ...[params]: keyof PathParams<N> extends never ? [] : [PathParams<N>]
): string {
  const values: Record<string, string> = params ?? {}
  return routes[name].path.replace(/\{(\w+)\}/g, (_, param: string) =>
    encodeURIComponent(values[param] ?? ''),
  )
}
