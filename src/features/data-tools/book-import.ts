import { OFFLINE_UPSTREAM } from '../../api'
import type { AccountBooks } from '../../contract'
import { accountsIn, count } from './offline-data'

/**
 * What Import book… did with a file's books, in words: the accounts this sandbox's book gained, those kept
 * for other sandboxes (the book's key names each: an upstream, or the local sandbox's data file), and the
 * offline sandbox's, which only its own data file brings (docs/decisions.md#data-files). A book for another
 * sandbox is kept, not dropped, but it shows only where the proxy serves that sandbox: said, not left silent.
 */
export function bookImportWords(books: AccountBooks, current: string): string {
  const others = Object.keys(books).filter((key) => key !== current && key !== OFFLINE_UPSTREAM)
  const parts: string[] = []
  if (current !== OFFLINE_UPSTREAM)
    parts.push(`${count(accountsIn(books[current]), 'card account')} of this sandbox`)
  const elsewhere = others.reduce((sum, key) => sum + accountsIn(books[key]), 0)
  if (elsewhere > 0 || current === OFFLINE_UPSTREAM) {
    const where = others.length === 0 ? "the proxy's sandboxes" : others.join(', ')
    const kept = current === OFFLINE_UPSTREAM ? 'kept for Proxy mode' : 'kept for when the proxy serves it'
    parts.push(`${count(elsewhere, 'card account')} of ${where}, ${kept}`)
  }
  const offline = accountsIn(books[OFFLINE_UPSTREAM])
  if (offline > 0) {
    parts.push(
      `${count(offline, 'card account')} of an offline sandbox left out: they come only with its data (Import JSON in Offline mode)`,
    )
  }
  return `Imported the account book: ${parts.join('; ')}`
}
