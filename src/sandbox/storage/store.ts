import type { CardAccount, SandboxSnapshot, StoredTransaction, UnreadableRecord } from '../../contract'

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

export interface StoredData {
  data: AccountData[]
  generation: Generation
}

/** Whatever could be read of a store, record by record; the rest with why. */
export interface Salvage {
  data: AccountData[]
  unreadable: UnreadableRecord[]
}

/**
 * Persistence port of the engine. The engine keeps its own in-memory index and only writes through,
 * so a store needs no querying: it loads everything once and records changes. Each write is all or
 * nothing, returns the generation it produced, and is made inside `exclusive`, so the engine can check
 * first that its data is the store's latest.
 */
export interface SandboxStore {
  /**
   * Every account in creation order, each with its transactions in creation order, and the generation
   * they are at. Throws `StoreUnreadableError` when a record cannot be read.
   */
  load(): Promise<StoredData>
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
