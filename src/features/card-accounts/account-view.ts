import type { BookEntry, CardAccountRead, UpstreamBook } from '../../api'

/**
 * A card account as the screens know it: its id always, the rest as far as a sandbox said. An account
 * opened by id on a sandbox that would not show it may be known by its masked PAN alone, or by nothing.
 */
export interface AccountView {
  resourceId: string
  maskedPan: string | undefined
  currency: string | undefined
  customerNumber: string | undefined
  /** `private` or `corporate` as our sandbox says; whatever a real one says, kept as sent. */
  customerType: string | undefined
  name: string | undefined
  product: string | undefined
  status: string | undefined
}

/** One account of the sidebar: from the sandbox's list, the console's book, or both. */
export interface KnownAccount {
  view: AccountView
  /** The book's entry, when the account is in it. */
  entry: BookEntry | undefined
  /** Whether the sandbox's own list names it. */
  listed: boolean
}

/** What a sandbox's account object says, read field by field: a field of another type is left out. */
export function accountView(id: string, answer: unknown, maskedPan?: string): AccountView {
  const object = typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>) : {}
  const text = (key: string) => {
    const value = object[key]
    return typeof value === 'string' && value !== '' ? value : undefined
  }
  return {
    resourceId: id,
    maskedPan: text('maskedPan') ?? maskedPan,
    currency: text('currency'),
    customerNumber: text('customerNumber'),
    customerType: text('customerType'),
    name: text('name'),
    product: text('product'),
    status: text('status'),
  }
}

/**
 * The sidebar's accounts: the list's, in its order, then the book's others in the order they were added.
 * A listed account removed from the book (hidden) is left out; one in both is shown once, as listed.
 */
export function knownAccounts(
  listed: readonly CardAccountRead[] | undefined,
  book: UpstreamBook,
): KnownAccount[] {
  const entries = new Map(book.entries.map((entry) => [entry.id, entry]))
  const hidden = new Set(book.hidden)
  const fromList = (listed ?? [])
    .filter((account) => !hidden.has(account.resourceId))
    .map((account) => ({
      view: accountView(account.resourceId, account),
      entry: entries.get(account.resourceId),
      listed: true,
    }))
  const inList = new Set(fromList.map(({ view }) => view.resourceId))
  const fromBook = book.entries
    .filter((entry) => !inList.has(entry.id))
    .map((entry) => ({ view: accountView(entry.id, entry.account, entry.maskedPan), entry, listed: false }))
  return [...fromList, ...fromBook]
}
