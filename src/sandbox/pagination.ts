import type { paginationLinks } from '../contract'
import type { z } from '../contract/zod'

export type PaginationLinks = z.infer<typeof paginationLinks>

interface Span {
  start: number
  end: number
}

/**
 * Where one page lies in each list when booked then pending are paged as one sequence (`both`);
 * a list left out of the query counts as empty.
 */
export function pageSpans(
  bookedCount: number,
  pendingCount: number,
  offset: number,
  limit: number,
): { booked: Span; pending: Span } {
  const end = offset + limit
  const clamp = (value: number, max: number) => Math.min(Math.max(value, 0), max)
  return {
    booked: { start: clamp(offset, bookedCount), end: clamp(end, bookedCount) },
    pending: {
      start: clamp(offset - bookedCount, pendingCount),
      end: clamp(end - bookedCount, pendingCount),
    },
  }
}

/**
 * Berlin Group `_links` of one page: `first` and `last` always (the total is known here), `next` while rows
 * remain, `previous` after the first page. `last` starts the last page of the grid `first` and `next` walk
 * (a multiple of limit); `previous` of a page past the end is that last page, never a page past the end
 * too. Each keeps the request's other query parameters and ends with offset and limit, in that order
 * whether or not the request named them.
 */
export function pageLinks(
  path: string,
  query: Readonly<Record<string, string>>,
  page: { offset: number; limit: number; total: number },
): PaginationLinks {
  const { offset, limit, total } = page
  const href = (at: number) => {
    const search = new URLSearchParams(query)
    // `set` would keep a parameter where the request put it: links differed by whether limit was sent.
    search.delete('offset')
    search.delete('limit')
    search.append('offset', String(at))
    search.append('limit', String(limit))
    return { href: `${path}?${search}` }
  }
  const lastStart = total === 0 ? 0 : Math.floor((total - 1) / limit) * limit
  const back = Math.max(0, offset - limit)
  return {
    first: href(0),
    ...(offset + limit < total ? { next: href(offset + limit) } : {}),
    ...(offset > 0 ? { previous: href(back >= total ? lastStart : back) } : {}),
    last: href(lastStart),
  }
}
