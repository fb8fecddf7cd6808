import { type DBSchema, type IDBPDatabase, type IDBPTransaction, type StoreNames, unwrap } from 'idb'
import {
  type CardAccount,
  cardAccount,
  type DaySums,
  problemFromZod,
  type StoredTransaction,
  type SummaryInput,
  storedTransaction,
  sumDays,
  type UnreadableRecord,
} from '../../contract'
import { z } from '../../contract/zod'
import { listDate } from '../transaction-index'
import type { AccountData, Generation, Salvage } from './store'

/**
 * The database's layout, version 4.
 * - accounts: keyed by resourceId; `position` keeps the accounts in creation order.
 * - blocks: an account's transactions in creation order, up to `BLOCK_SIZE` a record, keyed by
 *   [resourceId, block number]: IndexedDB's cost is per record, so 100,000 rows are 100 writes, not
 *   100,000 (docs/benchmarks.md, "Offline at scale"). A delete can leave a block shorter; an append fills
 *   the last block before it starts another.
 * - catalog: per block, under the same key, each row's id, status and list date (bookingDate for a booked
 *   one, transactionDate for a pending one), in the block's order. It is what IndexedDB indexes were
 *   before: the unique-id check of a write, the block that holds an id, and the rows one page of a list
 *   takes, all without reading the transactions themselves.
 * - sums: per block, under the same key, its rows' sums per day (`DaySums`): the chart's summary of any
 *   window merges a few records per block instead of summing every row.
 *   Each write puts a block, its catalog record and its sums record together.
 * - meta: the generation, replaced by every write, so an engine can tell that another tab wrote.
 * Versions 1 to 3 kept one record per transaction in `transactions` (version 1 the bare transaction and
 * no meta; version 2 added a unique id index, version 3 two date indexes).
 */
export interface SandboxDb extends DBSchema {
  accounts: { key: string; value: AccountRecord }
  blocks: { key: BlockKey; value: BlockRecord }
  catalog: { key: BlockKey; value: CatalogRecord }
  sums: { key: BlockKey; value: Map<string, DaySums> }
  meta: { key: 'generation'; value: Generation }
}

export const DB_VERSION = 4
/** Rows per block: writes and reads of 100,000 rows take about a second (docs/benchmarks.md). */
export const BLOCK_SIZE = 1_000

export type BlockKey = [accountId: string, block: number]
export type AccountRecord = { position: number; account: CardAccount }
export type BlockRecord = { accountId: string; transactions: StoredTransaction[] }
/** Per row of a block, in its order: what writes and pages need of it. */
export type CatalogRecord = {
  ids: string[]
  booked: boolean[]
  /** The date its list filters it by: bookingDate (else transactionDate) when booked, else transactionDate. */
  dates: string[]
}
const CATALOG_LISTS = { ids: 'string', booked: 'boolean', dates: 'string' } as const

export const newGeneration = (): Generation => crypto.randomUUID()

/** A stored row's list date, where it has one: rows of an older version may be damaged. */
const listDateOf = (row: Record<string, unknown>) => {
  const date = listDate(row)
  return typeof date === 'string' ? date : undefined
}

/** Cuts an account's rows, oldest first, into blocks numbered from `first`. */
export function toBlocks<T>(rows: readonly T[], first = 0): { block: number; rows: T[] }[] {
  const blocks: { block: number; rows: T[] }[] = []
  for (let start = 0; start < rows.length; start += BLOCK_SIZE) {
    blocks.push({ block: first + start / BLOCK_SIZE, rows: rows.slice(start, start + BLOCK_SIZE) })
  }
  return blocks
}

/** Every key of the account's blocks (or catalog records). */
export const accountRange = (accountId: string) =>
  IDBKeyRange.bound([accountId, -Infinity], [accountId, Infinity])

type UpgradeTransaction = IDBPTransaction<SandboxDb, StoreNames<SandboxDb>[], 'versionchange'>

/** Brings a database of any older version to the current one in place, keeping every record. */
export async function upgradeDatabase(
  db: IDBPDatabase<SandboxDb>,
  oldVersion: number,
  tx: UpgradeTransaction,
): Promise<void> {
  if (oldVersion < 1) db.createObjectStore('accounts')
  if (oldVersion < 2) db.createObjectStore('meta')
  db.createObjectStore('blocks')
  db.createObjectStore('catalog')
  db.createObjectStore('sums')
  if (oldVersion < 1) return
  // The one record per transaction of versions 1 to 3, which this version's schema type no longer names.
  const old = unwrap(tx).objectStore('transactions')
  const [keys, values] = await Promise.all([
    request<[string, number][]>(old.getAllKeys()),
    request<unknown[]>(old.getAll()),
  ])
  const records =
    oldVersion < 2
      ? wrapV1Transactions(keys, values)
      : keys.map((key, i) => ({ key, record: values[i] as { accountId?: unknown; transaction?: unknown } }))
  db.deleteObjectStore('transactions' as StoreNames<SandboxDb>)
  // In key order, so each account's rows keep their creation order. A record that does not name its key's
  // account keeps its wrapper: reading reports it, as it did before.
  const byAccount = new Map<string, unknown[]>()
  for (const { key, record } of records) {
    const rows = byAccount.get(key[0]) ?? []
    rows.push(isRecordOf(record, key[0]) ? record.transaction : record)
    byAccount.set(key[0], rows)
  }
  const writes: Promise<unknown>[] = []
  for (const [accountId, rows] of byAccount) {
    for (const { block, rows: transactions } of toBlocks(rows)) {
      const stored = transactions as StoredTransaction[]
      writes.push(tx.objectStore('blocks').put({ accountId, transactions: stored }, [accountId, block]))
      writes.push(tx.objectStore('catalog').put(catalogOf(transactions), [accountId, block]))
      writes.push(tx.objectStore('sums').put(sumsOf(transactions), [accountId, block]))
    }
  }
  if (oldVersion < 2) writes.push(tx.objectStore('meta').put(newGeneration(), 'generation'))
  await Promise.all(writes)
}

const isRecordOf = (record: unknown, accountId: string): record is { transaction: unknown } =>
  typeof record === 'object' && record !== null && (record as { accountId?: unknown }).accountId === accountId

/**
 * The catalog record of a block's rows. Rows of an older version may be damaged: what is not a string
 * id or date counts as none, and reading the block reports the row.
 */
export function catalogOf(rows: readonly unknown[]): CatalogRecord {
  const fields = rows.map((row) =>
    typeof row === 'object' && row !== null ? (row as Record<string, unknown>) : {},
  )
  const text = (value: unknown) => (typeof value === 'string' ? value : '')
  return {
    ids: fields.map(({ cardTransactionId }) => text(cardTransactionId)),
    booked: fields.map(({ bookingStatus }) => bookingStatus === 'booked'),
    dates: fields.map((row) => listDateOf(row) ?? ''),
  }
}

/**
 * The sums record of a block's rows: its rows' sums per day, for the chart's summary without reading the
 * rows. A row without a date to place it is left out, as the summary leaves it out; a damaged row counts
 * as what it holds.
 */
export function sumsOf(rows: readonly unknown[]): Map<string, DaySums> {
  const inputs: SummaryInput[] = []
  for (const row of rows) {
    if (typeof row !== 'object' || row === null) continue
    const fields = row as Record<string, unknown>
    const date = listDateOf(fields)
    if (date === undefined) continue
    const amount = (
      typeof fields.transactionAmount === 'object' && fields.transactionAmount !== null
        ? fields.transactionAmount
        : {}
    ) as Record<string, unknown>
    const text = (value: unknown) => (typeof value === 'string' ? value : '')
    inputs.push({
      status: fields.bookingStatus === 'booked' ? 'booked' : 'pending',
      date,
      currency: text(amount.currency),
      amount: text(amount.amount),
      merchantCategoryCode: text(fields.merchantCategoryCode),
    })
  }
  return sumDays(inputs)
}

const request = <T>(req: IDBRequest): Promise<T> =>
  new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result as T)
    req.onerror = () => reject(req.error)
  })

/**
 * Version 1's transaction records, each wrapped with its account's id. Two tabs writing at once could
 * store one id twice in an account, which no later version allows, so each later duplicate gets the
 * id the engine would have given it: the next free `ct-N`. Records that are not transactions are
 * wrapped as they are, and reading reports them.
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
const blockRecord = z.strictObject({ accountId: z.string(), transactions: z.array(z.unknown()) })

export interface RawRecords {
  accountKeys: readonly IDBValidKey[]
  accounts: readonly unknown[]
  blockKeys: readonly IDBValidKey[]
  blocks: readonly unknown[]
}

/**
 * Every record read with the contract: those that parse as the engine's data, accounts in creation
 * order and each one's transactions in key order; the others, and blocks whose account is missing or
 * unreadable, raw with why.
 */
export function decodeRecords(raw: RawRecords): Salvage {
  const { accounts, unreadable } = decodeAccounts(raw.accountKeys, raw.accounts)
  const byAccount = new Map<string, AccountData>(
    accounts.map((account) => [account.resourceId, { account, transactions: [] }]),
  )
  raw.blocks.forEach((value, i) => {
    const key = raw.blockKeys[i] as IDBValidKey
    const accountId = Array.isArray(key) ? key[0] : undefined
    const entry = typeof accountId === 'string' ? byAccount.get(accountId) : undefined
    if (!entry) {
      const problem = `its card account ${String(accountId)} is missing or unreadable`
      unreadable.push(unreadableRecord('blocks', key, problem, value))
      return
    }
    const decoded = decodeBlock(key, value)
    entry.transactions.push(...decoded.transactions)
    unreadable.push(...decoded.unreadable)
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

/**
 * One block read with the contract: the transactions that parse, in order, and the others raw with why,
 * each keyed by its block's key and its place in it. A block that is not one names only itself.
 */
export function decodeBlock(
  key: IDBValidKey,
  value: unknown,
  /** Only these rows, in this order; all by default. */
  offsets?: readonly number[],
): { transactions: StoredTransaction[]; unreadable: UnreadableRecord[] } {
  const parsed = blockRecord.safeParse(value)
  if (!parsed.success) {
    return { transactions: [], unreadable: [unreadableRecord('blocks', key, issues(parsed.error), value)] }
  }
  const { accountId, transactions: rows } = parsed.data
  if (!Array.isArray(key) || accountId !== key[0]) {
    const problem = `the block names card account ${accountId}, not its key's`
    return { transactions: [], unreadable: [unreadableRecord('blocks', key, problem, value)] }
  }
  const transactions: StoredTransaction[] = []
  const unreadable: UnreadableRecord[] = []
  for (const offset of offsets ?? rows.keys()) {
    const row = rows[offset]
    const transaction = storedTransaction.safeParse(row)
    if (transaction.success) transactions.push(transaction.data)
    else unreadable.push(unreadableRecord('blocks', [...key, offset], issues(transaction.error), row))
  }
  return { transactions, unreadable }
}

/** A record read with its shape checked, or why it cannot be. */
export type Decoded<T> = { ok: true; value: T } | { ok: false; unreadable: UnreadableRecord }

/**
 * A catalog record read with its shape checked, or why it cannot be. By hand rather than with zod:
 * every write reads the account's whole catalog, 100,000 entries a list, and zod checks each element.
 */
export function decodeCatalog(key: IDBValidKey, value: unknown): Decoded<CatalogRecord> {
  const problem = catalogProblem(value)
  return problem === undefined
    ? { ok: true, value: value as CatalogRecord }
    : { ok: false, unreadable: unreadableRecord('catalog', key, problem, value) }
}

/**
 * A block's sums record read with its shape checked, or why it cannot be. By hand, as the catalog: zod's
 * maps and BigInts would add their code to the console's first load for this one check.
 */
export function decodeSums(key: IDBValidKey, value: unknown): Decoded<Map<string, DaySums>> {
  const problem = sumsProblem(value)
  return problem === undefined
    ? { ok: true, value: value as Map<string, DaySums> }
    : { ok: false, unreadable: unreadableRecord('sums', key, problem, value) }
}

function sumsProblem(value: unknown): string | undefined {
  if (!(value instanceof Map)) return 'not a map of days'
  const isCount = (n: unknown) => Number.isInteger(n) && (n as number) >= 0
  const mapOf = (map: unknown, entry: (value: unknown) => boolean) =>
    map instanceof Map && [...map].every(([k, v]) => typeof k === 'string' && entry(v))
  const isTally = (tally: unknown) => {
    const { count, sums } = (tally ?? {}) as Record<string, unknown>
    return isCount(count) && mapOf(sums, (sum) => typeof sum === 'bigint')
  }
  const isTotal = (total: unknown) => {
    const { count, in: income, out } = (total ?? {}) as Record<string, unknown>
    return isCount(count) && typeof income === 'bigint' && typeof out === 'bigint'
  }
  for (const [date, day] of value) {
    const d = (day ?? {}) as Record<string, unknown>
    const whole =
      typeof date === 'string' &&
      isCount(d.count) &&
      isTally(d.booked) &&
      isTally(d.pending) &&
      mapOf(d.totals, isTotal) &&
      mapOf(d.categories, isTally) &&
      isCount(d.unreadableAmounts)
    if (!whole) return `the sums of ${JSON.stringify(jsonSafe(date))} are not sums of a day`
  }
  return undefined
}

function catalogProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return 'not an object'
  const lists = value as Partial<Record<keyof CatalogRecord, unknown>>
  let length: number | undefined
  for (const [name, type] of Object.entries(CATALOG_LISTS)) {
    const list = lists[name as keyof CatalogRecord]
    if (!Array.isArray(list) || !list.every((item) => typeof item === type)) {
      return `${name}: not a list of ${type}s`
    }
    if (length !== undefined && list.length !== length) return 'its lists are of different lengths'
    length = list.length
  }
  return undefined
}

function unreadableRecord(
  store: string,
  key: IDBValidKey,
  problem: string,
  record: unknown,
): UnreadableRecord {
  return { store, key: jsonSafe(key), problem, record: jsonSafe(record) }
}

function issues(error: z.core.$ZodError): string {
  return problemFromZod(error)
    .messages.map((message) => message.text)
    .join('; ')
}

/**
 * A stored value as JSON can carry it: IndexedDB keeps what JSON cannot (cycles, BigInt, Map, binary),
 * and a damaged store may hold any of it.
 */
export function jsonSafe(value: unknown, seen = new WeakSet<object>()): unknown {
  if (typeof value !== 'object' || value === null) return jsonSafeScalar(value)
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

/** A value that is not an object: a BigInt, a non-finite number or a value JSON drops, as words or null. */
function jsonSafeScalar(value: unknown): unknown {
  if (typeof value === 'bigint') return `${value}n`
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value)
  if (typeof value === 'undefined' || typeof value === 'function' || typeof value === 'symbol') return null
  return value
}
