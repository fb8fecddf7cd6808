import { DECIMAL_AMOUNT } from './amount'
import { addDays, daysBetween, type IsoDate, isoDate, utcMidnight } from './dates'
import { jsonInt } from './sandbox-clock'
import { z } from './zod'

/** How the summary groups transactions by date: per calendar day, or per ISO week (Monday first). */
export const summaryBuckets = ['day', 'week'] as const
export type SummaryBucket = (typeof summaryBuckets)[number]

/** Beyond this many days in the window, `bucket` left out means weeks: a chart of 400 bars is unreadable. */
export const DAY_BUCKETS_UP_TO_DAYS = 92

/** How many merchant categories the summary names, the most frequent first. */
export const TOP_CATEGORIES = 5

/** Query of GET .../transactions/summary: the list's date filter, and the grouping. Strict, like the list's. */
export const transactionsSummaryQuery = z.strictObject({
  fromDate: z.optional(isoDate),
  toDate: z.optional(isoDate),
  bucket: z.optional(z.enum(summaryBuckets, { error: 'bucket must be day or week' })),
})
export type TransactionsSummaryQuery = z.output<typeof transactionsSummaryQuery>

// A count as the engine writes it, or as the console's lossless JSON reader gives it back.
const count = jsonInt(0, Number.MAX_SAFE_INTEGER)
/** An exact sum: as many digits as it takes, two or three decimals; no float ever rounds a cent away. */
const decimalSum = z.string().check(z.regex(/^-?[0-9]+\.[0-9]{2,3}$/))
/** Sums per currency code. */
const sums = z.record(z.string(), decimalSum)

const tally = z.strictObject({ count, sums })
export type Tally = z.infer<typeof tally>

export const summaryBucket = z.strictObject({
  /** The bucket's first day (a Monday for weeks). */
  start: isoDate,
  booked: tally,
  pending: tally,
})
export type SummaryBucketTally = z.infer<typeof summaryBucket>

export const currencyTotal = z.strictObject({
  currency: z.string(),
  count,
  /** The sum of the positive amounts. */
  in: decimalSum,
  /** The sum of the negative amounts (zero or less). */
  out: decimalSum,
})
export type CurrencyTotal = z.infer<typeof currencyTotal>

export const categoryTotal = z.strictObject({ merchantCategoryCode: z.string(), count, sums })
export type CategoryTotal = z.infer<typeof categoryTotal>

/** 200 answer of GET .../transactions/summary. */
export const transactionsSummary = z.strictObject({
  /** The window summarised: the query's bounds, else the first and last dates found (null when empty). */
  fromDate: z.nullable(isoDate),
  toDate: z.nullable(isoDate),
  bucket: z.enum(summaryBuckets),
  count,
  /** Only the buckets that hold a transaction, oldest first. */
  buckets: z.array(summaryBucket),
  totals: z.array(currencyTotal),
  topCategories: z.array(categoryTotal),
  /** Transactions whose amount could not be read as a decimal (a remote sandbox's): counted, not summed. */
  unreadableAmounts: count,
})
export type TransactionsSummary = z.infer<typeof transactionsSummary>

const tallyFromServer = z.catchall(tally, z.unknown())
/**
 * How the console reads a summary (docs/decisions.md#liberal-reading): the fields it uses as the sandbox
 * writes them, and whatever else a sandbox adds kept, at every level (the `extra-fields` personality's
 * `bankVersion` among them).
 */
export const transactionsSummaryFromServer = z.extend(z.catchall(transactionsSummary, z.unknown()), {
  buckets: z.array(
    z.extend(z.catchall(summaryBucket, z.unknown()), { booked: tallyFromServer, pending: tallyFromServer }),
  ),
  totals: z.array(z.catchall(currencyTotal, z.unknown())),
  topCategories: z.array(z.extend(z.catchall(categoryTotal, z.unknown()), { sums })),
})

/** What the summary needs of one transaction, from the engine's store or a page a remote sandbox sent. */
export interface SummaryInput {
  status: 'booked' | 'pending'
  /** The date the list filters it by: bookingDate when booked, transactionDate when pending. */
  date: string
  currency: string
  amount: string
  merchantCategoryCode: string
}

/** Amounts in thousandths (the contract's three decimals), as BigInt: 100,000 sums stay exact. */
const SCALE = 1000n

function thousandths(amount: string): bigint | undefined {
  if (!DECIMAL_AMOUNT.test(amount)) return undefined
  const negative = amount.startsWith('-')
  const [whole = '0', fraction = ''] = (negative ? amount.slice(1) : amount).split('.')
  const value = BigInt(whole) * SCALE + BigInt(fraction.padEnd(3, '0'))
  return negative ? -value : value
}

/** Two decimals at least, the third only when it is not zero: "12.50", "0.125", "-3.00". */
export function decimalOf(value: bigint): string {
  const negative = value < 0n
  const magnitude = negative ? -value : value
  const fraction = String(magnitude % SCALE)
    .padStart(3, '0')
    .replace(/0$/, '')
  return `${negative ? '-' : ''}${magnitude / SCALE}.${fraction}`
}

/** The Monday on or before `date`. */
export function weekStart(date: IsoDate): IsoDate {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number)
  const weekday = (new Date(utcMidnight(year, month, day)).getUTCDay() + 6) % 7
  return addDays(date, -weekday)
}

/** The grouping a query asked for, or the one its window suits. */
export function bucketFor(
  asked: SummaryBucket | undefined,
  fromDate: IsoDate | null,
  toDate: IsoDate | null,
): SummaryBucket {
  if (asked) return asked
  if (fromDate === null || toDate === null) return 'day'
  return daysBetween(fromDate, toDate) + 1 > DAY_BUCKETS_UP_TO_DAYS ? 'week' : 'day'
}

type Sums = Map<string, bigint>

const add = (into: Sums, currency: string, value: bigint) =>
  into.set(currency, (into.get(currency) ?? 0n) + value)

const sumsObject = (from: Sums): Record<string, string> =>
  Object.fromEntries([...from].sort(([a], [b]) => a.localeCompare(b)).map(([c, v]) => [c, decimalOf(v)]))

/** A count and its sums per currency, in thousandths. */
export interface TallyAcc {
  count: number
  sums: Sums
}
const emptyTally = (): TallyAcc => ({ count: 0, sums: new Map() })

/** Per currency: how many, and the incoming and outgoing sums in thousandths. */
export type Totals = Map<string, { count: number; in: bigint; out: bigint }>

/**
 * What one day's transactions add to a summary. A window is whole days, so the summary of any window
 * merges the days in it: a store can sum each day once and answer every window (a brush on the chart)
 * from a few hundred days rather than from every row.
 */
export interface DaySums {
  count: number
  booked: TallyAcc
  pending: TallyAcc
  totals: Totals
  categories: Map<string, TallyAcc>
  unreadableAmounts: number
}

/** The transactions' sums per day (their list date). One pass; amounts are summed exactly. */
export function sumDays(transactions: Iterable<SummaryInput>): Map<string, DaySums> {
  const days = new Map<string, DaySums>()
  for (const tx of transactions) {
    let day = days.get(tx.date)
    if (day === undefined) {
      day = emptyDay()
      days.set(tx.date, day)
    }
    day.count++
    const tally = day[tx.status]
    tally.count++
    let category = day.categories.get(tx.merchantCategoryCode)
    if (category === undefined) {
      category = emptyTally()
      day.categories.set(tx.merchantCategoryCode, category)
    }
    category.count++
    const value = thousandths(tx.amount)
    if (value === undefined) {
      day.unreadableAmounts++
      continue
    }
    add(tally.sums, tx.currency, value)
    add(category.sums, tx.currency, value)
    addTotal(day.totals, tx.currency, { count: 1, in: value > 0n ? value : 0n, out: value > 0n ? 0n : value })
  }
  return days
}

const addTotal = (
  into: Totals,
  currency: string,
  { count, in: income, out }: { count: number; in: bigint; out: bigint },
) => {
  const total = into.get(currency) ?? { count: 0, in: 0n, out: 0n }
  into.set(currency, { count: total.count + count, in: total.in + income, out: total.out + out })
}

const mergeTally = (into: TallyAcc, from: TallyAcc) => {
  into.count += from.count
  for (const [currency, value] of from.sums) add(into.sums, currency, value)
}

/**
 * The summary of transactions already filtered to the window. `fromDate`/`toDate` are the query's bounds,
 * when it had them.
 */
export function summarize(
  transactions: Iterable<SummaryInput>,
  window: SummaryWindowQuery,
): TransactionsSummary {
  return summarizeDays(sumDays(transactions), window)
}

const emptyDay = (): DaySums => ({
  count: 0,
  booked: emptyTally(),
  pending: emptyTally(),
  totals: new Map(),
  categories: new Map(),
  unreadableAmounts: 0,
})

/** Adds `from`'s sums into `into`. */
function addDay(into: DaySums, from: DaySums): void {
  into.count += from.count
  mergeTally(into.booked, from.booked)
  mergeTally(into.pending, from.pending)
  for (const [code, tally] of from.categories) {
    let category = into.categories.get(code)
    if (category === undefined) {
      category = emptyTally()
      into.categories.set(code, category)
    }
    mergeTally(category, tally)
  }
  for (const [currency, total] of from.totals) addTotal(into.totals, currency, total)
  into.unreadableAmounts += from.unreadableAmounts
}

/** Sums per day from several parts (a store's blocks, where one day can span many), each day's parts added. */
export function mergeDays(parts: Iterable<ReadonlyMap<string, DaySums>>): Map<string, DaySums> {
  const days = new Map<string, DaySums>()
  for (const part of parts) {
    for (const [date, sums] of part) {
      let day = days.get(date)
      if (day === undefined) {
        day = emptyDay()
        days.set(date, day)
      }
      addDay(day, sums)
    }
  }
  return days
}

/** The days within the inclusive bounds: the same sums, not copies, so the caller only reads them. */
export function daysWithin(
  days: ReadonlyMap<string, DaySums>,
  { fromDate = '', toDate = '\uffff' }: { fromDate?: IsoDate | undefined; toDate?: IsoDate | undefined },
): Map<string, DaySums> {
  const within = new Map<string, DaySums>()
  for (const [date, sums] of days) if (date >= fromDate && date <= toDate) within.set(date, sums)
  return within
}

/** The summary of the days' sums, every day within the window; see `summarize`. */
export function summarizeDays(
  days: ReadonlyMap<string, DaySums>,
  window: SummaryWindowQuery,
): TransactionsSummary {
  let first: string | undefined
  let last: string | undefined
  for (const date of days.keys()) {
    if (first === undefined || date < first) first = date
    if (last === undefined || date > last) last = date
  }
  const fromDate = window.fromDate ?? first ?? null
  const toDate = window.toDate ?? last ?? null
  const bucket = bucketFor(window.bucket, fromDate, toDate)
  const buckets = new Map<string, DaySums>()
  const all = emptyDay()
  for (const [date, day] of days) {
    const start = bucket === 'day' ? date : weekStart(date)
    let slot = buckets.get(start)
    if (slot === undefined) {
      slot = emptyDay()
      buckets.set(start, slot)
    }
    addDay(slot, day)
    addDay(all, day)
  }
  const tallyOf = (acc: TallyAcc): Tally => ({ count: acc.count, sums: sumsObject(acc.sums) })
  return {
    fromDate,
    toDate,
    bucket,
    count: all.count,
    buckets: [...buckets]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([start, slot]) => ({ start, booked: tallyOf(slot.booked), pending: tallyOf(slot.pending) })),
    totals: [...all.totals]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, t]) => ({ currency, count: t.count, in: decimalOf(t.in), out: decimalOf(t.out) })),
    topCategories: [...all.categories]
      .sort(([a, x], [b, y]) => y.count - x.count || a.localeCompare(b))
      .slice(0, TOP_CATEGORIES)
      .map(([merchantCategoryCode, acc]) => ({ merchantCategoryCode, ...tallyOf(acc) })),
    unreadableAmounts: all.unreadableAmounts,
  }
}

/** The window a summary is asked for: its bounds, when the query had them, and its grouping. */
export interface SummaryWindowQuery {
  fromDate?: IsoDate | undefined
  toDate?: IsoDate | undefined
  bucket?: SummaryBucket | undefined
}
