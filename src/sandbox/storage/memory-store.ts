import { serialize } from '../serialize'
import type { AccountData, SandboxStore } from './store'
import { addUniqueIds } from './unique-ids'

export interface MemoryStore extends SandboxStore {
  /** Everything it holds, accounts and transactions in creation order: what the local sandbox writes to disk. */
  data(): AccountData[]
}

/** Store for Node, tests and benches: the data lives as long as the process. */
export function createMemoryStore(initial: readonly AccountData[] = []): MemoryStore {
  let accounts = copy(initial)
  let generation = 0
  const next = () => String(++generation)
  const entryOf = (accountId: string) => accounts.find((entry) => entry.account.resourceId === accountId)
  return {
    data: () => copy(accounts),
    async loadAccounts() {
      return { accounts: accounts.map((entry) => entry.account), generation: String(generation) }
    },
    async loadTransactions(accountId) {
      return { transactions: [...(entryOf(accountId)?.transactions ?? [])], generation: String(generation) }
    },
    async countTransactions() {
      return new Map(accounts.map((entry) => [entry.account.resourceId, entry.transactions.length]))
    },
    async generation() {
      return String(generation)
    },
    // Engines sharing this store share this process: a queue is lock enough.
    exclusive: serialize(),
    async saveAccount(account) {
      const existing = accounts.find((entry) => entry.account.resourceId === account.resourceId)
      if (existing) existing.account = account
      else accounts.push({ account, transactions: [] })
      return next()
    },
    async appendTransactions(accountId, transactions) {
      const entry = accounts.find((candidate) => candidate.account.resourceId === accountId)
      if (!entry) throw new Error(`memory store: no card account ${accountId}`)
      const ids = new Set(entry.transactions.map((tx) => tx.cardTransactionId))
      addUniqueIds(
        accountId,
        ids,
        transactions.map((tx) => tx.cardTransactionId),
      )
      entry.transactions.push(...transactions)
      return next()
    },
    async replaceTransactions(accountId, changes) {
      const entry = accounts.find((candidate) => candidate.account.resourceId === accountId)
      if (!entry) throw new Error(`memory store: no card account ${accountId}`)
      const replaced = new Map(changes.map(({ from, to }) => [from, to]))
      const updated = entry.transactions.map((tx) => replaced.get(tx.cardTransactionId) ?? tx)
      addUniqueIds(
        accountId,
        new Set(),
        updated.map((tx) => tx.cardTransactionId),
      )
      entry.transactions = updated
      return next()
    },

    async deleteTransaction(accountId, cardTransactionId) {
      const entry = accounts.find((candidate) => candidate.account.resourceId === accountId)
      if (entry)
        entry.transactions = entry.transactions.filter((tx) => tx.cardTransactionId !== cardTransactionId)
      return next()
    },
    async deleteAccount(accountId) {
      accounts = accounts.filter((entry) => entry.account.resourceId !== accountId)
      return next()
    },
    async replaceAll(data) {
      accounts = copy(data)
      return next()
    },
    async clear() {
      accounts = []
      return next()
    },
    async salvage() {
      return { data: copy(accounts), unreadable: [] }
    },
  }
}

// Fresh arrays, shared elements: the engine never mutates a stored transaction or account.
function copy(data: readonly AccountData[]): AccountData[] {
  return data.map(({ account, transactions }) => ({ account, transactions: [...transactions] }))
}
