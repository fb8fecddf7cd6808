import { createContext, useContext } from 'react'
import type { OfflineData } from '../../api'

/** Absent in proxy mode (the data lives upstream there). */
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
