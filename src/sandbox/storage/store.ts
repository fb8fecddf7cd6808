import type { CardAccount, SandboxSnapshot, StoredTransaction } from '../../contract'

/** One account with its transactions in creation order (oldest first), as persisted and exported. */
export type AccountData = SandboxSnapshot['cardAccounts'][number]

/**
 * Persistence port of the engine. The engine keeps its own in-memory index and only writes through,
 * so a store needs no querying: it loads everything once and records changes. Each write is all or
 * nothing; the engine never issues two at a time.
 */
export interface SandboxStore {
  /** Every account in creation order, each with its transactions in creation order. */
  load(): Promise<AccountData[]>
  saveAccount(account: CardAccount): Promise<void>
  /** Adds the transactions after the account's stored ones, in the order given; atomically. */
  appendTransactions(accountId: string, transactions: readonly StoredTransaction[]): Promise<void>
  /** Replaces everything with `data`; atomically. */
  replaceAll(data: readonly AccountData[]): Promise<void>
  clear(): Promise<void>
  /**
   * Stores shared with another writer (a second browser tab) call `listener` after that writer
   * changed the data, so the engine reloads before its next call.
   */
  onExternalChange?(listener: () => void): void
}
