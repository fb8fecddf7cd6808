import type { AccountData, SandboxStore } from './store'

/** Store for Node, tests and benches: the data lives as long as the process. */
export function createMemoryStore(initial: readonly AccountData[] = []): SandboxStore {
  let accounts = copy(initial)
  return {
    async load() {
      return copy(accounts)
    },
    async saveAccount(account) {
      const existing = accounts.find((entry) => entry.account.resourceId === account.resourceId)
      if (existing) existing.account = account
      else accounts.push({ account, transactions: [] })
    },
    async appendTransactions(accountId, transactions) {
      const entry = accounts.find((candidate) => candidate.account.resourceId === accountId)
      if (!entry) throw new Error(`memory store: no card account ${accountId}`)
      entry.transactions.push(...transactions)
    },
    async replaceAll(data) {
      accounts = copy(data)
    },
    async clear() {
      accounts = []
    },
  }
}

// Fresh arrays, shared elements: the engine never mutates a stored transaction or account.
function copy(data: readonly AccountData[]): AccountData[] {
  return data.map(({ account, transactions }) => ({ account, transactions: [...transactions] }))
}
