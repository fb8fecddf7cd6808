import {
  API_BASE,
  type CardAccountCreateInput,
  headerNames,
  type OperationName,
  pathTo,
  routes,
  type SandboxClockState,
  type SettlementRequestInput,
  SWAP_AMOUNTS_FIX,
  type TransactionCreateInput,
  type TransactionsParams,
  type TransactionsSummaryQuery,
  transactionsSearchParams,
} from '../contract'
import type { z } from '../contract/zod'
import { ApiError } from './errors'
import { readBody } from './json'
import { apiPathOfHref } from './links'
import { type Creation, type Reading, readCreated, readWith } from './reading'
import type { Transport } from './transport'

/** What a client reads from a sandbox: the operation table's liberal reader schemas. */
type ReaderOf<N extends OperationName> = (typeof routes)[N]['reader']
export type CardAccountRead = z.output<ReaderOf<'getCardAccount'>>
export type TransactionsPage = z.output<ReaderOf<'listTransactions'>>
export type CreatedTransactions = z.output<ReaderOf<'createTransactions'>>
export type SandboxClockRead = z.output<ReaderOf<'getSandboxClock'>>
export type SettlementRead = z.output<ReaderOf<'settleTransactions'>>
export type TransactionsSummaryRead = z.output<ReaderOf<'summarizeTransactions'>>

/**
 * Headers a read may need: corporate accounts want PSU-Corporate-ID (their writes too: `WriteOptions`);
 * `fix` asks for the amount swap.
 */
export interface ReadOptions {
  corporateId?: string | undefined
  fix?: boolean | undefined
  signal?: AbortSignal | undefined
}

/** A write to an account: a corporate one wants PSU-Corporate-ID (spec §5.5). */
export interface WriteOptions {
  corporateId?: string | undefined
  signal?: AbortSignal | undefined
}

interface Call {
  method: 'GET' | 'POST' | 'DELETE'
  /** Under /api: the console's own path to the operation. */
  apiPath: string
  body?: unknown
  headers?: Record<string, string>
  signal?: AbortSignal | undefined
}

interface Answer {
  response: Response
  text: string
}

/**
 * Sends one request of the operation. An error status throws an ApiError (the sandbox's messages, or the
 * body as it came); a success is returned as text for the caller's reader, which never throws.
 */
async function exchange(send: Transport, c: Call): Promise<Answer> {
  const headers = new Headers(c.headers)
  headers.set(headerNames.requestId, crypto.randomUUID())
  headers.set('accept', 'application/json')
  if (c.body !== undefined) headers.set('content-type', 'application/json')
  const request = new Request(new URL(c.apiPath, location.href), {
    method: c.method,
    headers,
    // What the console sends is strict: plain JSON of a body the contract's schemas accepted.
    ...(c.body === undefined ? {} : { body: JSON.stringify(c.body) }),
    ...(c.signal ? { signal: c.signal } : {}),
  })
  const response = await send(request)
  const text = await response.text()
  if (!response.ok) throw ApiError.fromText(response.status, text, response.headers)
  return { response, text }
}

const apiPath = (servicePath: string) => `${API_BASE}${servicePath}`

function readHeaders(options: ReadOptions): Record<string, string> {
  return {
    ...(options.corporateId ? { [headerNames.psuCorporateId]: options.corporateId } : {}),
    ...(options.fix ? { [headerNames.acceptFix]: SWAP_AMOUNTS_FIX } : {}),
  }
}

/** A read of the operation `name`, its answer through its route's reader. */
async function read<S extends z.ZodMiniType>(
  send: Transport,
  { method, reader }: { method: Call['method']; reader: S },
  c: Omit<Call, 'method'>,
): Promise<Reading<z.output<S>>> {
  const { text } = await exchange(send, { ...c, method })
  return readWith(reader, readBody(text))
}

/** A create: its 201 through its route's reader, with `Location`; no body is a success too. */
async function create<S extends z.ZodMiniType>(
  send: Transport,
  { method, reader }: { method: Call['method']; reader: S },
  c: Omit<Call, 'method'>,
): Promise<Creation<z.output<S>>> {
  const { response, text } = await exchange(send, { ...c, method })
  const location = response.headers.get(headerNames.location) ?? undefined
  return readCreated(reader, readBody(text), location)
}

export async function listCardAccounts(
  send: Transport,
  options: ReadOptions = {},
): Promise<Reading<CardAccountRead[]>> {
  const list = await read(send, routes.listCardAccounts, {
    apiPath: apiPath(pathTo('listCardAccounts')),
    headers: readHeaders({ corporateId: options.corporateId }),
    signal: options.signal,
  })
  return list.kind === 'read' ? { ...list, value: list.value.cardAccounts } : list
}

export function getCardAccount(
  send: Transport,
  accountId: string,
  options: ReadOptions = {},
): Promise<Reading<CardAccountRead>> {
  return read(send, routes.getCardAccount, {
    apiPath: apiPath(pathTo('getCardAccount', { mockCardAccountId: accountId })),
    headers: readHeaders({ corporateId: options.corporateId }),
    signal: options.signal,
  })
}

/** `headers`: the fixes asked for (`accept-fix`). */
export function createCardAccount(
  send: Transport,
  body: CardAccountCreateInput,
  headers: Record<string, string> = {},
): Promise<Creation<CardAccountRead>> {
  return create(send, routes.createCardAccount, {
    apiPath: apiPath(pathTo('createCardAccount')),
    body,
    headers,
  })
}

/** The /api path of a page of an account's transactions: what the console sends, and finds in its log. */
export function transactionsApiPath(accountId: string, params: TransactionsParams): string {
  const path = pathTo('listTransactions', { mockCardAccountId: accountId })
  return apiPath(`${path}?${transactionsSearchParams(params)}`)
}

export function listTransactions(
  send: Transport,
  accountId: string,
  params: TransactionsParams,
  options: ReadOptions = {},
): Promise<Reading<TransactionsPage>> {
  return read(send, routes.listTransactions, {
    apiPath: transactionsApiPath(accountId, params),
    headers: readHeaders(options),
    signal: options.signal,
  })
}

/** A page a sandbox linked to (`_links.next` ...), reached through the console's own /api. */
export function followTransactionsLink(
  send: Transport,
  href: string,
  options: ReadOptions = {},
): Promise<Reading<TransactionsPage>> {
  const path = apiPathOfHref(href)
  if (path === undefined) {
    return Promise.reject(
      new Error(`The link ${href} does not lead into the sandbox's paths (/v1/sandbox/...)`),
    )
  }
  return read(send, routes.listTransactions, {
    apiPath: path,
    headers: readHeaders(options),
    signal: options.signal,
  })
}

export function createTransactions(
  send: Transport,
  accountId: string,
  body: TransactionCreateInput[],
  options: WriteOptions = {},
): Promise<Creation<CreatedTransactions>> {
  return create(send, routes.createTransactions, {
    apiPath: apiPath(pathTo('createTransactions', { mockCardAccountId: accountId })),
    body,
    headers: readHeaders({ corporateId: options.corporateId }),
    signal: options.signal,
  })
}

/** Counts and sums of a date window (sandbox only: a bank answers 404, 405 or 501). */
export function summarizeTransactions(
  send: Transport,
  accountId: string,
  query: TransactionsSummaryQuery,
  options: ReadOptions = {},
): Promise<Reading<TransactionsSummaryRead>> {
  const search = new URLSearchParams()
  if (query.fromDate) search.set('fromDate', query.fromDate)
  if (query.toDate) search.set('toDate', query.toDate)
  if (query.bucket) search.set('bucket', query.bucket)
  const path = pathTo('summarizeTransactions', { mockCardAccountId: accountId })
  return read(send, routes.summarizeTransactions, {
    apiPath: apiPath(`${path}${search.size > 0 ? `?${search}` : ''}`),
    headers: readHeaders({ corporateId: options.corporateId }),
    signal: options.signal,
  })
}

/** The sandbox's own clock (sandbox only: a bank answers 404, 405 or 501). */
export function getSandboxClock(
  send: Transport,
  options: { signal?: AbortSignal | undefined } = {},
): Promise<Reading<SandboxClockRead>> {
  return read(send, routes.getSandboxClock, {
    apiPath: apiPath(pathTo('getSandboxClock')),
    signal: options.signal,
  })
}

export function setSandboxClock(
  send: Transport,
  body: SandboxClockState,
): Promise<Reading<SandboxClockRead>> {
  return read(send, routes.setSandboxClock, { apiPath: apiPath(pathTo('setSandboxClock')), body })
}

/** Books pending transactions of an account (sandbox only). */
export function settleTransactions(
  send: Transport,
  accountId: string,
  body: SettlementRequestInput,
  options: WriteOptions = {},
): Promise<Reading<SettlementRead>> {
  return read(send, routes.settleTransactions, {
    apiPath: apiPath(pathTo('settleTransactions', { mockCardAccountId: accountId })),
    body,
    headers: readHeaders({ corporateId: options.corporateId }),
    signal: options.signal,
  })
}

/** The console's own sandbox only (docs/decisions.md#deleting): a 204, nothing to read. */
export async function deleteCardAccount(
  send: Transport,
  accountId: string,
  options: WriteOptions = {},
): Promise<void> {
  await exchange(send, {
    method: routes.deleteCardAccount.method,
    apiPath: apiPath(pathTo('deleteCardAccount', { mockCardAccountId: accountId })),
    headers: readHeaders({ corporateId: options.corporateId }),
    signal: options.signal,
  })
}

export async function deleteTransaction(
  send: Transport,
  accountId: string,
  cardTransactionId: string,
  options: WriteOptions = {},
): Promise<void> {
  await exchange(send, {
    method: routes.deleteTransaction.method,
    apiPath: apiPath(pathTo('deleteTransaction', { mockCardAccountId: accountId, cardTransactionId })),
    headers: readHeaders({ corporateId: options.corporateId }),
    signal: options.signal,
  })
}
