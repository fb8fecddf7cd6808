import { type FocusEvent, useEffect, useRef } from 'react'
import { PAGE_SIZES, useView } from '../view-state'
import type { KnownTotal } from './known-total'
import type { PageInfo } from './rows'

const n = (value: number) => value.toLocaleString('en')

/**
 * "Rows 51–100 of 1,007" when the console knows how many rows the filter holds (`known`: the chart's
 * summary of the same window, or the end of the list read), or this is the last page; else "Rows 51–100 of
 * 1,001 or more", as many as it knows there are at least: one more than this page, the rows before the
 * last page the sandbox links to (`_links.last` starting at row 1,001), or what a summary stopped at its cap
 * counted. A known total this page contradicts is of other data than the page's: only "or more" is said
 * then. A page reached by following a sandbox's link as is has no offset the console knows: its rows are
 * counted only.
 */
export function rowsText(
  offset: number | undefined,
  { count, hasMore, lastOffset }: PageInfo,
  known: KnownTotal = { exact: undefined, atLeast: 0 },
): string {
  if (offset === undefined)
    return count === 0
      ? 'No rows on the linked page'
      : `${n(count)} ${count === 1 ? 'row' : 'rows'} on the linked page`
  if (count === 0) return offset === 0 ? 'No rows' : `No rows from row ${n(offset + 1)} on`
  const last = offset + count
  if (!hasMore) return `Rows ${n(offset + 1)}–${n(last)} of ${n(last)}`
  const atLeast = Math.max(last + 1, (lastOffset ?? 0) + 1, known.atLeast)
  const total = known.exact !== undefined && known.exact >= atLeast ? n(known.exact) : `${n(atLeast)} or more`
  return `Rows ${n(offset + 1)}–${n(last)} of ${total}`
}

/**
 * The page asked for while another page's rows stand in for it: where the clicks point, said at once,
 * without a count only its answer can give.
 */
export function askedText(offset: number | undefined, limit: number): string {
  return offset === undefined ? 'The linked page' : `Rows ${n(offset + 1)}–${n(offset + limit)}`
}

interface PaginationProps {
  /** What rows the page holds, in words (`rowsText`, or `askedText` while another page stands in). */
  label: string
  loading: boolean
  /** Undefined when there is no page that way. */
  onPrevious: (() => void) | undefined
  onNext: (() => void) | undefined
}

export function Pagination({ label, loading, onPrevious, onNext }: PaginationProps) {
  const [view, setView] = useView()
  const nav = useKeptFocus(label)
  const sizes = PAGE_SIZES.some((s) => s === view.limit)
    ? PAGE_SIZES
    : [...PAGE_SIZES, view.limit].sort((a, b) => a - b)
  return (
    <nav className="pagination" aria-label="Pages" ref={nav.ref} onFocus={nav.onFocus} onBlur={nav.onBlur}>
      <span className="rows-text">{label}</span>
      {loading ? <span className="muted">Loading…</span> : null}
      <button type="button" disabled={!onPrevious} onClick={onPrevious}>
        ‹ Prev
      </button>
      <button type="button" disabled={!onNext} onClick={onNext}>
        Next ›
      </button>
      <label>
        Page size{' '}
        <select value={view.limit} onChange={(e) => setView({ limit: Number(e.target.value) })}>
          {sizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
    </nav>
  )
}

/**
 * Next › onto the last page (‹ Prev onto the first) disables the button under the focus, and the browser
 * drops the focus to the page's start: it goes to the pager's first control still enabled instead. And
 * when the page changes (its `label`) under a focus in the pager, the focused control is kept in view: the
 * new rows may be taller, and the pager below them moved out of the main area's view (a keyboard tester
 * at 800×600 pressing Next › again half-blind). Only then: a user who scrolled away is not pulled back.
 */
function useKeptFocus(label: string) {
  const ref = useRef<HTMLElement>(null)
  const last = useRef<HTMLButtonElement | HTMLSelectElement | null>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: run when the page, told by its label, changed
  useEffect(() => {
    const focused = document.activeElement
    if (focused instanceof HTMLElement && ref.current?.contains(focused))
      focused.scrollIntoView({ block: 'nearest' })
  }, [label])
  useEffect(() => {
    const focused = document.activeElement
    // Still on the disabled button (the browser drops it a moment later), or dropped already.
    const lost = focused === null || focused === document.body || focused === last.current
    if (!lost || !last.current?.disabled) return
    ref.current?.querySelector<HTMLElement>('button:enabled, select:enabled')?.focus()
  })
  return {
    ref,
    onFocus: (event: FocusEvent) => {
      if (event.target instanceof HTMLButtonElement || event.target instanceof HTMLSelectElement)
        last.current = event.target
    },
    // Left for elsewhere while still enabled: nothing of the pager's to give back.
    onBlur: (event: FocusEvent) => {
      if (event.target === last.current && !last.current.disabled) last.current = null
    },
  }
}
