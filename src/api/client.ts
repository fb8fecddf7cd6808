import type { z } from 'zod'
import {
  type CardAccountCreateInput,
  cardAccountFromServer,
  cardAccountListFromServer,
  cardTransactionsFromServer,
  headerNames,
  operations,
  pathTo,
  SWAP_AMOUNTS_FIX,
  type TransactionCreateInput,
  type TransactionsParams,
  transactionsCreated,
  transactionsSearchParams,
} from '../contract'
import { ApiError, ContractError } from './errors'
import { API_BASE } from './mode'
import { tamperHeaders } from './tamper'
import type { Transport } from './transport'

export type CardAccountRead = z.output<typeof cardAccountFromServer>
export type TransactionsPage = z.output<typeof cardTransactionsFromServer>
export type CreatedTransactions = z.output<typeof transactionsCreated>

/** Headers a read may need: corporate accounts want PSU-Corporate-ID; `fix` asks for the amount swap. */
export interface ReadOptions {
  corporateId?: string | undefined
  fix?: boolean | undefined
  signal?: AbortSignal | undefined
}

interface Call<S extends z.ZodType> {
  method: 'GET' | 'POST'
  path: string
  schema: S
  what: string
  body?: unknown
  headers?: Record<string, string>
  signal?: AbortSignal | undefined
}

async function call<S extends z.ZodType>(send: Transport, c: Call<S>): Promise<z.output<S>> {
  const headers = new Headers({ ...c.headers, ...tamperHeaders() })
  headers.set(headerNames.requestId, crypto.randomUUID())
  headers.set('accept', 'application/json')
  if (c.body !== undefined) headers.set('content-type', 'application/json')
  const request = new Request(new URL(API_BASE + c.path, location.href), {
    method: c.method,
    headers,
    ...(c.body === undefined ? {} : { body: JSON.stringify(c.body) }),
    ...(c.signal ? { signal: c.signal } : {}),
  })
  const response = await send(request)
  const body: unknown = await response.json()
  if (!response.ok) throw ApiError.fromBody(response.status, body)
  const parsed = c.schema.safeParse(body)
  if (!parsed.success) {
    throw new ContractError(
      c.what,
      parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
    )
  }
  return parsed.data
}

function readHeaders(options: ReadOptions): Record<string, string> {
  return {
    ...(options.corporateId ? { [headerNames.psuCorporateId]: options.corporateId } : {}),
    ...(options.fix ? { [headerNames.acceptFix]: SWAP_AMOUNTS_FIX } : {}),
  }
}

export async function listCardAccounts(
  send: Transport,
  options: ReadOptions = {},
): Promise<CardAccountRead[]> {
  const list = await call(send, {
    method: operations.listCardAccounts.method,
    path: pathTo('listCardAccounts'),
    schema: cardAccountListFromServer,
    what: 'The card account list',
    signal: options.signal,
  })
  return list.cardAccounts
}

export function createCardAccount(send: Transport, body: CardAccountCreateInput): Promise<CardAccountRead> {
  return call(send, {
    method: operations.createCardAccount.method,
    path: pathTo('createCardAccount'),
    schema: cardAccountFromServer,
    what: 'The created card account',
    body,
  })
}

export function listTransactions(
  send: Transport,
  accountId: string,
  params: TransactionsParams,
  options: ReadOptions = {},
): Promise<TransactionsPage> {
  return call(send, {
    method: operations.listTransactions.method,
    path: `${pathTo('listTransactions', { mockCardAccountId: accountId })}?${transactionsSearchParams(params)}`,
    schema: cardTransactionsFromServer,
    what: 'The transaction list',
    headers: readHeaders(options),
    signal: options.signal,
  })
}

export function createTransactions(
  send: Transport,
  accountId: string,
  body: TransactionCreateInput[],
  options: { signal?: AbortSignal | undefined } = {},
): Promise<CreatedTransactions> {
  return call(send, {
    method: operations.createTransactions.method,
    path: pathTo('createTransactions', { mockCardAccountId: accountId }),
    schema: transactionsCreated,
    what: 'The created transactions',
    body,
    signal: options.signal,
  })
}
