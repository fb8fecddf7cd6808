import { createContext, useContext } from 'react'
import type { Sandbox } from '../../sandbox'

/** The in-browser store's own tools; absent in proxy mode (the data lives upstream there). */
export type OfflineData = Pick<Sandbox, 'exportSnapshot' | 'importSnapshot' | 'reset'>

export const OfflineDataContext = createContext<OfflineData | undefined>(undefined)

export function useOfflineData(): OfflineData | undefined {
  return useContext(OfflineDataContext)
}

export const count = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en')} ${n === 1 ? one : many}`

export function snapshotCounts(snapshot: { cardAccounts: { transactions: unknown[] }[] }): string {
  const transactions = snapshot.cardAccounts.reduce((sum, a) => sum + a.transactions.length, 0)
  return `${count(snapshot.cardAccounts.length, 'card account')} and ${count(transactions, 'transaction')}`
}
