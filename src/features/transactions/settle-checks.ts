import { bookingRuleBreaks, MAX_CLOCK_OFFSET_DAYS } from '../../contract'
import { dateInWords, inLabelWords } from '../form-errors'
import { wholeNumberOf } from '../normalise'
import type { TransactionRow } from './rows'

/** What the Settle dialog would send, as its fields hold it. */
export interface SettleChoice {
  how: 'selected' | 'older'
  ticked: readonly TransactionRow[]
  olderThanText: string
  bookingDate: string
}

/** Why a settlement is not sent, by the field each reason is about. */
export interface SettleProblems {
  ticked?: string
  olderThan?: string
  bookingDate?: string
}

const NOTHING_SETTLED = '; nothing was settled'

/**
 * What the dialog can tell before sending: nothing ticked, days that are no whole number, an empty booking
 * date, or one before a ticked transaction's date (the sandbox's own booking rule, in its words). `form`
 * holds the date field, whose browser knows whether an empty value was typed half-way.
 */
export function settleProblems(choice: SettleChoice, form: ParentNode): SettleProblems {
  const problems: SettleProblems = {}
  const { how, ticked, olderThanText, bookingDate } = choice
  if (how === 'selected' && ticked.length === 0) {
    problems.ticked = `Tick at least one pending transaction to settle${NOTHING_SETTLED}`
  }
  if (how === 'older' && wholeNumberOf(olderThanText, 0, MAX_CLOCK_OFFSET_DAYS) === undefined) {
    const typed = olderThanText.trim()
    problems.olderThan = `Days pending must be a whole number of days from 0 to ${MAX_CLOCK_OFFSET_DAYS.toLocaleString('en')}${typed === '' ? '' : ` (not "${typed}")`}${NOTHING_SETTLED}`
  }
  if (bookingDate === '') {
    problems.bookingDate = `${dateInWords('bookingDate', '', form)}${NOTHING_SETTLED}`
  } else if (how === 'selected') {
    const early = ticked.flatMap((row) =>
      bookingRuleBreaks({ bookingStatus: 'booked', bookingDate, transactionDate: row.transactionDate }).map(
        ({ field, text }) => `${inLabelWords(field, text)} of ${row.id}`,
      ),
    )
    if (early.length > 0) problems.bookingDate = `${early.join('; ')}${NOTHING_SETTLED}`
  }
  return problems
}

/**
 * Why an "older than" settlement the sandbox answered booked nothing: only its answer can say, since the
 * age is counted on the sandbox's clock, over every pending transaction (the dialog lists 200 at most).
 */
export function noneOlderThan(days: number): string {
  return `No pending transaction is older than ${days} ${days === 1 ? 'day' : 'days'}${NOTHING_SETTLED}`
}
