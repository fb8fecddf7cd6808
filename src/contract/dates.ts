import { z } from './zod'

/**
 * YYYY-MM-DD that names a real calendar day (2026-02-30 is refused). One message per value: a value not in
 * the form is not also told it is no calendar date, and a list (a repeated query parameter) is told so.
 */
export const isoDate = z
  .string({
    error: (issue) =>
      issue.input === undefined
        ? 'is required: a date in the form YYYY-MM-DD'
        : Array.isArray(issue.input)
          ? 'must appear once, as a date in the form YYYY-MM-DD'
          : typeof issue.input === 'string'
            ? 'must be a date in the form YYYY-MM-DD'
            : 'must be text: a date in the form YYYY-MM-DD',
  })
  .check(
    z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date in the form YYYY-MM-DD', abort: true }),
    z.refine(isCalendarDate, 'is not a real calendar date'),
  )

export type IsoDate = z.infer<typeof isoDate>

/**
 * Answers already given: a file of 100,000 transactions holds a few hundred distinct dates, and checking
 * each row's dates afresh was a tenth of loading such a scenario (docs/benchmarks.md). Bounded, as a
 * typed date is checked at each keystroke.
 */
const calendarDates = new Map<string, boolean>()
const REMEMBERED_DATES = 4_096

export function isCalendarDate(value: string): boolean {
  let known = calendarDates.get(value)
  if (known === undefined) {
    known = checkCalendarDate(value)
    if (calendarDates.size >= REMEMBERED_DATES) calendarDates.clear()
    calendarDates.set(value, known)
  }
  return known
}

/**
 * Year 0000 is refused: counting AD, 1 BC is followed by AD 1, and XML Schema 1.0's date (ISO 20022's
 * ISODate) has no year zero either. Years 0001 to 0099 are real days like any other.
 */
function checkCalendarDate(value: string): boolean {
  const [year, month, day] = value.split('-').map(Number)
  if (year === undefined || month === undefined || day === undefined || year === 0) return false
  const date = new Date(utcMidnight(year, month, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/**
 * The time of a day's UTC midnight; the month's days run over into the next, as Date.UTC's do. Not
 * Date.UTC itself: it reads years 0 to 99 as 1900 to 1999, so 0050-06-15 became 1950-06-15.
 */
export function utcMidnight(year: number, month: number, day: number): number {
  const date = new Date(0)
  date.setUTCFullYear(year, month - 1, day)
  return date.getTime()
}

/** Today's date where the user is, as YYYY-MM-DD: "future" means after the user's own today. */
export function localToday(now: Date = new Date()): IsoDate {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

/** The calendar day `days` after `date` (negative goes back); UTC arithmetic, so no DST surprises. */
export function addDays(date: IsoDate, days: number): IsoDate {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number)
  return new Date(utcMidnight(year, month, day + days)).toISOString().slice(0, 10)
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  const utc = (date: IsoDate) => {
    const [year = 0, month = 1, day = 1] = date.split('-').map(Number)
    return utcMidnight(year, month, day)
  }
  return Math.round((utc(to) - utc(from)) / 86_400_000)
}
