import type {
  CardAccount,
  DaySums,
  IsoDate,
  SandboxSnapshot,
  StoredTransaction,
  UnreadableRecord,
} from '../../contract'

/** One account with its transactions in creation order (oldest first), as persisted and exported. */
export type AccountData = SandboxSnapshot['cardAccounts'][number]

/**
 * An opaque token that changes with every write, whoever made it: an engine that loaded the data at one
 * generation and finds another in the store knows another writer (a second tab) changed it since.
 */
export type Generation = string

/** One stored transaction replaced by another (a pending one booked, perhaps under a new id). */
export interface TransactionChange {
  from: string
  to: StoredTransaction
}

/** Every card account, in creation order, without its transactions. */
export interface StoredAccounts {
  accounts: CardAccount[]
  generation: Generation
}

/** One card account's transactions in creation order (oldest first). */
export interface StoredTransactions {
  transactions: StoredTransaction[]
  generation: Generation
}

interface Span {
  start: number
  end: number
}

/**
 * One page of a card account's list, as `readPage` reads it: the rows dated within the inclusive bounds
 * (booked ones by bookingDate, pending ones by transactionDate), newest first, then by creation order.
 * `spans` turns the window's counts into the rows the page takes of each list.
 */
export interface PageRequest {
  fromDate?: IsoDate | undefined
  toDate?: IsoDate | undefined
  spans(counts: { booked: number; pending: number }): { booked: Span; pending: Span }
}

export interface StoredPage {
  booked: StoredTransaction[]
  pending: StoredTransaction[]
  /** How many of each the window holds. */
  bookedCount: number
  pendingCount: number
}

/** Whatever could be read of a store, record by record; the rest with why. */
export interface Salvage {
  data: AccountData[]
  unreadable: UnreadableRecord[]
}

/**
 * Persistence port of the engine. The engine keeps its own in-memory index of the accounts it uses and
 * writes through. It reads the accounts at start and an account's transactions when it first needs them
 * all (a store of 100,000 rows must not be read whole to show one account's first page), so each read
 * says the generation it saw: the engine drops what it holds when a later read sees another. Each write
 * is all or nothing, returns the generation it produced, and is made inside `exclusive`, so the engine
 * can check first that its data is the store's latest.
 */
export interface SandboxStore {
  /** Every account in creation order. Throws `StoreUnreadableError` when an account record cannot be read. */
  loadAccounts(): Promise<StoredAccounts>
  /**
   * The account's transactions in creation order (none for an unknown account). Throws
   * `StoreUnreadableError` when one of its records cannot be read.
   */
  loadTransactions(accountId: string): Promise<StoredTransactions>
  /** How many transactions each account holds (accounts without any may be absent), without reading them. */
  countTransactions(): Promise<Map<string, number>>
  /**
   * Optional: one page of an account's list read from the store, for an account the engine has not read
   * whole. Throws `StoreUnreadableError` when a record of the page cannot be read.
   */
  readPage?(accountId: string, request: PageRequest): Promise<StoredPage>
  /**
   * Optional: the sums per day of the account's transactions dated within the inclusive bounds (as a page's
   * window), for an account the engine has not read whole. Throws `StoreUnreadableError` when a record it
   * reads cannot be read.
   */
  readDaySums?(
    accountId: string,
    window: { fromDate?: IsoDate | undefined; toDate?: IsoDate | undefined },
  ): Promise<ReadonlyMap<string, DaySums>>
  generation(): Promise<Generation>
  /** Runs `task` as the only writer among every engine sharing this store (other tabs included). */
  exclusive<T>(task: () => Promise<T>): Promise<T>
  saveAccount(account: CardAccount): Promise<Generation>
  /**
   * Adds the transactions after the account's stored ones, in the order given; atomically. Throws
   * `DuplicateTransactionIdError` when the account already holds one of their ids.
   */
  appendTransactions(accountId: string, transactions: readonly StoredTransaction[]): Promise<Generation>
  /**
   * Replaces each stored transaction `from` names (by cardTransactionId) with `to`, keeping its place in
   * creation order; atomically. Throws `DuplicateTransactionIdError` when a `to` takes another's id.
   */
  replaceTransactions(accountId: string, changes: readonly TransactionChange[]): Promise<Generation>
  /** Deletes one transaction of the account (its other transactions keep their order); atomically. */
  deleteTransaction(accountId: string, cardTransactionId: string): Promise<Generation>
  /** Deletes the account and all its transactions; atomically. */
  deleteAccount(accountId: string): Promise<Generation>
  /** Replaces everything with `data`, atomically, without reading what was there: works on a damaged store. */
  replaceAll(data: readonly AccountData[]): Promise<Generation>
  /** Deletes everything without reading it: works on a damaged store. */
  clear(): Promise<Generation>
  /** Best effort, never throws: every record that parses, and the others raw with their problem. */
  salvage(): Promise<Salvage>
  /**
   * Stores shared with another writer (a second browser tab) call `listener` after that writer
   * changed the data; returns the unsubscribe function.
   */
  onExternalChange?(listener: () => void): () => void
}
