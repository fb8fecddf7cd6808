import { isCalendarDate } from '../../contract'

/**
 * Years a filter date can have. A native date field reports every keystroke of the year as a full date
 * (`0002-11-11`, `0020-…`, `0202-…`, `2026-…`): below this range it is a year still being typed.
 */
export const FIRST_YEAR = 1900
export const LAST_YEAR = 2999

export type DateEntry =
  | { kind: 'empty' }
  | { kind: 'date'; value: string }
  /** Not (yet) a date to act on: a year being typed, or one outside the range. */
  | { kind: 'out-of-range'; year: number }
  /** The browser holds parts it cannot turn into a date: one missing, or a day the month does not have. */
  | { kind: 'unreadable' }

/** What a date field holds: its value (`YYYY-MM-DD` or '') and whether the browser could not read it. */
export function readDateEntry(value: string, badInput: boolean): DateEntry {
  if (value === '') return badInput ? { kind: 'unreadable' } : { kind: 'empty' }
  const match = /^(\d{4,6})-\d{2}-\d{2}$/.exec(value)
  if (!match) return { kind: 'unreadable' }
  const year = Number(match[1])
  if (year < FIRST_YEAR || year > LAST_YEAR) return { kind: 'out-of-range', year }
  return isCalendarDate(value) ? { kind: 'date', value } : { kind: 'unreadable' }
}

/** The words next to the field once the user leaves it holding something that is not a date to act on. */
export function dateEntryProblem(label: string, entry: DateEntry): string | undefined {
  switch (entry.kind) {
    case 'unreadable':
      return `${label} is not a real date: the day does not exist in that month, or the month, day or year is missing. The table is not filtered by ${label}.`
    case 'out-of-range':
      return `${label}: the year ${entry.year} is outside ${FIRST_YEAR}–${LAST_YEAR}; type all four digits. The table is not filtered by ${label}.`
    default:
      return undefined
  }
}
