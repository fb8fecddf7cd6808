import { createContext, useContext } from 'react'
import type { OfflineData, OfflineStoreStatus } from '../../api'
import type { AccountBooks, ConsoleFile, ScenarioFile, UpstreamBook } from '../../contract'
import type { FlowsFile } from '../../contract/flow'
import { downloadJson } from '../../ui/download'

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
 * Saves a console file as a dated JSON file: the account book alone is named so, and so is a damaged data
 * file, so nobody takes either for a complete copy.
 */
export function downloadConsoleFile(file: ConsoleFile | ScenarioFile | FlowsFile): void {
  const what =
    file.kind === 'scenario'
      ? `scenario-${file.name
          .replace(/[^A-Za-z0-9]+/g, '-')
          .replace(/^-|-$/g, '')
          .toLowerCase()}`
      : file.kind === 'account-book' || file.kind === 'flows'
        ? file.kind
        : file.damaged
          ? 'damaged'
          : ''
  downloadJson(file, what)
}

/** How many accounts one upstream's book names, each once: a file edited by hand may name one twice. */
export const accountsIn = (book: UpstreamBook | undefined): number =>
  new Set(book?.entries.map(({ id }) => id)).size

/** How many accounts the books name, every upstream together. */
export function bookAccounts(books: AccountBooks): number {
  return Object.values(books).reduce((sum, book) => sum + accountsIn(book), 0)
}
