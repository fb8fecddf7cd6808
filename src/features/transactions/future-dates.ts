import type { IsoDate } from '../../contract'

// No import of the API here: the form's rules load with the table's "Duplicate and edit", whose chunk
// list must not grow (bench/initial-js-budget.json).

/** The dates of a transaction that the sandbox's clock judges, as the engine names them. */
const clockedDates = ['transactionDate', 'bookingDate', 'valueDate'] as const
type ClockedDate = (typeof clockedDates)[number]

/**
 * The engine's rule that nothing is dated after the sandbox's today (src/sandbox/transactions.ts), in its
 * words, so the form's answer and the sandbox's read the same. The form's own copy: in the contract, which
 * the first screen loads, it would cost the initial script's budget (bench/initial-js-budget.json).
 */
export function futureDateBreaks(
  tx: Partial<Record<ClockedDate, unknown>>,
  today: IsoDate,
): { field: ClockedDate; text: string }[] {
  return clockedDates.flatMap((field) => {
    const date = tx[field]
    return typeof date === 'string' && date > today
      ? [{ field, text: `${field} ${date} is in the future (today is ${today})` }]
      : []
  })
}
