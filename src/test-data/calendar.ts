import type { IsoDate } from '../contract'

/** The calendar day `days` after `date` (negative goes back); UTC arithmetic, so no DST surprises. */
export function addDays(date: IsoDate, days: number): IsoDate {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number)
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10)
}
