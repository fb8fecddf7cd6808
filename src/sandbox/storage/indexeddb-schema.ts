import type { DBSchema, IDBPDatabase, IDBPTransaction, StoreNames } from 'idb'
import { z } from 'zod'
import {
  type CardAccount,
  cardAccount,
  problemFromZod,
  type StoredTransaction,
  storedTransaction,
  type UnreadableRecord,
} from '../../contract'
import type { AccountData, Generation, Salvage } from './store'

/**
 * The database's layout, version 3.
 * - accounts: keyed by resourceId; `position` keeps the accounts in creation order.
 * - transactions: keyed by [resourceId, sequence], so key order is each account's creation order; the
 *   record names its account so that a unique index can refuse a second transaction with the same id
 *   in one account, whichever tab writes it. Two indexes by account, status and list date (booked ones
 *   by bookingDate, pending ones by transactionDate) let one page of a list be read without the rest
 *   of the account: an index orders equal keys by the record's key, creation order, as the list does.
 * - meta: the generation, replaced by every write, so an engine can tell that another tab wrote.
 * Version 1 had the first two only, with the bare transaction as the record and no index; version 2
 * had no date indexes.
 */
export interface SandboxDb extends DBSchema {
  accounts: { key: string; value: AccountRecord }
  transactions: {
    key: [string, number]
    value: TransactionRecord
    indexes: {
      [TRANSACTION_ID_INDEX]: [string, string]
      [BOOKING_DATE_INDEX]: [string, string, string]
      [TRANSACTION_DATE_INDEX]: [string, string, string]
    }
  }
  meta: { key: 'generation'; value: Generation }
}

export const DB_VERSION = 3
export const TRANSACTION_ID_INDEX = 'accountAndCardTransactionId'
/** Booked transactions by bookingDate: a pending one has none, so the index leaves it out. */
export const BOOKING_DATE_INDEX = 'accountStatusAndBookingDate'
/** Every transaction by status and transactionDate: the pending list reads its 'pending' part. */
export const TRANSACTION_DATE_INDEX = 'accountStatusAndTransactionDate'

export type AccountRecord = { position: number; account: CardAccount }
export type TransactionRecord = { accountId: string; transaction: StoredTransaction }

export const newGeneration = (): Generation => crypto.randomUUID()

type UpgradeTransaction = IDBPTransaction<SandboxDb, StoreNames<SandboxDb>[], 'versionchange'>

/** Brings a database of any older version to the current one in place, keeping every record. */
export async function upgradeDatabase(
  db: IDBPDatabase<SandboxDb>,
  oldVersion: number,
  tx: UpgradeTransaction,
): Promise<void> {
  if (oldVersion < 1) {
    db.createObjectStore('accounts')
    db.createObjectStore('transactions')
  }
  if (oldVersion < 3) {
    // Before version 2's rewrite below, which awaits: an index is created while the upgrade is active,
    // and the rewritten records are indexed as they are put.
    const transactions = tx.objectStore('transactions')
    transactions.createIndex(BOOKING_DATE_INDEX, [
      'accountId',
      'transaction.bookingStatus',
      'transaction.bookingDate',
    ])
    transactions.createIndex(TRANSACTION_DATE_INDEX, [
      'accountId',
      'transaction.bookingStatus',
      'transaction.transactionDate',
    ])
  }
  if (oldVersion < 2) {
    db.createObjectStore('meta')
    const transactions = tx.objectStore('transactions')
    // Created first: version 1's records have no accountId, so none is indexed until rewritten below.
    transactions.createIndex(TRANSACTION_ID_INDEX, ['accountId', 'transaction.cardTransactionId'], {
      unique: true,
    })
    const [keys, values] = await Promise.all([transactions.getAllKeys(), transactions.getAll()])
    const rewritten = wrapV1Transactions(keys, values as unknown[])
    await Promise.all([
      ...rewritten.map(({ key, record }) => transactions.put(record as TransactionRecord, key)),
      tx.objectStore('meta').put(newGeneration(), 'generation'),
    ])
  }
}

/**
 * Version 1's transaction records, each wrapped with its account's id. Two tabs writing at once could
 * store one id twice in an account; the unique index would refuse such a store, so each later
 * duplicate gets the id the engine would have given it: the next free `ct-N`. Records that are not
 * transactions are wrapped as they are: the index skips them, and reading reports them.
 */
export function wrapV1Transactions(
  keys: readonly [string, number][],
  values: readonly unknown[],
): { key: [string, number]; record: { accountId: string; transaction: unknown } }[] {
  const idOf = (value: unknown) =>
    typeof value === 'object' && value !== null && 'cardTransactionId' in value
      ? (value as { cardTransactionId: unknown }).cardTransactionId
      : undefined
  const used = new Map<string, Set<unknown>>()
  const counts = new Map<string, number>()
  keys.forEach(([accountId], i) => {
    const ids = used.get(accountId) ?? new Set()
    ids.add(idOf(values[i]))
    used.set(accountId, ids)
    counts.set(accountId, (counts.get(accountId) ?? 0) + 1)
  })
  const seen = new Map<string, Set<unknown>>()
  const next = new Map<string, number>()
  return keys.map((key, i) => {
    const [accountId] = key
    let transaction = values[i]
    const id = idOf(transaction)
    const account = seen.get(accountId) ?? new Set()
    seen.set(accountId, account)
    if (typeof id === 'string' && account.has(id)) {
      const ids = used.get(accountId) ?? new Set()
      let n = next.get(accountId) ?? (counts.get(accountId) ?? 0) + 1
      while (ids.has(`ct-${n}`)) n++
      const fresh = `ct-${n}`
      next.set(accountId, n + 1)
      ids.add(fresh)
      transaction = { ...(transaction as object), cardTransactionId: fresh }
    }
    account.add(idOf(transaction))
    return { key, record: { accountId, transaction } }
  })
}

const accountRecord = z.strictObject({ position: z.number(), account: cardAccount })
const transactionRecord = z.strictObject({ accountId: z.string(), transaction: storedTransaction })

export interface RawRecords {
  accountKeys: readonly IDBValidKey[]
  accounts: readonly unknown[]
  transactionKeys: readonly IDBValidKey[]
  transactions: readonly unknown[]
}

/**
 * Every record read with the contract: those that parse as the engine's data, accounts in creation
 * order and each one's transactions in key order; the others, and transactions whose account is
 * missing or unreadable, raw with why.
 */
export function decodeRecords(raw: RawRecords): Salvage {
  const { accounts, unreadable } = decodeAccounts(raw.accountKeys, raw.accounts)
  const byAccount = new Map<string, AccountData>(
    accounts.map((account) => [account.resourceId, { account, transactions: [] }]),
  )
  raw.transactions.forEach((value, i) => {
    const key = raw.transactionKeys[i] as IDBValidKey
    const decoded = decodeTransaction(key, value)
    const entry = decoded.ok ? byAccount.get(decoded.accountId) : undefined
    if (!decoded.ok) unreadable.push(decoded.unreadable)
    else if (!entry) {
      unreadable.push(
        unreadableRecord(
          'transactions',
          key,
          `its card account ${decoded.accountId} is missing or unreadable`,
          value,
        ),
      )
    } else entry.transactions.push(decoded.transaction)
  })
  return { data: [...byAccount.values()], unreadable }
}

/** The account records that parse, in creation order; the others raw with why. */
export function decodeAccounts(
  keys: readonly IDBValidKey[],
  values: readonly unknown[],
): { accounts: CardAccount[]; unreadable: UnreadableRecord[] } {
  const unreadable: UnreadableRecord[] = []
  const accounts: AccountRecord[] = []
  values.forEach((value, i) => {
    const key = keys[i] as IDBValidKey
    const parsed = accountRecord.safeParse(value)
    if (!parsed.success) unreadable.push(unreadableRecord('accounts', key, issues(parsed.error), value))
    else if (parsed.data.account.resourceId !== key) {
      unreadable.push(
        unreadableRecord(
          'accounts',
          key,
          `the account's resourceId ${parsed.data.account.resourceId} is not its key`,
          value,
        ),
      )
    } else accounts.push(parsed.data)
  })
  return {
    accounts: accounts.sort((a, b) => a.position - b.position).map(({ account }) => account),
    unreadable,
  }
}

/** One transaction record read with the contract, or why it cannot be. */
export function decodeTransaction(
  key: IDBValidKey,
  value: unknown,
):
  | { ok: true; accountId: string; transaction: StoredTransaction }
  | { ok: false; unreadable: UnreadableRecord } {
  const parsed = transactionRecord.safeParse(value)
  if (!parsed.success) {
    return { ok: false, unreadable: unreadableRecord('transactions', key, issues(parsed.error), value) }
  }
  const { accountId, transaction } = parsed.data
  if (!Array.isArray(key) || accountId !== key[0]) {
    const problem = `the record names card account ${accountId}, not its key's`
    return { ok: false, unreadable: unreadableRecord('transactions', key, problem, value) }
  }
  return { ok: true, accountId, transaction }
}

function unreadableRecord(
  store: string,
  key: IDBValidKey,
  problem: string,
  record: unknown,
): UnreadableRecord {
  return { store, key: jsonSafe(key), problem, record: jsonSafe(record) }
}

function issues(error: z.ZodError): string {
  return problemFromZod(error)
    .messages.map((message) => message.text)
    .join('; ')
}

/**
 * A stored value as JSON can carry it: IndexedDB keeps what JSON cannot (cycles, BigInt, Map, binary),
 * and a damaged store may hold any of it.
 */
export function jsonSafe(value: unknown, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'bigint') return `${value}n`
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value)
  if (typeof value === 'undefined' || typeof value === 'function' || typeof value === 'symbol') return null
  if (typeof value !== 'object' || value === null) return value
  if (seen.has(value)) return '[circular]'
  seen.add(value)
  try {
    if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString()
    if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return `[${value.byteLength} bytes]`
    if (value instanceof Map) return [...value].map(([k, v]) => [jsonSafe(k, seen), jsonSafe(v, seen)])
    if (value instanceof Set || Array.isArray(value)) return [...value].map((v) => jsonSafe(v, seen))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, jsonSafe(v, seen)]))
  } finally {
    seen.delete(value)
  }
}
