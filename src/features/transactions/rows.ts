import type { TransactionsPage } from '../../api'

interface AmountRead {
  currency: string
  amount: string
}

/** One table row: a booked or pending element of the answer, flattened. */
export interface TransactionRow {
  key: string
  pending: boolean
  id: string | undefined
  bookingDate: string | undefined
  transactionDate: string | undefined
  merchantCategoryCode: string | undefined
  details: string | undefined
  transactionAmount: AmountRead | undefined
  originalAmount: AmountRead | undefined
  /** A pending element the server sent as a plain string (the schema literally allows it). */
  text: string | undefined
}

const blank = {
  id: undefined,
  bookingDate: undefined,
  transactionDate: undefined,
  merchantCategoryCode: undefined,
  details: undefined,
  transactionAmount: undefined,
  originalAmount: undefined,
  text: undefined,
}

/** Booked first, then pending: the order the sandbox pages through them with `both`. */
export function transactionRows(page: TransactionsPage): TransactionRow[] {
  const booked = page.cardTransactions.booked.map(
    (tx, i): TransactionRow => ({
      ...blank,
      key: `booked-${tx.cardTransactionId}-${i}`,
      pending: false,
      id: tx.cardTransactionId,
      bookingDate: tx.bookingDate,
      transactionDate: tx.transactionDate,
      merchantCategoryCode: tx.merchantCategoryCode,
      details: tx.transactionDetails,
      transactionAmount: tx.transactionAmount,
      originalAmount: tx.originalAmount,
    }),
  )
  const pending = page.cardTransactions.pending.map(
    (tx, i): TransactionRow =>
      typeof tx === 'string'
        ? { ...blank, key: `pending-text-${i}`, pending: true, text: tx }
        : {
            ...blank,
            key: `pending-${tx.cardTransactionId}-${i}`,
            pending: true,
            id: tx.cardTransactionId,
            transactionDate: tx.transactionDate,
            merchantCategoryCode: tx.merchantCategoryCode,
            details: tx.transactionDetails,
            transactionAmount: tx.transactionAmount,
            originalAmount: tx.originalAmount,
          },
  )
  return [...booked, ...pending]
}

/** What the page says about the rows beyond it; there is no total on the wire. */
export interface PageInfo {
  count: number
  /** `_links.next` when the server sends links; otherwise a full page may have more behind it. */
  hasMore: boolean
}

export function pageInfo(page: TransactionsPage, limit: number, rows: number): PageInfo {
  const links = page.cardTransactions._links
  return { count: rows, hasMore: links ? links.next !== undefined : rows >= limit }
}
