import type { IsoDate, StoredTransaction } from '../contract'
import type { AccountIndex } from './transaction-index'

/**
 * What a clock moved back to `day` would leave dated after its today: how many transactions, in how many
 * card accounts, and the latest date among them (docs/decisions.md#moving-the-clock-back).
 */
export interface DatedAfter {
  day: IsoDate
  transactions: number
  accounts: number
  latest: IsoDate
}

/** The dates a create checks against today: a transaction with any of them after `day` is in the way. */
export function latestDateAfter(tx: StoredTransaction, day: IsoDate): IsoDate | undefined {
  let latest: IsoDate | undefined
  for (const date of [tx.transactionDate, tx.bookingDate, tx.valueDate]) {
    if (date !== undefined && date > day && (latest === undefined || date > latest)) latest = date
  }
  return latest
}

/** Every account's transactions dated after `day`; undefined when there is none. */
export function datedAfter(indexes: readonly AccountIndex[], day: IsoDate): DatedAfter | undefined {
  let transactions = 0
  let accounts = 0
  let latest: IsoDate = day
  for (const index of indexes) {
    const dates = index.transactions.flatMap((tx) => latestDateAfter(tx, day) ?? [])
    if (dates.length === 0) continue
    transactions += dates.length
    accounts += 1
    for (const date of dates) if (date > latest) latest = date
  }
  return transactions === 0 ? undefined : { day, transactions, accounts, latest }
}
