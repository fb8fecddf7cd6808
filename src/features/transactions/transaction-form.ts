import { z } from 'zod'
import {
  type CreatedBookingStatus,
  localToday,
  MAX_BATCH,
  type StoredTransaction,
  type TransactionCreateInput,
  transactionCreate,
} from '../../contract'
import type { ViewState } from '../view-state'

export interface TransactionFormRow {
  bookingStatus: CreatedBookingStatus
  transactionDate: string
  bookingDate: string
  transactionAmount: { amount: string; currency: string }
  originalAmount: { amount: string; currency: string }
  merchantCategoryCode: string
  cardTransactionId: string
}

export interface TransactionFormValues {
  transactions: TransactionFormRow[]
}

export function blankRow(currency: string, today = localToday()): TransactionFormRow {
  return {
    bookingStatus: 'booked',
    transactionDate: today,
    bookingDate: today,
    transactionAmount: { amount: '', currency },
    originalAmount: { amount: '', currency },
    merchantCategoryCode: '',
    cardTransactionId: '',
  }
}

/** A pending row sends no bookingDate (its input is hidden); blank optional inputs are left out. */
export function transactionBody(row: TransactionFormRow): TransactionCreateInput {
  const { bookingDate, cardTransactionId, ...rest } = row
  return {
    ...rest,
    ...(row.bookingStatus === 'booked' && bookingDate !== '' ? { bookingDate } : {}),
    ...(cardTransactionId.trim() === '' ? {} : { cardTransactionId }),
  }
}

/** The contract's element schema checks every row; error paths are `transactions.<row>.<field>`. */
export const transactionFormSchema = z.preprocess(
  (values: TransactionFormValues) => ({ transactions: values.transactions.map(transactionBody) }),
  z.object({
    transactions: z
      .array(transactionCreate)
      .min(1, 'add at least one row')
      .max(MAX_BATCH, `at most ${MAX_BATCH} rows in one batch`),
  }),
)

const rowFields = new Set([
  'bookingStatus',
  'transactionDate',
  'bookingDate',
  'transactionAmount.amount',
  'transactionAmount.currency',
  'originalAmount.amount',
  'originalAmount.currency',
  'merchantCategoryCode',
  'cardTransactionId',
])

/** Whether `transactions.3.originalAmount.amount` names an input of the form's `rows` rows. */
export function isRowField(name: string, rows: number): boolean {
  const match = name.match(/^transactions\.(\d+)\.(.+)$/)
  return match?.[1] !== undefined && Number(match[1]) < rows && rowFields.has(match[2] ?? '')
}

/**
 * The change of view that puts just-created transactions on screen: the first page, a status and a
 * date range that include them (the date filter applies to bookingDate for booked, transactionDate
 * for pending ones).
 */
export function viewShowing(view: ViewState, created: readonly StoredTransaction[]): Partial<ViewState> {
  const statuses = new Set(created.map((tx) => tx.bookingStatus))
  const fits = view.status === 'both' || (statuses.size === 1 && statuses.has(view.status))
  const dates = created.map((tx) => tx.bookingDate ?? tx.transactionDate).sort()
  const first = dates[0]
  const last = dates.at(-1)
  return {
    offset: 0,
    status: fits ? view.status : 'both',
    from: view.from !== undefined && first !== undefined && first < view.from ? undefined : view.from,
    to: view.to !== undefined && last !== undefined && last > view.to ? undefined : view.to,
  }
}
