import { useCallback, useSyncExternalStore } from 'react'
import { type BookingStatus, bookingStatuses, isCalendarDate } from '../contract'

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

function wholeNumber(value: string | null, min: number): number | undefined {
  if (value === null || !/^[0-9]{1,9}$/.test(value)) return undefined
  const n = Number(value)
  return n >= min ? n : undefined
}

function date(value: string | null): string | undefined {
  return value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) && isCalendarDate(value) ? value : undefined
}

/** Anything unreadable in a pasted link falls back to its default rather than breaking the page. */
export function parseView(search: string): ViewState {
  const q = new URLSearchParams(search)
  const status = q.get('status')
  return {
    account: q.get('account') || undefined,
    status: bookingStatuses.find((s) => s === status) ?? 'booked',
    from: date(q.get('from')),
    to: date(q.get('to')),
    offset: wholeNumber(q.get('offset'), 0) ?? 0,
    limit: wholeNumber(q.get('limit'), 1) ?? DEFAULT_PAGE_SIZE,
    fix: q.get('fix') === '1',
  }
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
    const next = viewSearch({ ...parseView(location.search), ...patch })
    if (next === location.search) return
    if (options?.replace) history.replaceState(null, '', next)
    else history.pushState(null, '', next)
    window.dispatchEvent(new Event(CHANGE))
  }, [])
  return [parseView(search), setView]
}
