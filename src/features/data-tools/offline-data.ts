import { createContext, useContext } from 'react'
import type { OfflineData, OfflineStoreStatus } from '../../api'
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

/** What a reset or an import would replace, as the end of a sentence that says so. */
export function storedText(status: OfflineStoreStatus, replacing: 'importing' | 'resetting'): string {
  return status.readable
    ? `${count(status.accounts, 'card account')} and ${count(status.transactions, 'transaction')}`
    : `The stored data cannot be read (${status.message}); ${replacing} replaces it.`
}

/**
 * Saves the snapshot as a dated JSON file through the browser's download; a damaged one is named so, so
 * nobody takes it for a complete copy.
 */
export function downloadSnapshot(snapshot: SandboxSnapshot): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(snapshot, null, 2)], { type: 'application/json' }))
  const link = document.createElement('a')
  link.href = url
  link.download = `sandbox-console-${snapshot.damaged ? 'damaged-' : ''}${localToday()}.json`
  link.click()
  URL.revokeObjectURL(url)
}
