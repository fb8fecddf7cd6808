import type { IDBPTransaction } from 'idb'
import {
  type DaySums,
  daysWithin,
  mergeDays,
  type StoredTransaction,
  type UnreadableRecord,
} from '../../contract'
import { StoreUnreadableError } from '../errors'
import { type DateGroups, groupByDate, type RowPlace, rowsInWindow } from './catalog-page'
import type { Connection, Db } from './indexeddb-connection'
import { damaged, errorText, readFailure } from './indexeddb-errors'
import { catalogsOf, readChecked } from './indexeddb-records'
import {
  accountRange,
  type BlockKey,
  type CatalogRecord,
  decodeAccounts,
  decodeBlock,
  decodeCatalog,
  decodeRecords,
  decodeSums,
  type SandboxDb,
} from './indexeddb-schema'
import type { Generation, SandboxStore } from './store'

/**
 * Blocks read per IndexedDB request when an account is read whole: each slice is read and parsed in one
 * go, and between slices the page gets its turn (a first page to show, a click to answer).
 */
const READ_SLICE = 2

type Reads = Pick<
  SandboxStore,
  'loadAccounts' | 'loadTransactions' | 'countTransactions' | 'generation' | 'salvage'
> &
  Required<Pick<SandboxStore, 'readPage' | 'readDaySums'>>

/** Runs a read, saying in words why when the database fails it. */
type Reading = <T>(read: (db: Db) => Promise<T>) => Promise<T>

/** An account's catalog as read for pages and summaries, with each list's rows grouped by date. */
interface CatalogRead {
  keys: BlockKey[]
  catalogs: CatalogRecord[]
  byDate: { booked: DateGroups; pending: DateGroups }
}

/**
 * The last account a page or a summary read, with the generation it was read at: a brush on the chart
 * reads the same account again, and reading the catalog (or merging the sums) of 100,000 rows was most of
 * that time. Any write, from any tab, replaces the generation, and with it this copy's use.
 */
interface LastRead {
  catalog?: { accountId: string; generation: Generation } & CatalogRead
  sums?: { accountId: string; generation: Generation; days: ReadonlyMap<string, DaySums> }
}

export function indexedDbReads(connection: Connection): Reads {
  const reading: Reading = async (read) => {
    try {
      return await read(await connection.database())
    } catch (error) {
      throw error instanceof StoreUnreadableError ? error : readFailure(error)
    }
  }
  const last: LastRead = {}
  return {
    loadAccounts: () => loadAccounts(reading),
    loadTransactions: (accountId) => loadTransactions(reading, accountId),
    countTransactions: () => countTransactions(reading),
    readPage: (accountId, request) => readPage(reading, last, accountId, request),
    readDaySums: (accountId, window) => readDaySums(reading, last, accountId, window),
    generation: async () => (await (await connection.database()).get('meta', 'generation')) ?? '',
    salvage: () => salvage(connection),
  }
}

async function loadAccounts(reading: Reading) {
  const { keys, values, generation } = await reading(async (db) => {
    const tx = db.transaction(['accounts', 'meta'])
    const [keys, values, generation] = await Promise.all([
      tx.objectStore('accounts').getAllKeys(),
      tx.objectStore('accounts').getAll(),
      tx.objectStore('meta').get('generation'),
    ])
    return { keys, values, generation: generation ?? '' }
  })
  const { accounts, unreadable } = decodeAccounts(keys, values)
  if (unreadable.length > 0) throw damaged(unreadable)
  return { accounts, generation }
}

/**
 * In slices, each its own IndexedDB transaction: a slice that finds another generation than the first
 * (another tab wrote in between) starts the read again, so the rows are of one generation.
 */
async function loadTransactions(reading: Reading, accountId: string) {
  for (;;) {
    const read = await readWhole(reading, accountId)
    if (read === undefined) continue
    if (read.unreadable.length > 0) throw damaged(read.unreadable)
    return { transactions: read.transactions, generation: read.generation }
  }
}

/** The account's rows slice by slice; `undefined` when the store moved to another generation meanwhile. */
async function readWhole(reading: Reading, accountId: string) {
  const transactions: StoredTransaction[] = []
  const unreadable: UnreadableRecord[] = []
  let generation: Generation | undefined
  let after = -Infinity
  for (;;) {
    const slice = await reading(async (db) => {
      const tx = db.transaction(['blocks', 'meta'])
      const range = IDBKeyRange.bound([accountId, after], [accountId, Infinity], true)
      const [keys, values, seen] = await Promise.all([
        tx.objectStore('blocks').getAllKeys(range, READ_SLICE),
        tx.objectStore('blocks').getAll(range, READ_SLICE),
        tx.objectStore('meta').get('generation'),
      ])
      return { keys, values, seen: seen ?? '' }
    })
    if (generation !== undefined && slice.seen !== generation) return undefined
    generation = slice.seen
    slice.values.forEach((value, i) => {
      const decoded = decodeBlock(slice.keys[i] as IDBValidKey, value)
      transactions.push(...decoded.transactions)
      unreadable.push(...decoded.unreadable)
    })
    const lastKey = slice.keys.at(-1)
    if (lastKey === undefined || slice.keys.length < READ_SLICE) break
    after = lastKey[1]
  }
  return { transactions, unreadable, generation: generation ?? '' }
}

async function countTransactions(reading: Reading) {
  const { keys, catalogs } = await reading(async (db) => {
    const catalog = db.transaction('catalog').store
    const [keys, catalogs] = await Promise.all([catalog.getAllKeys(), catalog.getAll()])
    return { keys, catalogs }
  })
  const counts = new Map<string, number>()
  readChecked(keys, catalogs, decodeCatalog).forEach((catalog, i) => {
    const accountId = (keys[i] as BlockKey)[0]
    counts.set(accountId, (counts.get(accountId) ?? 0) + catalog.ids.length)
  })
  return counts
}

/** The account's catalog as of `tx`, read again only when the store was written since the last read. */
async function catalogsRead(
  tx: IDBPTransaction<SandboxDb, ('blocks' | 'catalog' | 'meta')[], 'readonly'>,
  last: LastRead,
  accountId: string,
): Promise<CatalogRead> {
  const generation = (await tx.objectStore('meta').get('generation')) ?? ''
  const known = last.catalog
  if (known?.accountId === accountId && known.generation === generation) return known
  const { keys, catalogs } = await catalogsOf(tx.objectStore('catalog'), accountId)
  const byDate = { booked: groupByDate(catalogs, true), pending: groupByDate(catalogs, false) }
  last.catalog = { accountId, generation, keys, catalogs, byDate }
  return last.catalog
}

async function readPage(
  reading: Reading,
  last: LastRead,
  accountId: string,
  { fromDate, toDate, spans }: Parameters<Reads['readPage']>[1],
) {
  const page = await reading(async (db) => {
    const tx = db.transaction(['blocks', 'catalog', 'meta'])
    const { keys, byDate } = await catalogsRead(tx, last, accountId)
    const window = { fromDate, toDate }
    const rows = {
      booked: rowsInWindow(byDate.booked, window),
      pending: rowsInWindow(byDate.pending, window),
    }
    const counts = { booked: rows.booked.count, pending: rows.pending.count }
    const span = spans(counts)
    const booked = rows.booked.take(span.booked)
    const pending = rows.pending.take(span.pending)
    // Only the blocks the page takes rows of, each read once.
    const wanted = [...new Set([...booked, ...pending].map(({ block }) => block))]
    const blocks = new Map(
      await Promise.all(
        wanted.map(
          async (block) => [block, await tx.objectStore('blocks').get(keys[block] as BlockKey)] as const,
        ),
      ),
    )
    return { keys, blocks, booked, pending, counts }
  })
  const unreadable: UnreadableRecord[] = []
  const decode = (places: readonly RowPlace[]) =>
    places.flatMap(({ block, offset }) => {
      const decoded = decodeBlock(page.keys[block] as IDBValidKey, page.blocks.get(block), [offset])
      unreadable.push(...decoded.unreadable)
      return decoded.transactions
    })
  const result = {
    booked: decode(page.booked),
    pending: decode(page.pending),
    bookedCount: page.counts.booked,
    pendingCount: page.counts.pending,
  }
  if (unreadable.length > 0) throw damaged(unreadable)
  return result
}

async function readDaySums(
  reading: Reading,
  last: LastRead,
  accountId: string,
  window: Parameters<Reads['readDaySums']>[1],
) {
  const days = await reading(async (db) => {
    const tx = db.transaction(['sums', 'meta'])
    const generation = (await tx.objectStore('meta').get('generation')) ?? ''
    const known = last.sums
    if (known?.accountId === accountId && known.generation === generation) return known.days
    const range = accountRange(accountId)
    const [keys, values] = await Promise.all([
      tx.objectStore('sums').getAllKeys(range),
      tx.objectStore('sums').getAll(range),
    ])
    const merged = mergeDays(readChecked(keys, values, decodeSums))
    last.sums = { accountId, generation, days: merged }
    return merged
  })
  return daysWithin(days, window)
}

/** Best effort, never throws: one transaction per object store, so a store that fails to read takes no other. */
async function salvage(connection: Connection) {
  let db: Db
  try {
    db = await connection.database()
  } catch (error) {
    return { data: [], unreadable: [{ problem: (error as StoreUnreadableError).message }] }
  }
  const read = async (store: 'accounts' | 'blocks') => {
    const tx = db.transaction(store)
    const [keys, values] = await Promise.all([tx.store.getAllKeys(), tx.store.getAll()])
    return { keys: keys as IDBValidKey[], values: values as unknown[] }
  }
  const [accounts, blocks] = await Promise.allSettled([read('accounts'), read('blocks')])
  const failed = [
    { store: 'accounts', result: accounts },
    { store: 'blocks', result: blocks },
  ].flatMap(({ store, result }) =>
    result.status === 'rejected'
      ? [{ store, problem: `none of its records could be read: ${errorText(result.reason)}` }]
      : [],
  )
  const salvaged = decodeRecords({
    accountKeys: accounts.status === 'fulfilled' ? accounts.value.keys : [],
    accounts: accounts.status === 'fulfilled' ? accounts.value.values : [],
    blockKeys: blocks.status === 'fulfilled' ? blocks.value.keys : [],
    blocks: blocks.status === 'fulfilled' ? blocks.value.values : [],
  })
  return { data: salvaged.data, unreadable: [...failed, ...salvaged.unreadable] }
}
