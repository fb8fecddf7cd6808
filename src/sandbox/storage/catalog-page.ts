import type { IsoDate } from '../../contract'
import type { CatalogRecord } from './indexeddb-schema'

/** A row's place: its block's index in the account's blocks, in key order, and its own in the block. */
export interface RowPlace {
  block: number
  offset: number
}

/**
 * The rows of one list (booked or pending) dated within the inclusive bounds, as `AccountIndex` lists
 * them: newest date first, and among rows of one date the last created first. Returns how many the window
 * holds and the places of rows `start` to `end` (exclusive) of it. Rows are grouped by date, so only
 * the distinct dates are sorted, not the rows.
 */
export function placesInWindow(
  catalogs: readonly CatalogRecord[],
  booked: boolean,
  window: { fromDate?: IsoDate | undefined; toDate?: IsoDate | undefined },
  span: { start: number; end: number },
): { count: number; places: RowPlace[] } {
  const { fromDate = '', toDate = '\uffff' } = window
  // Creation order as one number per row: blocks hold at most `stride` rows.
  const stride = catalogs.reduce((most, { ids }) => Math.max(most, ids.length), 1)
  const byDate = new Map<string, number[]>()
  let count = 0
  catalogs.forEach((catalog, block) => {
    for (let offset = 0; offset < catalog.ids.length; offset++) {
      const date = catalog.dates[offset] as string
      if (catalog.booked[offset] !== booked || date < fromDate || date > toDate) continue
      const rows = byDate.get(date)
      if (rows) rows.push(block * stride + offset)
      else byDate.set(date, [block * stride + offset])
      count++
    }
  })
  const places: RowPlace[] = []
  let skipped = 0
  for (const date of [...byDate.keys()].sort().reverse()) {
    if (places.length >= span.end - span.start) break
    const rows = byDate.get(date) as number[]
    if (skipped + rows.length <= span.start) {
      skipped += rows.length
      continue
    }
    for (let i = rows.length - 1 - Math.max(0, span.start - skipped); i >= 0; i--) {
      if (places.length >= span.end - span.start) break
      const row = rows[i] as number
      places.push({ block: Math.floor(row / stride), offset: row % stride })
    }
    skipped = span.start
  }
  return { count, places }
}
