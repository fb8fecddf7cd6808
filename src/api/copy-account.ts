import type { ApiClient } from './api-client'
import type { TransactionsPage } from './client'
import { ApiError } from './errors'
import type { Reading } from './reading'
import type { AccountAsRead } from './scenario-copy'

/** Rows asked for per page: the platform's default page size (release 1.19.2). */
const PAGE_LIMIT = 200

type TransactionLists = TransactionsPage['cardTransactions']

/**
 * The offline sandbox keeps at most this many transactions per card account (its store's cap): reading
 * more could never be loaded, and each page is a read the bank counts.
 */
export const COPY_MAX_TRANSACTIONS = 200_000

export interface CopyProgress {
  pages: number
  transactions: number
}

export interface AccountReading extends AccountAsRead {
  /** Requests the transactions took: each counts against the bank's limits. */
  pages: number
  /** The sandbox refused `both` as a bank that lists booked transactions only does: pending were not read. */
  bookedOnly: boolean
}

interface ReadWholeOptions {
  corporateId?: string | undefined
  signal?: AbortSignal | undefined
  onProgress?: (progress: CopyProgress) => void
  /** Rows per page asked for; a sandbox may send fewer and link on. */
  pageLimit?: number
  max?: number
}

/**
 * An account and every one of its transactions, booked and pending, page after page as the table pages:
 * the sandbox's `_links.next` while it sends links (however it writes them), else by offset until a page
 * comes back empty (a bank may cut a page short without saying so). A failed request throws its ApiError,
 * whose messages are the sandbox's own; an answer the liberal reader cannot take throws too. Nothing is
 * kept of a read that fails part-way: the caller gets all or an error.
 */
export async function readWholeAccount(
  api: Pick<ApiClient, 'getCardAccount' | 'listTransactions' | 'followTransactionsLink'>,
  accountId: string,
  {
    corporateId,
    signal,
    onProgress,
    pageLimit = PAGE_LIMIT,
    max = COPY_MAX_TRANSACTIONS,
  }: ReadWholeOptions = {},
): Promise<AccountReading> {
  const options = { corporateId, signal }
  const account = await api.getCardAccount(accountId, options)
  if (account.kind !== 'read') throw unexpected('The card account', account.problems)

  const listFrom = (bookingStatus: 'both' | 'booked', offset: number) =>
    api.listTransactions(accountId, { bookingStatus, offset, limit: pageLimit }, options)
  let bookedOnly = false
  let page: Reading<TransactionsPage> | undefined
  try {
    page = await listFrom('both', 0)
  } catch (error) {
    if (!refusesBoth(error)) throw error
    bookedOnly = true
    page = await listFrom('booked', 0)
  }

  const followed = new Set<string>()
  let offset = 0
  /** The page after `lists`: by its link while the sandbox sends links, else by offset until one is empty. */
  const pageAfter = async (lists: TransactionLists): Promise<Reading<TransactionsPage> | undefined> => {
    if (lists._links !== undefined) {
      const next = lists._links.next?.href
      if (next === undefined) return undefined
      if (followed.has(next)) {
        throw new Error(
          `The sandbox linked back to a page it had sent already (${next}): the copy stopped there.`,
        )
      }
      followed.add(next)
      return api.followTransactionsLink(next, options)
    }
    const count = lists.booked.length + lists.pending.length
    if (count === 0) return undefined
    offset += count
    return listFrom(bookedOnly ? 'booked' : 'both', offset)
  }

  const booked: AccountReading['booked'][number][] = []
  const pending: AccountReading['pending'][number][] = []
  let pages = 0
  while (page !== undefined) {
    pages++
    if (page.kind !== 'read') throw unexpected(`Page ${pages} of the transactions`, page.problems)
    const lists = page.value.cardTransactions
    booked.push(...lists.booked)
    pending.push(...lists.pending)
    onProgress?.({ pages, transactions: booked.length + pending.length })
    if (booked.length + pending.length > max) {
      throw new Error(
        `The account holds more than ${max.toLocaleString('en')} transactions, the most the offline sandbox ` +
          'keeps in one card account: nothing was copied.',
      )
    }
    page = await pageAfter(lists)
  }
  return { account: account.value, booked, pending, pages, bookedOnly }
}

/** A bank that lists booked transactions only answers `both` so (the `booked-only` personality, too). */
function refusesBoth(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 400 &&
    error.messages.some((m) => m.code === 'PARAMETER_NOT_SUPPORTED' && m.path === 'bookingStatus')
  )
}

function unexpected(what: string, problems: readonly string[]): Error {
  return new Error(`${what} was not what the console expects: ${problems.join('; ')}`)
}
