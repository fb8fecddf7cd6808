import type { CardAccount, DaySums, IsoDate, StoredTransaction } from '../contract'
import { type Copy, type CopyCache, createCopyCache, heldOf } from './copy-cache'
import { DuplicateTransactionIdError } from './errors'
import { serialize } from './serialize'
import type { Settlement } from './settlement'
import type { AccountData, Generation, PageRequest, Salvage, SandboxStore, StoredPage } from './storage/store'
import { AccountIndex } from './transaction-index'

export type { Copy } from './copy-cache'

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
  const cache = createCopyCache(store)
  // One queue for every write of this engine: a write never sees another half done.
  const queue = serialize()
  return { ...reads(store, cache), ...writes(store, cache, queue), ...replacements(store, cache, queue) }
}

type Queue = ReturnType<typeof serialize>
type Writes = Pick<
  Repository,
  'write' | 'saveAccount' | 'append' | 'replace' | 'deleteTransaction' | 'deleteAccount'
>
type Replacements = Pick<Repository, 'replaceAll' | 'restore' | 'clear'>
type Reads = Omit<Repository, keyof Writes | keyof Replacements>

function reads(store: SandboxStore, cache: CopyCache): Reads {
  const indexes = (copy: Copy) => Promise.all([...copy.accounts.keys()].map((id) => cache.index(copy, id)))
  return {
    accounts: async () => [...(await cache.loaded()).accounts.values()],

    async find(id) {
      let copy = await cache.loaded()
      // An account this copy lacks may be another tab's, created before its message arrived.
      if (!copy.accounts.has(id)) copy = await cache.latest()
      const account = copy.accounts.get(id)
      return account ? { account, copy } : undefined
    },

    latest: cache.latest,
    index: cache.index,
    indexes,
    latestIndexes: () => cache.fresh(async () => indexes(await cache.latest())),

    async count(copy) {
      const held = cache.held(copy)
      held.counts ??= store.countTransactions()
      const counts = await held.counts
      let sum = 0
      for (const id of held.accounts.keys()) {
        sum += held.indexes.get(id)?.transactions.length ?? counts.get(id) ?? 0
      }
      return sum
    },

    onAccount: cache.onAccount,

    async page(copy, id, request) {
      const known = copy.indexes.get(id)
      if (known === undefined && store.readPage) return store.readPage(id, request)
      const { booked, pending } = (known ?? (await cache.index(copy, id))).select(
        request.fromDate,
        request.toDate,
      )
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

    salvage: () => store.salvage(),
  }
}

/** Each write goes through the queue and the store's lock, and keeps the copy in step with what it stored. */
function writes(store: SandboxStore, cache: CopyCache, queue: Queue): Writes {
  return {
    write: (task) => queue(() => store.exclusive(() => cache.fresh(async () => task(await cache.latest())))),

    async saveAccount(copy, account) {
      const held = cache.held(copy)
      held.generation = await store.saveAccount(account)
      held.accounts.set(account.resourceId, account)
      held.indexes.set(account.resourceId, new AccountIndex(account))
    },

    async append(copy, index, batch) {
      const held = cache.held(copy)
      try {
        held.generation = await store.appendTransactions(index.account.resourceId, batch)
      } catch (error) {
        if (!(error instanceof DuplicateTransactionIdError)) throw error
        // The store knew better than this copy: read it again before the next call.
        cache.drop(copy)
        return error.cardTransactionId
      }
      index.add(batch)
      return undefined
    },

    async replace(copy, index, settlements) {
      const held = cache.held(copy)
      const id = index.account.resourceId
      try {
        held.generation = await store.replaceTransactions(id, settlements)
      } catch (error) {
        if (!(error instanceof DuplicateTransactionIdError)) throw error
        cache.forget()
        return error.cardTransactionId
      }
      const replaced = new Map(settlements.map(({ from, to }) => [from, to]))
      const transactions = index.transactions.map((tx) => replaced.get(tx.cardTransactionId) ?? tx)
      held.indexes.set(id, new AccountIndex(index.account, transactions))
      return undefined
    },

    async deleteTransaction(copy, index, cardTransactionId) {
      const held = cache.held(copy)
      const id = index.account.resourceId
      held.generation = await store.deleteTransaction(id, cardTransactionId)
      held.indexes.set(id, index.without(cardTransactionId))
    },

    async deleteAccount(copy, id) {
      const held = cache.held(copy)
      held.generation = await store.deleteAccount(id)
      held.accounts.delete(id)
      held.indexes.delete(id)
      held.damage.delete(id)
    },
  }
}

/** The writes that replace everything: they take the lock but read nothing, so a damaged store allows them. */
function replacements(store: SandboxStore, cache: CopyCache, queue: Queue): Replacements {
  /** Replaces everything by `task`, the copy then being `data` itself. */
  const overwrite = (task: () => Promise<Generation>, data: readonly AccountData[]) =>
    queue(() =>
      store.exclusive(async () => {
        cache.forget()
        return cache.hold(heldOf(await task(), data))
      }),
    )
  return {
    replaceAll: (data) => overwrite(() => store.replaceAll(data), data),

    async restore(data) {
      await queue(() =>
        store.exclusive(async () => {
          cache.forget()
          await store.replaceAll(data)
          // A read that ran during the write may hold the data it replaced.
          cache.forget()
        }),
      )
    },

    async clear() {
      await overwrite(() => store.clear(), [])
    },
  }
}
