import { useCallback, useEffect, useState, useSyncExternalStore } from 'react'
import {
  type BookingStatus,
  bookingStatuses,
  INT32_MAX,
  isCalendarDate,
  type TransactionsParams,
} from '../contract'

/** The view is the URL: `?account=…&status=booked&from=…&to=…&offset=50&limit=50&fix=1`. */
export interface ViewState {
  account: string | undefined
  status: BookingStatus
  from: string | undefined
  to: string | undefined
  offset: number
  limit: number
  fix: boolean
}

export const PAGE_SIZES = [1, 5, 10, 50, 200] as const
const DEFAULT_PAGE_SIZE = 50
/** A bigger page is not offered: thousands of rows at once make the table unusable. */
export const MAX_PAGE_SIZE = Math.max(...PAGE_SIZES)

/** A value of digits only, leading zeros and all ("050" is 50), from `min` to the wire's int32 maximum. */
function wholeNumber(value: string | null, min: number): number | undefined {
  const n = digits(value)
  return n !== undefined && n >= min && n <= INT32_MAX ? n : undefined
}

const digits = (value: string | null) =>
  value !== null && /^[0-9]+$/.test(value) ? Number(value) : undefined

function date(value: string | null): string | undefined {
  return value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) && isCalendarDate(value) ? value : undefined
}

/** Anything unreadable in a pasted link falls back to its default rather than breaking the page. */
export function parseView(search: string): ViewState {
  const q = new URLSearchParams(search)
  const status = q.get('status')
  return {
    // Pasted with the spaces around it that a copy from a table or a chat brings along.
    account: q.get('account')?.trim() || undefined,
    status: bookingStatuses.find((s) => s === status) ?? 'booked',
    from: date(q.get('from')),
    to: date(q.get('to')),
    offset: wholeNumber(q.get('offset'), 0) ?? 0,
    limit: Math.min(wholeNumber(q.get('limit'), 1) ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
    fix: q.get('fix') === '1',
  }
}

/** The view's parameters a link gives twice or more: the first of each is read, and the note says so. */
const viewParameters = ['account', 'status', 'from', 'to', 'offset', 'limit', 'fix'] as const

function repeatedParameters(q: URLSearchParams): string[] {
  return viewParameters.flatMap((key) => {
    const values = q.getAll(key)
    return values.length > 1
      ? [`“${key}” is given ${values.length} times: the first, “${values[0]}”, is used.`]
      : []
  })
}

/**
 * What a pasted link asked for and did not get, in words: the URL is rewritten to the view applied, and
 * these say why it changed. Parameters the view does not know are not reported (another page's, a token).
 */
export function viewCorrections(search: string): string[] {
  const q = new URLSearchParams(search)
  const view = parseView(search)
  const notes = repeatedParameters(q)
  const account = q.get('account')
  if (account !== null && view.account !== undefined && account !== view.account)
    notes.push('The spaces around the card account id were left out.')
  const status = q.get('status')
  if (status !== null && status !== view.status)
    notes.push(`Status “${status}” is not one of booked, pending or both: showing ${view.status}.`)
  for (const [key, label] of [
    ['from', 'From'],
    ['to', 'To'],
  ] as const) {
    const value = q.get(key)
    if (value !== null && value !== '' && value !== view[key])
      notes.push(`${label} “${value}” is not a real date in the form YYYY-MM-DD: no ${label} date applied.`)
  }
  return [...notes, ...pageNotes(q, view)]
}

/** Why the link's offset or page size is not the view's. */
function pageNotes(q: URLSearchParams, view: ViewState): string[] {
  const notes: string[] = []
  const offset = q.get('offset')
  const skipped = digits(offset)
  if (skipped !== undefined && skipped > INT32_MAX)
    notes.push(
      `Offset is more than the largest a sandbox takes, ${INT32_MAX.toLocaleString('en')}: starting at the first row.`,
    )
  else if (offset !== null && skipped !== view.offset)
    notes.push(`Offset “${offset}” is not a row number: starting at the first row.`)
  const limit = q.get('limit')
  const asked = digits(limit)
  if (asked !== undefined && asked > MAX_PAGE_SIZE)
    notes.push(
      `Page size ${Number.isSafeInteger(asked) ? asked.toLocaleString('en') : `of ${limit?.length} digits`} is more than the largest offered: showing ${MAX_PAGE_SIZE} rows a page.`,
    )
  else if (limit !== null && asked !== view.limit)
    notes.push(`Page size “${limit}” is not a number of rows: showing ${view.limit} rows a page.`)
  return notes
}

/**
 * The account and the page are places (back returns to them: a history entry); status, dates, page size
 * and the swap are how a place is looked at (they replace the entry, so back does not replay every click).
 */
export function pushesHistory(before: ViewState, after: ViewState): boolean {
  if (before.account !== after.account) return true
  const lookChanged =
    before.status !== after.status ||
    before.from !== after.from ||
    before.to !== after.to ||
    before.limit !== after.limit ||
    before.fix !== after.fix
  return !lookChanged && before.offset !== after.offset
}

/**
 * The view on arriving at `account`, from another account or into another sandbox's data (a mode switch,
 * a loaded scenario): the dates and the page belong to the account looked at, so they stay behind; the
 * status filter, page size and swap are how the tester looks at every account, so they come along.
 * The one rule for every such arrival (docs/decisions.md#url-state).
 */
export function arriveAt(view: ViewState, account: string | undefined): ViewState {
  return { ...view, account, from: undefined, to: undefined, offset: 0 }
}

/** Fixed parameter order, so one view always has one URL. */
export function viewSearch(view: ViewState): string {
  const q = new URLSearchParams()
  if (view.account) q.set('account', view.account)
  q.set('status', view.status)
  if (view.from) q.set('from', view.from)
  if (view.to) q.set('to', view.to)
  q.set('offset', String(view.offset))
  q.set('limit', String(view.limit))
  if (view.fix) q.set('fix', '1')
  return `?${q}`
}

/** The query of the table's page of transactions in `view`: what the table reads, and a link reads again. */
export function transactionsParamsOf(view: ViewState): TransactionsParams {
  return {
    bookingStatus: view.status,
    fromDate: view.from,
    toDate: view.to,
    offset: view.offset,
    limit: view.limit,
  }
}

const CHANGE = 'sandbox-console:view'

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange)
  window.addEventListener(CHANGE, onChange)
  return () => {
    window.removeEventListener('popstate', onChange)
    window.removeEventListener(CHANGE, onChange)
  }
}

const currentSearch = () => location.search

export type SetView = (patch: Partial<ViewState>, options?: { replace?: boolean }) => void

/** Reads the view from the URL and writes changes as history entries, so back/forward work. */
export function useView(): [ViewState, SetView] {
  const search = useSyncExternalStore(subscribe, currentSearch)
  const setView = useCallback<SetView>((patch, options) => {
    const before = parseView(location.search)
    // Another account leaves the last one's dates and page behind, unless the patch names its own.
    const leaving = 'account' in patch && patch.account !== before.account
    const after = { ...(leaving ? arriveAt(before, patch.account) : before), ...patch }
    if (writeView(before, after, options)) window.dispatchEvent(new Event(CHANGE))
  }, [])
  return [viewOf(search), setView]
}

/**
 * Writes `after` to the address, as a history entry where it is another place (`pushesHistory`), else in
 * place; says whether the address changed. It tells no reader: `setView` does, and a page about to reload
 * (a scenario's load) must not show a view its sandbox has not started with.
 */
export function writeView(before: ViewState, after: ViewState, options?: { replace?: boolean }): boolean {
  const next = viewSearch(after)
  if (next === location.search) return false
  if (options?.replace || !pushesHistory(before, after)) history.replaceState(null, '', next)
  else history.pushState(null, '', next)
  return true
}

/**
 * The view of `search`, parsed once for all the hooks that read it in a render (the table's parts each ask):
 * the same object while the address is the same.
 */
let parsed: { search: string; view: ViewState } | undefined
function viewOf(search: string): ViewState {
  if (parsed?.search !== search) parsed = { search, view: parseView(search) }
  return parsed.view
}

/**
 * Rewrites a URL the view could not apply as it stands (`status=foo`, `offset=-5`, `from=2026-02-30`,
 * `limit=5000`) to the view applied, on load and on back/forward, so the address bar never claims a view
 * the table does not show; a view naming no account is given `defaultAccount` (the first one), keeping the
 * link's look: the link is not left for another account, it is shown on one. Returns what was changed, in
 * words, while the URL is still the rewritten one.
 */
export function useAppliedView(defaultAccount: string | undefined): string[] {
  const search = useSyncExternalStore(subscribe, currentSearch)
  const [rewritten, setRewritten] = useState<{ search: string; notes: string[] }>()
  useEffect(() => {
    const notes = viewCorrections(search)
    const view = parseView(search)
    const account = view.account ?? defaultAccount
    if (notes.length === 0 && account === view.account) return
    const applied = viewSearch({ ...view, account })
    history.replaceState(history.state, '', applied)
    // The notes of a link corrected before an account was there to show it stay with it once one is.
    setRewritten((before) =>
      notes.length > 0
        ? { search: applied, notes }
        : before?.search === search
          ? { ...before, search: applied }
          : before,
    )
    window.dispatchEvent(new Event(CHANGE))
  }, [search, defaultAccount])
  return rewritten?.search === search ? rewritten.notes : []
}
