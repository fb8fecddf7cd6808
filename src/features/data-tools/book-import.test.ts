import { expect, it } from 'vitest'
import { OFFLINE_UPSTREAM } from '../../api'
import type { AccountBooks, BookEntry } from '../../contract'
import { bookImportWords } from './book-import'

const entry = (id: string): BookEntry => ({
  id,
  origin: 'created',
  addedAt: '2026-11-28T10:00:00.000Z',
  lastSeenAt: '2026-11-28T10:00:00.000Z',
})
const book = (...ids: string[]) => ({ entries: ids.map(entry), hidden: [] })
const HERE = 'the local sandbox, data in /tmp/data/npm-start-platform.json'
const BEFORE = 'the local sandbox, data in /tmp/data/npm-start-console.json'

// A tester imported a book whose only key was another sandbox's (or the offline one): "Imported the account
// book: 0 card accounts", and the accounts were nowhere to be seen.
it('says which accounts this sandbox gained, which wait for another sandbox, and which stay out', () => {
  const books: AccountBooks = {
    [HERE]: book('a', 'b', 'a'),
    [BEFORE]: book('c'),
    [OFFLINE_UPSTREAM]: book('d', 'e'),
  }
  expect(bookImportWords(books, HERE)).toBe(
    `Imported the account book: 2 card accounts of this sandbox; 1 card account of ${BEFORE}, kept for when ` +
      'the proxy serves it; 2 card accounts of an offline sandbox left out: they come only with its data ' +
      '(Import JSON in Offline mode)',
  )
})

it('offline, names the proxy’s sandboxes the book keeps accounts for', () => {
  expect(bookImportWords({ [BEFORE]: book('c') }, OFFLINE_UPSTREAM)).toBe(
    `Imported the account book: 1 card account of ${BEFORE}, kept for Proxy mode`,
  )
  expect(bookImportWords({}, OFFLINE_UPSTREAM)).toBe(
    "Imported the account book: 0 card accounts of the proxy's sandboxes, kept for Proxy mode",
  )
})

it('says nothing of other sandboxes when the book holds only this one’s', () => {
  expect(bookImportWords({ [HERE]: book('a') }, HERE)).toBe(
    'Imported the account book: 1 card account of this sandbox',
  )
})
