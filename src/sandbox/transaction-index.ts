import type { CardAccount, IsoDate, StoredTransaction } from '../contract'

/**
 * The date a transaction is listed, filtered and summed by: its bookingDate when booked, its
 * transactionDate when pending (docs/decisions.md#dates). A booked row that lacks one (a damaged
 * record) falls back to the transactionDate.
 */
export function listDate<T>(tx: {
  bookingStatus?: unknown
  bookingDate?: T
  transactionDate?: T
}): T | undefined {
  return tx.bookingStatus === 'booked' ? (tx.bookingDate ?? tx.transactionDate) : tx.transactionDate
}

/** A stored transaction with the keys it is listed by: its list date and its creation sequence. */
interface Row {
  readonly date: IsoDate
  readonly seq: number
  readonly tx: StoredTransaction
}

/** The rows one date filter selects, readable newest first without copying the list. */
export interface Selection {
  readonly count: number
  /** Rows `start` (inclusive) to `end` (exclusive) of the selection, newest first. */
  slice(start: number, end: number): StoredTransaction[]
}

const compareRows = (a: Row, b: Row): number => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.seq - b.seq)

/**
 * Rows kept in ascending (date, seq) order. Listing is newest first, so readers walk from the end;
 * keeping the list ascending makes the common case, new transactions dated today, a plain push.
 */
class SortedRows {
  private rows: Row[] = []

  /** `batch` may be in any order; every row in it is newer (higher seq) than the stored ones. */
  insert(batch: Row[]): void {
    const [first] = batch.sort(compareRows)
    if (first === undefined) return
    const last = this.rows.at(-1)
    if (last === undefined || compareRows(last, first) < 0) {
      for (const row of batch) this.rows.push(row)
      return
    }
    this.rows = merge(this.rows, batch)
  }

  /** The rows dated within the inclusive bounds, found by binary search. */
  select(fromDate?: IsoDate, toDate?: IsoDate): Selection {
    const rows = this.rows
    const lo = fromDate === undefined ? 0 : firstIndex(rows, (row) => row.date >= fromDate)
    const hi = toDate === undefined ? rows.length : firstIndex(rows, (row) => row.date > toDate)
    const count = Math.max(0, hi - lo)
    return {
      count,
      slice(start, end) {
        const out: StoredTransaction[] = []
        for (let k = Math.max(0, start); k < Math.min(end, count); k++) {
          const row = rows[hi - 1 - k]
          if (row) out.push(row.tx)
        }
        return out
      },
    }
  }
}

/** First index whose row satisfies `isAtOrAfter`, which must be false then true along the rows. */
function firstIndex(rows: readonly Row[], isAtOrAfter: (row: Row) => boolean): number {
  let lo = 0
  let hi = rows.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    const row = rows[mid]
    if (row && isAtOrAfter(row)) hi = mid
    else lo = mid + 1
  }
  return lo
}

function merge(a: readonly Row[], b: readonly Row[]): Row[] {
  const out: Row[] = new Array(a.length + b.length)
  let i = 0
  let j = 0
  let k = 0
  while (i < a.length && j < b.length) {
    const x = a[i] as Row
    const y = b[j] as Row
    if (compareRows(x, y) <= 0) {
      out[k++] = x
      i++
    } else {
      out[k++] = y
      j++
    }
  }
  while (i < a.length) out[k++] = a[i++] as Row
  while (j < b.length) out[k++] = b[j++] as Row
  return out
}

/** One card account and its transactions, indexed for listing and for id lookups. */
export class AccountIndex {
  private readonly created: StoredTransaction[] = []
  private readonly ids = new Set<string>()
  private readonly bookedRows = new SortedRows()
  private readonly pendingRows = new SortedRows()

  constructor(
    readonly account: CardAccount,
    transactions: readonly StoredTransaction[] = [],
  ) {
    this.add(transactions)
  }

  /** Every transaction in creation order (oldest first). */
  get transactions(): readonly StoredTransaction[] {
    return this.created
  }

  hasTransaction(cardTransactionId: string): boolean {
    return this.ids.has(cardTransactionId)
  }

  /** Appends in the order given: a later element is newer. */
  add(batch: readonly StoredTransaction[]): void {
    const booked: Row[] = []
    const pending: Row[] = []
    for (const tx of batch) {
      const seq = this.created.length
      this.created.push(tx)
      this.ids.add(tx.cardTransactionId)
      const row = { date: listDate(tx) as IsoDate, seq, tx }
      if (tx.bookingStatus === 'booked') booked.push(row)
      else pending.push(row)
    }
    this.bookedRows.insert(booked)
    this.pendingRows.insert(pending)
  }

  /**
   * The same account without one transaction, the others in their creation order. Deleting is rare: a
   * fresh index is simpler than taking a row out of the sorted lists.
   */
  without(cardTransactionId: string): AccountIndex {
    return new AccountIndex(
      this.account,
      this.created.filter((tx) => tx.cardTransactionId !== cardTransactionId),
    )
  }

  /** Booked transactions by bookingDate, pending ones by transactionDate, both bounds inclusive. */
  select(fromDate?: IsoDate, toDate?: IsoDate): { booked: Selection; pending: Selection } {
    return {
      booked: this.bookedRows.select(fromDate, toDate),
      pending: this.pendingRows.select(fromDate, toDate),
    }
  }
}
