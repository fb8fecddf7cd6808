import type { CardAccount, DaySums, IsoDate, StoredTransaction } from '../contract'
import { DuplicateTransactionIdError, isStoreUnreadableError, type StoreUnreadableError } from './errors'
import { serialize } from './serialize'
import type { Settlement } from './settlement'
import type { AccountData, Generation, PageRequest, Salvage, SandboxStore, StoredPage } from './storage/store'
import { AccountIndex } from './transaction-index'

/**
 * The engine's copy of the store at one generation: every account, and the transactions of those it
 * has needed whole (read on first use: listing a page does not need them, summing or writing does).
 * The rules read it; only the repository changes it, in step with the store.
 */
export interface Copy {
  readonly generation: Generation
  /** Every account, in creation order. */
  readonly accounts: ReadonlyMap<string, CardAccount>
  /** Accounts whose transactions were read whole. */
  readonly indexes: ReadonlyMap<string, AccountIndex>
  /** Why an account's transactions could not be read, by account, once tried: the status says so. */
  readonly damage: ReadonlyMap<string, StoreUnreadableError>
}

interface Held {
  generation: Generation
  accounts: Map<string, CardAccount>
  indexes: Map<string, AccountIndex>
  /** Accounts whose transactions are being read, so that two callers share one read. */
  reading: Map<string, Promise<AccountIndex>>
  /** The store's transaction counts, read once for the caps: valid for every account not in `indexes`. */
  counts?: Promise<Map<string, number>>
  damage: Map<string, StoreUnreadableError>
}

/** The store moved to another generation while an account's transactions were read: start again. */
class StaleCopy extends Error {}

export type DateWindow = { fromDate?: IsoDate | undefined; toDate?: IsoDate | undefined }

/**
 * The engine's access to its store: the copy it answers from (caching), when that copy is stale
 * (generations: another tab wrote), and the write queue (one writer at a time, in every tab). No domain
 * rule lives here: the operations decide, the repository reads and stores.
 */
export interface Repository {
  /** Every account, from the copy held (read on first use). */
  accounts(): Promise<CardAccount[]>
  /** The account with the copy that holds it; another tab's new account is looked for too. */
  find(id: string): Promise<{ account: CardAccount; copy: Copy } | undefined>
  /** The store's latest data: read again when another writer (a second tab) wrote since it was read. */
  latest(): Promise<Copy>
  /** The account's transactions, indexed: read from the store the first time they are needed. */
  index(copy: Copy, id: string): Promise<AccountIndex>
  /** Every account's index, in creation order. */
  indexes(copy: Copy): Promise<AccountIndex[]>
  /** Every account's index at the store's latest generation, read again while the store moves on. */
  latestIndexes(): Promise<AccountIndex[]>
  /** How many transactions every account holds, without reading the transactions of those not read yet. */
  count(copy: Copy): Promise<number>
  /**
   * `read` on the account in `copy`, and again on a fresh copy for as long as the store moves on under
   * it; `undefined` once the account is gone (another tab deleted it).
   */
  onAccount<T>(id: string, copy: Copy, read: (copy: Copy) => Promise<T>): Promise<T | undefined>
  /**
   * One page of the account's list: from the copy once the account was read whole, else from the store
   * itself when it can read a page, so that showing the first rows never waits for the whole account.
   */
  page(copy: Copy, id: string, request: PageRequest): Promise<StoredPage>
  /** The store's own day sums of an account the copy has not read whole, where the store keeps them. */
  unreadDaySums(copy: Copy, id: string, window: DateWindow): Promise<ReadonlyMap<string, DaySums> | undefined>
  /**
   * Runs a write as the only writer of the store, in this tab and every other, on the store's latest
   * data: ids are allocated from what every tab stored, not from this tab's memory.
   */
  write<T>(task: (copy: Copy) => Promise<T>): Promise<T>
  saveAccount(copy: Copy, account: CardAccount): Promise<void>
  /** Appends a batch; the id the store refused as taken (another writer stored it meanwhile), if any. */
  append(copy: Copy, index: AccountIndex, batch: readonly StoredTransaction[]): Promise<string | undefined>
  /** Stores settlements and re-indexes the account; the new id the store refused as taken, if any. */
  replace(copy: Copy, index: AccountIndex, settlements: readonly Settlement[]): Promise<string | undefined>
  deleteTransaction(copy: Copy, index: AccountIndex, cardTransactionId: string): Promise<void>
  deleteAccount(copy: Copy, id: string): Promise<void>
  /** Replaces everything with `data`: takes the lock but reads nothing, so a damaged store allows it. */
  replaceAll(data: readonly AccountData[]): Promise<Copy>
  /**
   * The same, keeping nothing in memory: every row the engine then uses is read (and so checked) from
   * the store, as a new tab's are.
   */
  restore(data: readonly AccountData[]): Promise<void>
  clear(): Promise<void>
  salvage(): Promise<Salvage>
}

export function createRepository(store: SandboxStore): Repository {
  let state: Promise<Held> | undefined
  /** What `state` resolved to, so that a stale copy can be dropped only if it is still the one held. */
  let held: Held | undefined
  const queue = serialize()

  const forget = () => {
    state = undefined
    held = undefined
  }
  store.onExternalChange?.(forget)

  function hold(loading: Promise<Held>): Promise<Held> {
    state = loading
    held = undefined
    loading.then(
      (current) => {
        if (state === loading) held = current
      },
      () => {
        if (state === loading) forget()
      },
    )
    return loading
  }

  // The accounts are read once, on first use; a failed read is retried by the next call.
  function loaded(): Promise<Held> {
    return (
      state ??
      hold(
        store.loadAccounts().then(({ accounts, generation }) =>
          heldOf(
            generation,
            accounts.map((account) => ({ account })),
          ),
        ),
      )
    )
  }

  /** Drops `copy` if it is still the copy held: the next call reads the store again. */
  function drop(copy: Copy) {
    if (held === copy) forget()
  }

  async function latest(): Promise<Held> {
    const current = await loaded()
    if (current.generation === (await store.generation())) return current
    drop(current)
    return loaded()
  }

  /** Throws `StaleCopy` when the store is at another generation than `copy`, whose accounts would not match. */
  function index(copy: Copy, id: string): Promise<AccountIndex> {
    const current = copy as Held
    const known = current.indexes.get(id)
    if (known) return Promise.resolve(known)
    const account = current.accounts.get(id)
    if (!account) return Promise.reject(new Error(`no card account ${id} in the engine's copy`))
    let reading = current.reading.get(id)
    if (!reading) {
      reading = store
        .loadTransactions(id)
        .then(({ transactions, generation }) => {
          if (generation !== current.generation) {
            drop(current)
            throw new StaleCopy()
          }
          const index = new AccountIndex(account, transactions)
          current.indexes.set(id, index)
          return index
        })
        .catch((error: unknown) => {
          if (isStoreUnreadableError(error)) current.damage.set(id, error)
          throw error
        })
        .finally(() => current.reading.delete(id))
      current.reading.set(id, reading)
    }
    return reading
  }

  const indexes = (copy: Copy) => Promise.all([...copy.accounts.keys()].map((id) => index(copy, id)))

  /** Runs `task` again on fresh data for as long as the store moves on under it. */
  async function fresh<T>(task: () => Promise<T>): Promise<T> {
    for (;;) {
      try {
        return await task()
      } catch (error) {
        if (!(error instanceof StaleCopy)) throw error
      }
    }
  }

  /** A write that replaces everything with `data`, the copy then being `data` itself. */
  function overwrite(task: () => Promise<Generation>, data: readonly AccountData[]): Promise<Held> {
    return queue(() =>
      store.exclusive(async () => {
        forget()
        const current = heldOf(await task(), data)
        await hold(Promise.resolve(current))
        return current
      }),
    )
  }

  return {
    accounts: async () => [...(await loaded()).accounts.values()],

    async find(id) {
      let current = await loaded()
      // An account this copy lacks may be another tab's, created before its message arrived.
      if (!current.accounts.has(id)) current = await latest()
      const account = current.accounts.get(id)
      return account ? { account, copy: current } : undefined
    },

    latest,
    index,
    indexes,
    latestIndexes: () => fresh(async () => indexes(await latest())),

    async count(copy) {
      const current = copy as Held
      current.counts ??= store.countTransactions()
      const counts = await current.counts
      let sum = 0
      for (const id of current.accounts.keys()) {
        sum += current.indexes.get(id)?.transactions.length ?? counts.get(id) ?? 0
      }
      return sum
    },

    async onAccount(id, copy, read) {
      for (let current = copy; ; current = await loaded()) {
        if (!current.accounts.has(id)) return undefined
        try {
          return await read(current)
        } catch (error) {
          if (!(error instanceof StaleCopy)) throw error
        }
      }
    },

    async page(copy, id, request) {
      const known = copy.indexes.get(id)
      if (known === undefined && store.readPage) return store.readPage(id, request)
      const { booked, pending } = (known ?? (await index(copy, id))).select(request.fromDate, request.toDate)
      const spans = request.spans({ booked: booked.count, pending: pending.count })
      return {
        booked: booked.slice(spans.booked.start, spans.booked.end),
        pending: pending.slice(spans.pending.start, spans.pending.end),
        bookedCount: booked.count,
        pendingCount: pending.count,
      }
    },

    async unreadDaySums(copy, id, window) {
      if (copy.indexes.has(id) || !store.readDaySums) return undefined
      return store.readDaySums(id, window)
    },

    write(task) {
      return queue(() => store.exclusive(() => fresh(async () => task(await latest()))))
    },

    async saveAccount(copy, account) {
      const current = copy as Held
      current.generation = await store.saveAccount(account)
      current.accounts.set(account.resourceId, account)
      current.indexes.set(account.resourceId, new AccountIndex(account))
    },

    async append(copy, index, batch) {
      const current = copy as Held
      try {
        current.generation = await store.appendTransactions(index.account.resourceId, batch)
      } catch (error) {
        if (!(error instanceof DuplicateTransactionIdError)) throw error
        // The store knew better than this copy: read it again before the next call.
        drop(current)
        return error.cardTransactionId
      }
      index.add(batch)
      return undefined
    },

    async replace(copy, index, settlements) {
      const current = copy as Held
      const id = index.account.resourceId
      try {
        current.generation = await store.replaceTransactions(id, settlements)
      } catch (error) {
        if (!(error instanceof DuplicateTransactionIdError)) throw error
        state = undefined
        return error.cardTransactionId
      }
      const replaced = new Map(settlements.map(({ from, to }) => [from, to]))
      const transactions = index.transactions.map((tx) => replaced.get(tx.cardTransactionId) ?? tx)
      current.indexes.set(id, new AccountIndex(index.account, transactions))
      return undefined
    },

    async deleteTransaction(copy, index, cardTransactionId) {
      const current = copy as Held
      const id = index.account.resourceId
      current.generation = await store.deleteTransaction(id, cardTransactionId)
      current.indexes.set(id, index.without(cardTransactionId))
    },

    async deleteAccount(copy, id) {
      const current = copy as Held
      current.generation = await store.deleteAccount(id)
      current.accounts.delete(id)
      current.indexes.delete(id)
      current.damage.delete(id)
    },

    replaceAll: (data) => overwrite(() => store.replaceAll(data), data),

    async restore(data) {
      await queue(() =>
        store.exclusive(async () => {
          forget()
          await store.replaceAll(data)
          // A read that ran during the write may hold the data it replaced.
          forget()
        }),
      )
    },

    async clear() {
      await overwrite(() => store.clear(), [])
    },

    salvage: () => store.salvage(),
  }
}

/** A copy of `data` at `generation`, with the transactions of the accounts that carry them indexed. */
function heldOf(
  generation: Generation,
  data: readonly { account: CardAccount; transactions?: readonly StoredTransaction[] }[],
): Held {
  return {
    generation,
    accounts: new Map(data.map(({ account }) => [account.resourceId, account])),
    indexes: new Map(
      data.flatMap(({ account, transactions }) =>
        transactions === undefined ? [] : [[account.resourceId, new AccountIndex(account, transactions)]],
      ),
    ),
    reading: new Map(),
    damage: new Map(),
  }
}
