import type { IsoDate } from '../../contract'
import type { CatalogRecord } from './indexeddb-schema'

/** A row's place: its block's index in the account's blocks, in key order, and its own in the block. */
export interface RowPlace {
  block: number
  offset: number
}

/**
 * One list's rows (booked or pending) grouped by their list date, dates ascending, each date's rows in
 * creation order, each row as one number: block index × `stride` + offset.
 */
export interface DateGroups {
  dates: string[]
  rows: number[][]
  stride: number
}

/** The rows of one list within a date window: how many, and the places of rows `start` to `end` of it. */
export interface WindowRows {
  count: number
  take(span: { start: number; end: number }): RowPlace[]
}

/** Groups the catalog's rows of one list by date: once per read of the catalog, for any window after. */
export function groupByDate(catalogs: readonly CatalogRecord[], booked: boolean): DateGroups {
  const stride = catalogs.reduce((most, { ids }) => Math.max(most, ids.length), 1)
  const byDate = new Map<string, number[]>()
  catalogs.forEach((catalog, block) => {
    for (let offset = 0; offset < catalog.ids.length; offset++) {
      if (catalog.booked[offset] !== booked) continue
      const date = catalog.dates[offset] as string
      const rows = byDate.get(date)
      if (rows) rows.push(block * stride + offset)
      else byDate.set(date, [block * stride + offset])
    }
  })
  const dates = [...byDate.keys()].sort()
  return { dates, rows: dates.map((date) => byDate.get(date) as number[]), stride }
}

/**
 * The rows dated within the inclusive bounds, as `AccountIndex` lists them: newest date first, and among
 * rows of one date the last created first.
 */
export function rowsInWindow(
  { dates, rows, stride }: DateGroups,
  { fromDate = '', toDate = '\uffff' }: { fromDate?: IsoDate | undefined; toDate?: IsoDate | undefined },
): WindowRows {
  let first = 0
  while (first < dates.length && (dates[first] as string) < fromDate) first++
  let last = dates.length - 1
  while (last >= first && (dates[last] as string) > toDate) last--
  let count = 0
  for (let i = first; i <= last; i++) count += (rows[i] as number[]).length
  return {
    count,
    take({ start, end }) {
      const places: RowPlace[] = []
      let skipped = 0
      for (let d = last; d >= first && places.length < end - start; d--) {
        const group = rows[d] as number[]
        if (skipped + group.length <= start) {
          skipped += group.length
          continue
        }
        for (let i = group.length - 1 - Math.max(0, start - skipped); i >= 0; i--) {
          if (places.length >= end - start) break
          const row = group[i] as number
          places.push({ block: Math.floor(row / stride), offset: row % stride })
        }
        skipped = start
      }
      return places
    },
  }
}
