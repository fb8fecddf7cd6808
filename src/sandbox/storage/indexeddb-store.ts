import { deleteDB, type IDBPDatabase, openDB, unwrap } from 'idb'
import type { StoredTransaction, UnreadableRecord } from '../../contract'
import { DuplicateTransactionIdError, StoreUnreadableError } from '../errors'
import {
  BOOKING_DATE_INDEX,
  DB_VERSION,
  decodeAccounts,
  decodeRecords,
  decodeTransaction,
  newGeneration,
  type SandboxDb,
  TRANSACTION_DATE_INDEX,
  TRANSACTION_ID_INDEX,
  type TransactionRecord,
  upgradeDatabase,
} from './indexeddb-schema'
import type { AccountData, Generation, SandboxStore, StoredPage } from './store'
import { writeLock } from './write-lock'

export interface IndexedDbStore extends SandboxStore {
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
 * Transactions read per IndexedDB request when an account is read whole: each slice is read and
 * parsed in one go, and between slices the page gets its turn (a first page to show, a click to answer).
 */
const READ_SLICE = 2_000

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
            const tx = db.transaction(['transactions', 'meta'])
            const range = IDBKeyRange.bound([accountId, after], [accountId, Infinity], true)
            const [keys, values, seen] = await Promise.all([
              tx.objectStore('transactions').getAllKeys(range, READ_SLICE),
              tx.objectStore('transactions').getAll(range, READ_SLICE),
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
            const decoded = decodeTransaction(slice.keys[i] as IDBValidKey, value)
            if (decoded.ok) transactions.push(decoded.transaction)
            else unreadable.push(decoded.unreadable)
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
      return reading(async (db) => {
        const tx = db.transaction(['accounts', 'transactions'])
        const ids = await tx.objectStore('accounts').getAllKeys()
        const counts = await Promise.all(
          ids.map((id) =>
            tx.objectStore('transactions').count(IDBKeyRange.bound([id, -Infinity], [id, Infinity])),
          ),
        )
        return new Map(ids.map((id, i) => [id, counts[i] ?? 0]))
      })
    },

    async readPage(accountId, { fromDate, toDate, spans }) {
      const page = await reading(async (db) => {
        const tx = db.transaction('transactions')
        const byBookingDate = tx.store.index(BOOKING_DATE_INDEX)
        const byTransactionDate = tx.store.index(TRANSACTION_DATE_INDEX)
        // Dates are ISO strings: '' sorts before every one, '\uffff' after.
        const window = (status: string) =>
          IDBKeyRange.bound([accountId, status, fromDate ?? ''], [accountId, status, toDate ?? '\uffff'])
        const [bookedCount, pendingCount] = await Promise.all([
          byBookingDate.count(window('booked')),
          byTransactionDate.count(window('pending')),
        ])
        const span = spans({ booked: bookedCount, pending: pendingCount })
        const newestFirst = async (
          index: { openCursor(range: IDBKeyRange, direction: 'prev'): Promise<RowCursor | null> },
          range: IDBKeyRange,
          { start, end }: { start: number; end: number },
        ) => {
          const rows: { key: IDBValidKey; value: unknown }[] = []
          if (end <= start) return rows
          let cursor = await index.openCursor(range, 'prev')
          if (cursor && start > 0) cursor = await cursor.advance(start)
          while (cursor && rows.length < end - start) {
            rows.push({ key: cursor.primaryKey, value: cursor.value })
            cursor = await cursor.continue()
          }
          return rows
        }
        const [booked, pending] = await Promise.all([
          newestFirst(byBookingDate, window('booked'), span.booked),
          newestFirst(byTransactionDate, window('pending'), span.pending),
        ])
        return { booked, pending, bookedCount, pendingCount }
      })
      const unreadable: UnreadableRecord[] = []
      const decode = (rows: { key: IDBValidKey; value: unknown }[]) =>
        rows.flatMap(({ key, value }) => {
          const decoded = decodeTransaction(key, value)
          if (decoded.ok) return [decoded.transaction]
          unreadable.push(decoded.unreadable)
          return []
        })
      const result: StoredPage = {
        booked: decode(page.booked),
        pending: decode(page.pending),
        bookedCount: page.bookedCount,
        pendingCount: page.pendingCount,
      }
      if (unreadable.length > 0) throw damaged(unreadable)
      return result
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
      const tx = db.transaction(['transactions', 'meta'], 'readwrite')
      const store = tx.objectStore('transactions')
      const generation = newGeneration()
      await atomic(tx, async (track) => {
        const last = await store.openKeyCursor(
          IDBKeyRange.bound([accountId, -Infinity], [accountId, Infinity]),
          'prev',
        )
        const first = last ? last.key[1] + 1 : 0
        track(
          writeAll(
            unwrap(store),
            'add',
            transactions.map((transaction, i) => [{ accountId, transaction }, [accountId, first + i]]),
            (error, i) => clashAsDuplicate(accountId, transactions[i]?.cardTransactionId ?? '')(error),
          ),
        )
        track(tx.objectStore('meta').put(generation, 'generation'))
      })
      announce()
      return generation
    },

    async replaceTransactions(accountId, changes) {
      const db = await database()
      const tx = db.transaction(['transactions', 'meta'], 'readwrite')
      const store = tx.objectStore('transactions')
      const byId = store.index(TRANSACTION_ID_INDEX)
      const generation = newGeneration()
      await atomic(tx, async (track) => {
        // Every key first: a new id may be one another change of the same write gives up.
        const keys = await Promise.all(changes.map(({ from }) => byId.getKey([accountId, from])))
        for (const [i, key] of keys.entries()) {
          if (key === undefined)
            throw new Error(`no transaction ${changes[i]?.from} in card account ${accountId}`)
          track(store.delete(key))
        }
        for (const [i, key] of keys.entries()) {
          const transaction = changes[i]?.to
          if (key === undefined || transaction === undefined) continue
          track(
            store
              .put({ accountId, transaction }, key)
              .catch(clashAsDuplicate(accountId, transaction.cardTransactionId)),
          )
        }
        track(tx.objectStore('meta').put(generation, 'generation'))
      })
      announce()
      return generation
    },

    async deleteTransaction(accountId, cardTransactionId) {
      const db = await database()
      const tx = db.transaction(['transactions', 'meta'], 'readwrite')
      const generation = newGeneration()
      await atomic(tx, async (track) => {
        const key = await tx
          .objectStore('transactions')
          .index(TRANSACTION_ID_INDEX)
          .getKey([accountId, cardTransactionId])
        if (key !== undefined) track(tx.objectStore('transactions').delete(key))
        track(tx.objectStore('meta').put(generation, 'generation'))
      })
      announce()
      return generation
    },

    async deleteAccount(accountId) {
      const db = await database()
      const tx = db.transaction(['accounts', 'transactions', 'meta'], 'readwrite')
      const generation = newGeneration()
      await atomic(tx, (track) => {
        // The accounts after it keep their positions: a gap keeps the order.
        track(tx.objectStore('accounts').delete(accountId))
        track(
          tx
            .objectStore('transactions')
            .delete(IDBKeyRange.bound([accountId, -Infinity], [accountId, Infinity])),
        )
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
      const read = async (store: 'accounts' | 'transactions') => {
        const tx = db.transaction(store)
        const [keys, values] = await Promise.all([tx.store.getAllKeys(), tx.store.getAll()])
        return { keys: keys as IDBValidKey[], values: values as unknown[] }
      }
      const [accounts, transactions] = await Promise.allSettled([read('accounts'), read('transactions')])
      const failed = [
        { store: 'accounts', result: accounts },
        { store: 'transactions', result: transactions },
      ].flatMap(({ store, result }) =>
        result.status === 'rejected'
          ? [{ store, problem: `none of its records could be read: ${errorText(result.reason)}` }]
          : [],
      )
      const salvage = decodeRecords({
        accountKeys: accounts.status === 'fulfilled' ? accounts.value.keys : [],
        accounts: accounts.status === 'fulfilled' ? accounts.value.values : [],
        transactionKeys: transactions.status === 'fulfilled' ? transactions.value.keys : [],
        transactions: transactions.status === 'fulfilled' ? transactions.value.values : [],
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

/** Clears both object stores and writes `data`, in one transaction that reads nothing. */
async function replace(db: Db, data: readonly AccountData[]): Promise<Generation> {
  const tx = db.transaction(['accounts', 'transactions', 'meta'], 'readwrite')
  const accounts = tx.objectStore('accounts')
  const transactions = tx.objectStore('transactions')
  const generation = newGeneration()
  await atomic(tx, (track) => {
    track(accounts.clear())
    track(transactions.clear())
    data.forEach(({ account, transactions: list }, position) => {
      track(accounts.put({ position, account }, account.resourceId))
      const accountId = account.resourceId
      track(
        writeAll(
          unwrap(transactions),
          'put',
          list.map((transaction, sequence) => [{ accountId, transaction }, [accountId, sequence]]),
          (error) => {
            throw error
          },
        ),
      )
    })
    track(tx.objectStore('meta').put(generation, 'generation'))
  })
  return generation
}

/**
 * Writes many transaction records with the plain IndexedDB requests, settled by one promise: idb wraps
 * every request in a promise and two listeners, and even one handler per request costs as much as a
 * third of the writes for 100,000 rows. Requests on one store complete in order, so the last one's success
 * means all succeeded; a failure reaches the transaction's error event, and rejects with `failure`'s
 * error for that request (the transaction aborts).
 */
function writeAll(
  store: IDBObjectStore,
  method: 'add' | 'put',
  records: readonly (readonly [TransactionRecord, [string, number]])[],
  failure: (error: unknown, index: number) => never,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const requests: IDBRequest[] = []
    store.transaction.addEventListener(
      'error',
      (event) => {
        const request = event.target as IDBRequest
        try {
          failure(request.error, requests.indexOf(request))
        } catch (error) {
          reject(error)
        }
      },
      { once: true },
    )
    for (const [value, key] of records) requests.push(store[method](value, key))
    const last = requests.at(-1)
    if (last === undefined) resolve()
    else last.addEventListener('success', () => resolve())
  })
}

/** What a page read needs of an index cursor, whichever index it walks. */
interface RowCursor {
  primaryKey: IDBValidKey
  value: unknown
  advance(count: number): Promise<RowCursor | null>
  continue(): Promise<RowCursor | null>
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
    throw cause?.reason ?? error
  }
}

/** The unique index on account + id refused a write: another writer stored this id in the account already. */
function clashAsDuplicate(accountId: string, cardTransactionId: string) {
  return (error: unknown): never => {
    if (error instanceof DOMException && error.name === 'ConstraintError') {
      throw new DuplicateTransactionIdError(accountId, cardTransactionId)
    }
    throw error
  }
}
