import type { SummaryBucket, SummaryBucketTally, TransactionsSummary } from '../../contract'

const DAY_MS = 86_400_000

/** Days since 1970-01-01 of an ISO date: a linear axis with no time zone in it. */
export function dayNumber(date: string): number {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number)
  return Math.round(Date.UTC(year, month - 1, day) / DAY_MS)
}

export function isoOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10)
}

export const bucketDays = (bucket: SummaryBucket) => (bucket === 'day' ? 1 : 7)

/** The days the axis spans, the last bucket whole: [first day, day after the last). */
export function axisDays(summary: TransactionsSummary): [number, number] | undefined {
  if (summary.fromDate === null || summary.toDate === null) return undefined
  const first = Math.min(dayNumber(summary.fromDate), ...summary.buckets.map((b) => dayNumber(b.start)))
  const last = Math.max(
    dayNumber(summary.toDate) + 1,
    ...summary.buckets.map((b) => dayNumber(b.start) + bucketDays(summary.bucket)),
  )
  return [first, last]
}

/**
 * The whole buckets a brush from day `a` to day `b` (either order, fractional) covers, as the axis days
 * [lo, hi) they span: what the brush shows while dragged is what it applies.
 */
export function brushedDays(
  a: number,
  b: number,
  summary: TransactionsSummary,
): [number, number] | undefined {
  const axis = axisDays(summary)
  if (axis === undefined) return undefined
  const size = bucketDays(summary.bucket)
  const origin = summary.bucket === 'week' ? weekOrigin(axis[0]) : axis[0]
  const lo = Math.max(axis[0], origin + Math.floor((Math.min(a, b) - origin) / size) * size)
  const hi = Math.min(axis[1], origin + Math.ceil((Math.max(a, b) - origin) / size) * size)
  return hi > lo ? [lo, hi] : undefined
}

/**
 * The From/To a brush from day `a` to day `b` selects: its whole buckets (`brushedDays`), so a brush over
 * three bars filters the table to exactly those bars, and never beyond the summary's window.
 */
export function brushedWindow(
  a: number,
  b: number,
  summary: TransactionsSummary,
): { from: string; to: string } | undefined {
  const days = brushedDays(a, b, summary)
  if (days === undefined) return undefined
  const [lo, hi] = days
  const windowFrom = summary.fromDate === null ? lo : Math.max(lo, dayNumber(summary.fromDate))
  const windowTo = summary.toDate === null ? hi - 1 : Math.min(hi - 1, dayNumber(summary.toDate))
  return { from: isoOfDay(windowFrom), to: isoOfDay(windowTo) }
}

/** The Monday on or before the day (1970-01-01 was a Thursday). */
export function weekOrigin(day: number): number {
  return day - ((day + 3) % 7)
}

export type Measure = 'count' | 'sum'

/** A bar's value: the count, or the sum in `currency` (0 where it has none). */
export function barValue(tally: SummaryBucketTally['booked'], measure: Measure, currency: string): number {
  if (measure === 'count') return tally.count
  return Number(tally.sums[currency] ?? 0)
}

/** The currencies the summary has sums in, the most used first. */
export function currenciesOf(summary: TransactionsSummary): string[] {
  return [...summary.totals].sort((a, b) => b.count - a.count).map((t) => t.currency)
}

/** Exact below 10,000; above, compact ("2.5M", "100T"), so that a sum of any size fits the axis's margin. */
const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 })
export function tickLabel(value: number): string {
  return Math.abs(value) < 10_000 ? value.toLocaleString('en') : compact.format(value)
}
