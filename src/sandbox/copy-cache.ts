import type { CardAccount, StoredTransaction } from '../contract'
import { isStoreUnreadableError, type StoreUnreadableError } from './errors'
import type { Generation, SandboxStore } from './storage/store'
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

/** The copy as the repository keeps it in step with the store. */
export interface Held {
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

/** The copy held and when it is stale: read on first use, dropped when another writer moved the store on. */
export interface CopyCache {
  loaded(): Promise<Held>
  /** The store's latest data: read again when another writer (a second tab) wrote since it was read. */
  latest(): Promise<Held>
  /** Drops `copy` if it is still the copy held: the next call reads the store again. */
  drop(copy: Copy): void
  /** Drops whatever is held or being read. */
  forget(): void
  /** The copy as the repository changes it: only a write that has just stored the change may. */
  held(copy: Copy): Held
  /** Holds `copy` as the store's data (a write that replaced everything made it). */
  hold(copy: Held): Promise<Held>
  /**
   * The account's transactions, indexed: read from the store the first time they are needed. Rejects
   * with a stale-copy error (for `fresh` or `onAccount` to retry) when the store is at another generation.
   */
  index(copy: Copy, id: string): Promise<AccountIndex>
  /** Runs `task` again on fresh data for as long as the store moves on under it. */
  fresh<T>(task: () => Promise<T>): Promise<T>
  onAccount<T>(id: string, copy: Copy, read: (copy: Copy) => Promise<T>): Promise<T | undefined>
}

export function createCopyCache(store: SandboxStore): CopyCache {
  let state: Promise<Held> | undefined
  /** What `state` resolved to, so that a stale copy can be dropped only if it is still the one held. */
  let held: Held | undefined

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
      reading = readIndex(store, current, account, () => drop(current)).finally(() =>
        current.reading.delete(id),
      )
      current.reading.set(id, reading)
    }
    return reading
  }

  return {
    loaded,
    latest,
    drop,
    forget,
    held: (copy) => copy as Held,
    hold: (copy) => hold(Promise.resolve(copy)),
    index,
    fresh,
    onAccount: (id, copy, read) => onAccount(loaded, id, copy, read),
  }
}

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

/** `read` on `copy`, and on a fresh copy while the store moves on under it; `undefined` once the account is gone. */
async function onAccount<T>(
  loaded: () => Promise<Held>,
  id: string,
  copy: Copy,
  read: (copy: Copy) => Promise<T>,
): Promise<T | undefined> {
  for (let current = copy; ; current = await loaded()) {
    if (!current.accounts.has(id)) return undefined
    try {
      return await read(current)
    } catch (error) {
      if (!(error instanceof StaleCopy)) throw error
    }
  }
}

/**
 * The account's transactions read from the store into `current`; `StaleCopy` (after `drop`) when the
 * store is at another generation, and the damage noted when they cannot be read.
 */
async function readIndex(
  store: SandboxStore,
  current: Held,
  account: CardAccount,
  drop: () => void,
): Promise<AccountIndex> {
  const id = account.resourceId
  try {
    const { transactions, generation } = await store.loadTransactions(id)
    if (generation !== current.generation) {
      drop()
      throw new StaleCopy()
    }
    const index = new AccountIndex(account, transactions)
    current.indexes.set(id, index)
    return index
  } catch (error) {
    if (isStoreUnreadableError(error)) current.damage.set(id, error)
    throw error
  }
}

/** A copy of `data` at `generation`, with the transactions of the accounts that carry them indexed. */
export function heldOf(
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
