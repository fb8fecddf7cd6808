import { type AccountBooks, accountBooks, type BookEntry, type UpstreamBook } from '../contract'
import { z } from '../contract/zod'
import { readJson, writeJson } from './json'
import { memoryStorage, readStored, type SettingsStorage, writeToStorage } from './settings-store'

export { type BookEntry, OFFLINE_UPSTREAM, type UpstreamBook } from '../contract'

/**
 * The console's own book of card accounts, per upstream, kept in this browser. A real sandbox need not
 * list its accounts (the platform's has no list), so the console remembers every account created through
 * it or opened by id or link, with what the sandbox answered about it. Offline the upstream is this
 * browser; in proxy mode it is the upstream's base URL, as the proxy tells it. The console's data files
 * carry it (src/contract/snapshot.ts).
 */
/** How the book is kept in `localStorage` (docs/decisions.md#account-book). */
export const BOOK_FORMAT = 'sandbox-console/account-book/v1'

const STORAGE_KEY = 'sandbox-console.account-book'

const storedBook = z.object({
  format: z.literal(BOOK_FORMAT, { error: `format must be "${BOOK_FORMAT}"` }),
  books: accountBooks,
})
type StoredBook = z.infer<typeof storedBook>

/** What a record says about an account; the book adds the times. */
export interface Sighting {
  id: string
  origin: BookEntry['origin']
  account?: unknown
  maskedPan?: string | undefined
  note?: string | undefined
}

export interface AccountBook {
  subscribe(listener: () => void): () => void
  /** The same object until the book changes (for useSyncExternalStore). */
  of(upstream: string): UpstreamBook
  /** Adds the account or refreshes what the book knows of it; an account removed before comes back. */
  record(upstream: string, sighting: Sighting): void
  /** An account in the book was read again (its transactions): when, and its masked PAN. */
  touch(upstream: string, id: string, maskedPan: string | undefined): void
  /** Forgets the account; `hide` keeps a listed account out of the sidebar too. */
  remove(upstream: string, id: string, options?: { hide?: boolean }): void
  /** Forgets every account of the upstream (the in-browser sandbox was reset or replaced). */
  clear(upstream: string): void
  /**
   * This local upstream, whose data dies with its process, is the one running: the books of earlier such
   * upstreams are dropped.
   */
  markLocal(upstream: string): void
  /** Every upstream's book, as a console file carries it. */
  exportBook(): AccountBooks
  /**
   * Merges books a console file carried (checked by its schema): an account in both keeps the later
   * sighting. The book of `replacing` is not merged but replaced (or emptied when the file has none): its
   * sandbox's data was just replaced by the file's. Returns how many accounts the file's books held.
   */
  importBook(books: AccountBooks, options?: { replacing?: string }): number
}

const EMPTY: UpstreamBook = Object.freeze({ entries: [], hidden: [] }) as UpstreamBook

/** What the notice names when storage is full. */
const BOOK_WHAT = "the account book (the console's own list of the card accounts it created or opened)"

/**
 * What an unsaved book costs after a reload: not the accounts, which their sandbox keeps, but the sidebar's
 * entry of one in a sandbox that lists nothing (a bank's), where this book is the whole list.
 */
const BOOK_UNSAVED =
  "The card accounts themselves are in their sandbox: where it lists its accounts (offline it does), the sidebar lists them again after a reload; a bank's sandbox without an account list shows only the accounts the book had kept, and Open… takes a new one's id."

const BOOK_LOST =
  'The account book stored in this browser could not be read, so it started again empty: the sidebar no longer lists the card accounts the console had created or opened. They are still in their sandboxes: one that lists its accounts shows them again, and Open… takes an id.'

export function createAccountBook(
  storage: SettingsStorage = memoryStorage(),
  now: () => Date = () => new Date(),
): AccountBook {
  const listeners = new Set<() => void>()
  let books = load(storage)

  // A book storage refuses still holds for this page: the account just created stays listed.
  const save = (next: Record<string, UpstreamBook>) => {
    books = next
    const text = writeJson({ format: BOOK_FORMAT, books } satisfies StoredBook)
    writeToStorage(BOOK_WHAT, () => storage.setItem(STORAGE_KEY, text), BOOK_UNSAVED)
    for (const listener of listeners) listener()
  }
  const update = (upstream: string, change: (book: UpstreamBook) => UpstreamBook) =>
    save({ ...books, [upstream]: change(books[upstream] ?? EMPTY) })

  return {
    subscribe(listener) {
      listeners.add(listener)
      // Another tab of the console may change the book: read it again.
      const onStorage = (event: StorageEvent) => {
        if (event.key !== STORAGE_KEY) return
        books = load(storage)
        listener()
      }
      globalThis.addEventListener?.('storage', onStorage)
      return () => {
        listeners.delete(listener)
        globalThis.removeEventListener?.('storage', onStorage)
      }
    },
    of: (upstream) => books[upstream] ?? EMPTY,
    record(upstream, { id, origin, account, maskedPan, note }) {
      const at = now().toISOString()
      update(upstream, (book) => {
        const known = book.entries.find((entry) => entry.id === id)
        const entry: BookEntry = {
          id,
          origin: known?.origin ?? origin,
          addedAt: known?.addedAt ?? at,
          lastSeenAt: at,
          ...definedOr('account', account, known?.account),
          ...definedOr('maskedPan', maskedPan, known?.maskedPan),
          // A note says what was wrong with the account object: a new sighting's own note, or none once an
          // object came without one.
          ...definedOr('note', note, account === undefined ? known?.note : undefined),
        }
        return {
          ...book,
          entries: known ? book.entries.map((e) => (e.id === id ? entry : e)) : [...book.entries, entry],
          hidden: book.hidden.filter((hidden) => hidden !== id),
        }
      })
    },
    touch(upstream, id, maskedPan) {
      const known = books[upstream]?.entries.find((entry) => entry.id === id)
      if (!known) return
      const at = now().toISOString()
      update(upstream, (book) => ({
        ...book,
        entries: book.entries.map((e) =>
          e.id === id ? { ...e, lastSeenAt: at, ...(maskedPan === undefined ? {} : { maskedPan }) } : e,
        ),
      }))
    },
    remove(upstream, id, options) {
      update(upstream, (book) => ({
        ...book,
        entries: book.entries.filter((entry) => entry.id !== id),
        hidden: options?.hide && !book.hidden.includes(id) ? [...book.hidden, id] : book.hidden,
      }))
    },
    clear(upstream) {
      if (books[upstream] === undefined) return
      const { [upstream]: _, ...rest } = books
      save(rest)
    },
    markLocal(upstream) {
      const stale = Object.entries(books).filter(([key, book]) => book.local && key !== upstream)
      if (books[upstream]?.local && stale.length === 0) return
      const kept = Object.fromEntries(
        Object.entries(books).filter(([key, book]) => !book.local || key === upstream),
      )
      save({ ...kept, [upstream]: { ...(books[upstream] ?? EMPTY), local: true } })
    },
    exportBook: () => books,
    importBook(imported, { replacing } = {}) {
      const merged = { ...books }
      if (replacing !== undefined) delete merged[replacing]
      let accounts = 0
      for (const [upstream, book] of Object.entries(imported)) {
        merged[upstream] = upstream === replacing ? book : mergeBooks(merged[upstream] ?? EMPTY, book)
        accounts += book.entries.length
      }
      save(merged)
      return accounts
    },
  }
}

function mergeBooks(mine: UpstreamBook, theirs: UpstreamBook): UpstreamBook {
  const byId = new Map(mine.entries.map((entry) => [entry.id, entry]))
  for (const entry of theirs.entries) {
    const known = byId.get(entry.id)
    const later = known === undefined || entry.lastSeenAt > known.lastSeenAt ? entry : known
    const addedAt = known !== undefined && known.addedAt < entry.addedAt ? known.addedAt : entry.addedAt
    byId.set(entry.id, { ...later, addedAt })
  }
  const hidden = [...new Set([...mine.hidden, ...theirs.hidden])].filter((id) => !byId.has(id))
  const local = mine.local ?? theirs.local
  return { ...(local === undefined ? {} : { local }), entries: [...byId.values()], hidden }
}

/** A field set from `value`, else from `fallback`, else left out (exactOptionalPropertyTypes). */
function definedOr<K extends string, T>(key: K, value: T | undefined, fallback: T | undefined) {
  const chosen = value ?? fallback
  return (chosen === undefined ? {} : { [key]: chosen }) as Partial<Record<K, T>>
}

/** A stored book that cannot be read is started afresh, and the loss said, rather than break the console. */
function load(storage: SettingsStorage): Record<string, UpstreamBook> {
  const stored = readStored(storage.getItem(STORAGE_KEY), {
    storage,
    key: STORAGE_KEY,
    schema: storedBook,
    what: BOOK_WHAT,
    lost: BOOK_LOST,
    parse: readJson,
  })
  return stored?.books ?? {}
}
