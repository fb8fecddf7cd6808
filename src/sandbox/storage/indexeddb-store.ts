import { deleteDB, type IDBPDatabase, type IDBPTransaction, openDB } from 'idb'
import {
  type DaySums,
  daysWithin,
  mergeDays,
  type StoredTransaction,
  type UnreadableRecord,
} from '../../contract'
import { DuplicateTransactionIdError, isQuotaExceeded, StoreFullError, StoreUnreadableError } from '../errors'
import { type DateGroups, groupByDate, type RowPlace, rowsInWindow } from './catalog-page'
import {
  accountRange,
  BLOCK_SIZE,
  type BlockKey,
  type BlockRecord,
  type CatalogRecord,
  catalogOf,
  DB_VERSION,
  type Decoded,
  decodeAccounts,
  decodeBlock,
  decodeCatalog,
  decodeRecords,
  decodeSums,
  newGeneration,
  type SandboxDb,
  sumsOf,
  toBlocks,
  upgradeDatabase,
} from './indexeddb-schema'
import type { AccountData, Generation, SandboxStore } from './store'
import { writeLock } from './write-lock'

export interface IndexedDbStore extends SandboxStore {
  readPage: NonNullable<SandboxStore['readPage']>
  readDaySums: NonNullable<SandboxStore['readDaySums']>
  onExternalChange(listener: () => void): () => void
  close(): void
}

export interface IndexedDbStoreOptions {
  name?: string
  /** The cross-tab lock manager; by default the browser's Web Locks (`navigator.locks`). */
  locks?: LockManager
}

const CHANGED = 'changed'
/** How many records the error's list names: enough to see the pattern, short enough to read. */
const LISTED_PROBLEMS = 20
/**
 * Blocks read per IndexedDB request when an account is read whole: each slice is read and parsed in one
 * go, and between slices the page gets its turn (a first page to show, a click to answer).
 */
const READ_SLICE = 2

type Db = IDBPDatabase<SandboxDb>

/** An opening database; `blocked` rejects while another tab's older connection keeps it from opening. */
interface Connection {
  opening: Promise<Db>
  blocked: Promise<never>
}

class BlockedError extends StoreUnreadableError {
  constructor() {
    super(
      'Another tab of the console, running a different version, holds the offline data open: reload or close that tab, then try again.',
    )
  }
}

/**
 * The browser's store: one IndexedDB database, so offline data survives reloads. Every write is one
 * IndexedDB transaction (all or nothing) that also replaces the generation, is made under a lock shared
 * by every tab, and is announced on a BroadcastChannel, so engines in other tabs reload instead of
 * answering from stale memory.
 *
 * The database opens on first use, not here: a database that does not open (written by a newer
 * console, or broken) must still let the console start, say what is wrong, and be reset or replaced.
 */
export function openIndexedDbStore({
  name = 'sandbox-console',
  locks,
}: IndexedDbStoreOptions = {}): IndexedDbStore {
  const channel =
    typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(`${name}:changes`)
  const announce = () => channel?.postMessage(CHANGED)
  const exclusive = writeLock(`${name}:write`, locks)
  let connection: Connection | undefined

  function connect(): Connection {
    if (connection) return connection
    let reportBlocked = (_: StoreUnreadableError) => {}
    const blocked = new Promise<never>((_, reject) => {
      reportBlocked = reject
    })
    blocked.catch(() => undefined)
    const opening = openDB<SandboxDb>(name, DB_VERSION, {
      // A failed upgrade aborts its transaction, and so the open, which reports it: nothing else to do here.
      upgrade: (db, oldVersion, _newVersion, tx) =>
        void upgradeDatabase(db, oldVersion, tx).catch(() => undefined),
      // A tab still running an older console holds the database open at its version: say so rather
      // than wait in silence (the open goes on, and succeeds once that tab is gone).
      blocked: () => reportBlocked(new BlockedError()),
      // Another tab upgrades or deletes the database: let it, and open again on the next call.
      blocking: () => {
        void opening.then((db) => db.close())
        if (connection === current) connection = undefined
      },
      terminated: () => {
        if (connection === current) connection = undefined
      },
    })
    const current: Connection = { opening, blocked }
    connection = current
    opening.then(
      () => {
        current.blocked = new Promise<never>(() => {})
      },
      () => {
        if (connection === current) connection = undefined
      },
    )
    return current
  }

  /** The open database, or a `StoreUnreadableError` that says why there is none. */
  async function database(): Promise<Db> {
    const { opening, blocked } = connect()
    try {
      return await Promise.race([opening, blocked])
    } catch (error) {
      if (error instanceof StoreUnreadableError) throw error
      throw openFailure(name, error)
    }
  }

  /** Writes with `write` into the database, or into a new one when the old one does not open at all. */
  async function overwrite(write: (db: Db) => Promise<Generation>): Promise<Generation> {
    let db: Db
    try {
      db = await database()
    } catch (error) {
      if (error instanceof BlockedError) throw error
      // Nothing in it can be read: what replaces it must not depend on reading it.
      await new Promise<void>((resolve, reject) => {
        deleteDB(name, { blocked: () => reject(new BlockedError()) }).then(resolve, reject)
      })
      db = await database()
    }
    const generation = await write(db)
    announce()
    return generation
  }

  /**
   * The last account whose catalog a page read, with the generation it was read at: a brush on the chart
   * reads the same account's page again, and reading the catalog of 100,000 rows was most of that time.
   * Any write, from any tab, replaces the generation, and with it this copy's use.
   */
  let lastCatalog: ({ accountId: string; generation: Generation } & CatalogRead) | undefined

  /**
   * The same for the last account's sums records, read, checked and merged into one sum per day: each
   * block holds every date its rows have, so merging them for each brush's window was most of its summary.
   */
  let lastSums: { accountId: string; generation: Generation; days: ReadonlyMap<string, DaySums> } | undefined

  /** The account's catalog as of `tx`, read again only when the store was written since the last read. */
  async function catalogsRead(
    tx: IDBPTransaction<SandboxDb, ('blocks' | 'catalog' | 'meta')[], 'readonly'>,
    accountId: string,
  ): Promise<CatalogRead> {
    const generation = (await tx.objectStore('meta').get('generation')) ?? ''
    if (lastCatalog?.accountId === accountId && lastCatalog.generation === generation) return lastCatalog
    const { keys, catalogs } = await catalogsOf(tx.objectStore('catalog'), accountId)
    const byDate = { booked: groupByDate(catalogs, true), pending: groupByDate(catalogs, false) }
    lastCatalog = { accountId, generation, keys, catalogs, byDate }
    return lastCatalog
  }

  /** Runs a read, saying in words why when the database fails it. */
  async function reading<T>(read: (db: Db) => Promise<T>): Promise<T> {
    try {
      return await read(await database())
    } catch (error) {
      throw error instanceof StoreUnreadableError ? error : readFailure(error)
    }
  }

  return {
    async loadAccounts() {
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
    },

    async loadTransactions(accountId) {
      // In slices, each its own IndexedDB transaction: a slice that finds another generation than the
      // first (another tab wrote in between) starts the read again, so the rows are of one generation.
      for (;;) {
        const transactions: StoredTransaction[] = []
        const unreadable: UnreadableRecord[] = []
        let generation: Generation | undefined
        let after = -Infinity
        let moved = false
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
          if (generation !== undefined && slice.seen !== generation) {
            moved = true
            break
          }
          generation = slice.seen
          slice.values.forEach((value, i) => {
            const decoded = decodeBlock(slice.keys[i] as IDBValidKey, value)
            transactions.push(...decoded.transactions)
            unreadable.push(...decoded.unreadable)
          })
          const last = slice.keys.at(-1)
          if (last === undefined || slice.keys.length < READ_SLICE) break
          after = last[1]
        }
        if (moved) continue
        if (unreadable.length > 0) throw damaged(unreadable)
        return { transactions, generation: generation ?? '' }
      }
    },

    async countTransactions() {
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
    },

    async readPage(accountId, { fromDate, toDate, spans }) {
      const page = await reading(async (db) => {
        const tx = db.transaction(['blocks', 'catalog', 'meta'])
        const { keys, byDate } = await catalogsRead(tx, accountId)
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
    },

    async readDaySums(accountId, window) {
      const days = await reading(async (db) => {
        const tx = db.transaction(['sums', 'meta'])
        const generation = (await tx.objectStore('meta').get('generation')) ?? ''
        if (lastSums?.accountId === accountId && lastSums.generation === generation) return lastSums.days
        const range = accountRange(accountId)
        const [keys, values] = await Promise.all([
          tx.objectStore('sums').getAllKeys(range),
          tx.objectStore('sums').getAll(range),
        ])
        const merged = mergeDays(readChecked(keys, values, decodeSums))
        lastSums = { accountId, generation, days: merged }
        return merged
      })
      return daysWithin(days, window)
    },

    async generation() {
      return (await (await database()).get('meta', 'generation')) ?? ''
    },

    exclusive,

    async saveAccount(account) {
      const db = await database()
      const tx = db.transaction(['accounts', 'meta'], 'readwrite')
      const accounts = tx.objectStore('accounts')
      const generation = newGeneration()
      await atomic(tx, async (track) => {
        const existing = await accounts.get(account.resourceId)
        // After the last one, not at the count: a deleted account leaves a gap in the positions.
        const position =
          existing?.position ??
          (await accounts.getAll()).reduce((last, record) => Math.max(last, record.position + 1), 0)
        track(accounts.put({ position, account }, account.resourceId))
        track(tx.objectStore('meta').put(generation, 'generation'))
      })
      announce()
      return generation
    },

    async appendTransactions(accountId, transactions) {
      const db = await database()
      const tx = db.transaction(['blocks', 'catalog', 'sums', 'meta'], 'readwrite')
      const blocks = tx.objectStore('blocks')
      const generation = newGeneration()
      await atomic(tx, async (track) => {
        const { keys, catalogs } = await catalogsOf(tx.objectStore('catalog'), accountId)
        const ids = new Set(catalogs.flatMap(({ ids }) => ids))
        for (const { cardTransactionId } of transactions) {
          if (ids.has(cardTransactionId)) throw new DuplicateTransactionIdError(accountId, cardTransactionId)
          ids.add(cardTransactionId)
        }
        // The last block is filled first; its rows are kept as stored.
        const lastKey = keys.at(-1)
        const lastFull = (catalogs.at(-1)?.ids.length ?? BLOCK_SIZE) >= BLOCK_SIZE
        const first = lastKey === undefined ? 0 : lastKey[1] + (lastFull ? 1 : 0)
        const kept = lastKey === undefined || lastFull ? [] : blockRows(lastKey, await blocks.get(lastKey))
        for (const { block, rows } of toBlocks([...kept, ...transactions], first)) {
          track(putBlock(tx, accountId, block, rows))
        }
        track(tx.objectStore('meta').put(generation, 'generation'))
      })
      announce()
      return generation
    },

    async replaceTransactions(accountId, changes) {
      const db = await database()
      const tx = db.transaction(['blocks', 'catalog', 'sums', 'meta'], 'readwrite')
      const generation = newGeneration()
      await atomic(tx, async (track) => {
        const { keys, catalogs } = await catalogsOf(tx.objectStore('catalog'), accountId)
        const places = placesOf(catalogs)
        const ids = new Set(places.keys())
        const located = changes.map((change) => {
          const place = places.get(change.from)
          if (place === undefined)
            throw new Error(`no transaction ${change.from} in card account ${accountId}`)
          ids.delete(change.from)
          return { ...place, to: change.to }
        })
        // Every id given up first: a new id may be one another change of the same write gives up.
        for (const { to } of located) {
          if (ids.has(to.cardTransactionId))
            throw new DuplicateTransactionIdError(accountId, to.cardTransactionId)
          ids.add(to.cardTransactionId)
        }
        for (const block of new Set(located.map((place) => place.block))) {
          const key = keys[block] as BlockKey
          const rows = blockRows(key, await tx.objectStore('blocks').get(key))
          for (const change of located) if (change.block === block) rows[change.offset] = change.to
          track(putBlock(tx, accountId, key[1], rows))
        }
        track(tx.objectStore('meta').put(generation, 'generation'))
      })
      announce()
      return generation
    },

    async deleteTransaction(accountId, cardTransactionId) {
      const db = await database()
      const tx = db.transaction(['blocks', 'catalog', 'sums', 'meta'], 'readwrite')
      const generation = newGeneration()
      await atomic(tx, async (track) => {
        const { keys, catalogs } = await catalogsOf(tx.objectStore('catalog'), accountId)
        const place = placesOf(catalogs).get(cardTransactionId)
        if (place !== undefined) {
          const key = keys[place.block] as BlockKey
          const rows = blockRows(key, await tx.objectStore('blocks').get(key))
          rows.splice(place.offset, 1)
          if (rows.length > 0) track(putBlock(tx, accountId, key[1], rows))
          else {
            track(tx.objectStore('blocks').delete(key))
            track(tx.objectStore('catalog').delete(key))
            track(tx.objectStore('sums').delete(key))
          }
        }
        track(tx.objectStore('meta').put(generation, 'generation'))
      })
      announce()
      return generation
    },

    async deleteAccount(accountId) {
      const db = await database()
      const tx = db.transaction(['accounts', 'blocks', 'catalog', 'sums', 'meta'], 'readwrite')
      const generation = newGeneration()
      await atomic(tx, (track) => {
        // The accounts after it keep their positions: a gap keeps the order.
        track(tx.objectStore('accounts').delete(accountId))
        track(tx.objectStore('blocks').delete(accountRange(accountId)))
        track(tx.objectStore('catalog').delete(accountRange(accountId)))
        track(tx.objectStore('sums').delete(accountRange(accountId)))
        track(tx.objectStore('meta').put(generation, 'generation'))
      })
      announce()
      return generation
    },

    replaceAll(data) {
      return overwrite((db) => replace(db, data))
    },

    clear() {
      return overwrite((db) => replace(db, []))
    },

    async salvage() {
      let db: Db
      try {
        db = await database()
      } catch (error) {
        return { data: [], unreadable: [{ problem: (error as StoreUnreadableError).message }] }
      }
      // One transaction per object store: a store that fails to read must not take the other with it.
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
      const salvage = decodeRecords({
        accountKeys: accounts.status === 'fulfilled' ? accounts.value.keys : [],
        accounts: accounts.status === 'fulfilled' ? accounts.value.values : [],
        blockKeys: blocks.status === 'fulfilled' ? blocks.value.keys : [],
        blocks: blocks.status === 'fulfilled' ? blocks.value.values : [],
      })
      return { data: salvage.data, unreadable: [...failed, ...salvage.unreadable] }
    },

    onExternalChange(listener) {
      const onMessage = (event: MessageEvent) => {
        if (event.data === CHANGED) listener()
      }
      channel?.addEventListener('message', onMessage)
      return () => channel?.removeEventListener('message', onMessage)
    },

    close() {
      channel?.close()
      void connection?.opening.then((db) => db.close()).catch(() => undefined)
      connection = undefined
    },
  }
}

/** An account's catalog as read for pages and summaries, with each list's rows grouped by date. */
interface CatalogRead {
  keys: BlockKey[]
  catalogs: CatalogRecord[]
  byDate: { booked: DateGroups; pending: DateGroups }
}

/** Clears every object store and writes `data`, in one transaction that reads nothing. */
async function replace(db: Db, data: readonly AccountData[]): Promise<Generation> {
  const tx = db.transaction(['accounts', 'blocks', 'catalog', 'sums', 'meta'], 'readwrite')
  const accounts = tx.objectStore('accounts')
  const generation = newGeneration()
  await atomic(tx, (track) => {
    track(accounts.clear())
    track(tx.objectStore('blocks').clear())
    track(tx.objectStore('catalog').clear())
    track(tx.objectStore('sums').clear())
    data.forEach(({ account, transactions }, position) => {
      track(accounts.put({ position, account }, account.resourceId))
      for (const { block, rows } of toBlocks(transactions)) {
        track(putBlock(tx, account.resourceId, block, rows))
      }
    })
    track(tx.objectStore('meta').put(generation, 'generation'))
  })
  return generation
}

type BlockWrite = IDBPTransaction<
  SandboxDb,
  ('blocks' | 'catalog' | 'sums' | 'meta' | 'accounts')[],
  'readwrite'
>

/** Puts a block with its catalog and sums records: the three are never written apart. */
function putBlock(
  tx: BlockWrite,
  accountId: string,
  block: number,
  rows: readonly unknown[],
): Promise<unknown> {
  const key: BlockKey = [accountId, block]
  const transactions = rows as BlockRecord['transactions']
  return Promise.all([
    tx.objectStore('blocks').put({ accountId, transactions }, key),
    tx.objectStore('catalog').put(catalogOf(rows), key),
    tx.objectStore('sums').put(sumsOf(rows), key),
  ])
}

/** The account's catalog records in key order, each checked; a damaged one makes the write fail in words. */
async function catalogsOf(
  catalog: {
    getAllKeys(range: IDBKeyRange): Promise<BlockKey[]>
    getAll(range: IDBKeyRange): Promise<unknown[]>
  },
  accountId: string,
): Promise<{ keys: BlockKey[]; catalogs: CatalogRecord[] }> {
  const range = accountRange(accountId)
  const [keys, values] = await Promise.all([catalog.getAllKeys(range), catalog.getAll(range)])
  return { keys, catalogs: readChecked(keys, values, decodeCatalog) }
}

/** Records checked by `decode` (catalog or sums), or the error that names the damaged ones. */
function readChecked<T>(
  keys: readonly IDBValidKey[],
  values: readonly unknown[],
  decode: (key: IDBValidKey, value: unknown) => Decoded<T>,
): T[] {
  const unreadable: UnreadableRecord[] = []
  const records = values.flatMap((value, i) => {
    const decoded = decode(keys[i] as IDBValidKey, value)
    if (decoded.ok) return [decoded.value]
    unreadable.push(decoded.unreadable)
    return []
  })
  if (unreadable.length > 0) throw damaged(unreadable)
  return records
}

/** Where each id of the account is: its block's index among the catalogs, and its place in the block. */
function placesOf(catalogs: readonly CatalogRecord[]): Map<string, RowPlace> {
  const places = new Map<string, RowPlace>()
  catalogs.forEach(({ ids }, block) => {
    ids.forEach((id, offset) => {
      places.set(id, { block, offset })
    })
  })
  return places
}

/** A stored block's rows as they are, to write back changed; one that is not a block fails in words. */
function blockRows(key: BlockKey, value: unknown): unknown[] {
  const shaped = decodeBlock(key, value, [])
  if (shaped.unreadable.length > 0) throw damaged(shaped.unreadable)
  return [...(value as { transactions: unknown[] }).transactions]
}

/** The error of a read that met records it cannot parse: how many, and the first few with why. */
function damaged(unreadable: readonly UnreadableRecord[]): StoreUnreadableError {
  const count = unreadable.length === 1 ? '1 stored record is' : `${unreadable.length} stored records are`
  return new StoreUnreadableError(
    `The offline data in this browser cannot be read: ${count} damaged (the first: ${recordText(unreadable[0])}).`,
    unreadable.slice(0, LISTED_PROBLEMS).map(recordText),
  )
}

function recordText(record: UnreadableRecord | undefined): string {
  if (!record) return ''
  const where = record.store === undefined ? '' : `${record.store} ${JSON.stringify(record.key)}: `
  return `${where}${record.problem}`
}

function openFailure(name: string, error: unknown): StoreUnreadableError {
  if (error instanceof DOMException && error.name === 'VersionError') {
    return new StoreUnreadableError(
      `The offline data in this browser was written by a newer version of the console, which this one cannot read (database "${name}"). Reload to get the newer console, or reset to start over.`,
    )
  }
  return new StoreUnreadableError(`The offline database "${name}" could not be opened: ${errorText(error)}.`)
}

function readFailure(error: unknown): StoreUnreadableError {
  return new StoreUnreadableError(`The offline data in this browser could not be read: ${errorText(error)}.`)
}

const errorText = (error: unknown) =>
  (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).replace(/\.+$/, '')

/**
 * Issues a transaction's requests and waits for its commit. If anything fails, even a request that
 * throws before it is issued (a value that cannot be cloned), the transaction is aborted, so none of
 * its writes remain. The error thrown is the first request's own, not the abort it caused.
 */
async function atomic(
  tx: { done: Promise<void>; abort(): void },
  issue: (track: (request: Promise<unknown>) => void) => Promise<void> | void,
): Promise<void> {
  const requests: Promise<unknown>[] = []
  try {
    await issue((request) => {
      requests.push(request)
    })
    await Promise.all([tx.done, ...requests])
  } catch (error) {
    try {
      tx.abort()
    } catch {
      // Already finished or aborted: nothing was committed by this call's failure path.
    }
    const settled = await Promise.allSettled([...requests, tx.done])
    const cause = settled.find(
      (result): result is PromiseRejectedResult =>
        result.status === 'rejected' &&
        !(result.reason instanceof DOMException && result.reason.name === 'AbortError'),
    )
    const reason = cause?.reason ?? error
    throw isQuotaExceeded(reason) ? new StoreFullError() : reason
  }
}
