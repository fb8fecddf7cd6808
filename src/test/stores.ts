import type { AccountData, Generation, SandboxStore } from '../sandbox'

/** Everything a store holds, read the way the engine reads it: the accounts, then each one's transactions. */
export async function loadAll(store: SandboxStore): Promise<{ data: AccountData[]; generation: Generation }> {
  const { accounts, generation } = await store.loadAccounts()
  const data = await Promise.all(
    accounts.map(async (account) => ({
      account,
      transactions: (await store.loadTransactions(account.resourceId)).transactions,
    })),
  )
  return { data, generation }
}
