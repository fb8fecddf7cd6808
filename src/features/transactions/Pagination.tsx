import { PAGE_SIZES, useView } from '../view-state'
import type { PageInfo } from './rows'

const n = (value: number) => value.toLocaleString('en')

/** "Rows 51–100 of ≥ 101" while more may follow; the exact count once the last page is known. */
export function rowsText(offset: number, { count, hasMore }: PageInfo): string {
  if (count === 0) return offset === 0 ? 'No rows' : `No rows from row ${n(offset + 1)} on`
  const last = offset + count
  return `Rows ${n(offset + 1)}–${n(last)} of ${hasMore ? `≥ ${n(last + 1)}` : n(last)}`
}

interface PaginationProps {
  info: PageInfo
  loading: boolean
  /** Called with the new offset before the view changes, to start loading that page at once. */
  onPage: (offset: number) => void
}

export function Pagination({ info, loading, onPage }: PaginationProps) {
  const [view, setView] = useView()
  const go = (offset: number) => {
    onPage(offset)
    setView({ offset })
  }
  const sizes = PAGE_SIZES.some((s) => s === view.limit)
    ? PAGE_SIZES
    : [...PAGE_SIZES, view.limit].sort((a, b) => a - b)
  return (
    <nav className="pagination" aria-label="Pages">
      <span className="rows-text">{rowsText(view.offset, info)}</span>
      {loading ? <span className="muted">Loading…</span> : null}
      <button
        type="button"
        disabled={view.offset === 0}
        onClick={() => go(Math.max(0, view.offset - view.limit))}
      >
        ‹ Prev
      </button>
      <button type="button" disabled={!info.hasMore} onClick={() => go(view.offset + view.limit)}>
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
