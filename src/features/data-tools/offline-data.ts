import { createContext, useContext } from 'react'
import type { OfflineData } from '../../api'
import { localToday, type SandboxSnapshot } from '../../contract'

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

/** Saves the snapshot as a dated JSON file through the browser's download. */
export function downloadSnapshot(snapshot: SandboxSnapshot): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(snapshot, null, 2)], { type: 'application/json' }))
  const link = document.createElement('a')
  link.href = url
  link.download = `sandbox-console-${localToday()}.json`
  link.click()
  URL.revokeObjectURL(url)
}
