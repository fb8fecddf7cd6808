import {
  addDays,
  daysBetween,
  type IsoDate,
  type Problem,
  problem,
  type SettlementRequest,
  type StoredTransaction,
  type TppMessage,
} from '../contract'
import { fail, ok, type Result } from './result'
import type { TransactionChange } from './storage/store'
import type { AccountIndex } from './transaction-index'

/** A pending transaction and the booked one it becomes. */
export type Settlement = TransactionChange

/** One transaction a settlement request names (or one it chose by age, by its id alone). */
type WantedSettlement = NonNullable<SettlementRequest['transactions']>[number]

interface Booking {
  bookingDate: IsoDate
  cardTransactionId?: string | undefined
  transactionAmount?: StoredTransaction['transactionAmount'] | undefined
  originalAmount?: StoredTransaction['originalAmount'] | undefined
}

/**
 * The booked form of a pending transaction (docs/decisions.md#booking-lifecycle): booked on the booking
 * date, valued on it too, under the same id unless the bank gives a new one, at the new amount if any.
 */
export function booked(pending: StoredTransaction, booking: Booking): StoredTransaction {
  return {
    ...pending,
    bookingStatus: 'booked',
    cardTransactionId: booking.cardTransactionId ?? pending.cardTransactionId,
    bookingDate: booking.bookingDate,
    valueDate: booking.bookingDate,
    transactionAmount: booking.transactionAmount ?? pending.transactionAmount,
    originalAmount: booking.originalAmount ?? pending.originalAmount,
  }
}

/**
 * What a settlement request books, checked against the account as a whole: each named transaction must be
 * pending here, named once; a booking date is neither after today nor before the transactionDate; a new
 * id is not taken by another transaction nor given twice.
 */
export function settlementsOf(
  index: AccountIndex,
  request: SettlementRequest,
  today: IsoDate,
): Result<Settlement[]> {
  const byId = new Map(index.transactions.map((tx) => [tx.cardTransactionId, tx]))
  const messages: TppMessage[] = []
  const error = (path: string, text: string) =>
    messages.push({ category: 'ERROR', code: 'FORMAT_ERROR', path, text: `${path} ${text}` })
  if (request.bookingDate !== undefined && request.bookingDate > today) {
    error('bookingDate', `${request.bookingDate} is in the future (today is ${today})`)
  }

  const wanted = request.transactions ?? pendingOlderThan(index, request.pendingForMoreThanDays ?? 0, today)
  const named = request.transactions !== undefined
  const checking: Checking = {
    byId,
    settled: new Set(),
    newIds: new Set(),
    defaultDate: request.bookingDate ?? today,
    today,
    named,
    error,
  }
  const settlements: Settlement[] = []
  for (const [i, one] of wanted.entries()) {
    // The request's own field when it named the transactions; its bookingDate when it chose by age.
    const settlement = settlementOf(one, (field) => (named ? `transactions[${i}].${field}` : field), checking)
    if (settlement) settlements.push(settlement)
  }
  return messages.length > 0 ? fail({ status: 400, messages }) : ok(settlements)
}

/** What `settlementOf` checks one transaction against: the account, the request's other transactions, its dates. */
interface Checking {
  byId: ReadonlyMap<string, StoredTransaction>
  /** Ids settled so far in this request. */
  settled: Set<string>
  /** New ids given so far in this request. */
  newIds: Set<string>
  defaultDate: IsoDate
  today: IsoDate
  named: boolean
  error: (path: string, text: string) => void
}

/**
 * One transaction the request settles, checked against the account and the request's others: each
 * problem is reported at `at` its field, and a transaction that cannot be settled at all gives undefined.
 */
function settlementOf(
  one: WantedSettlement,
  at: (field: string) => string,
  { byId, settled, newIds, defaultDate, today, named, error }: Checking,
): Settlement | undefined {
  const pending = byId.get(one.cardTransactionId)
  const refusal = notSettleable(pending, one.cardTransactionId, settled)
  if (pending === undefined || refusal !== undefined) {
    error(at('cardTransactionId'), `${one.cardTransactionId} ${refusal}`)
    return undefined
  }
  settled.add(one.cardTransactionId)
  const bookingDate = one.bookingDate ?? defaultDate
  if (one.bookingDate !== undefined && bookingDate > today) {
    error(at('bookingDate'), `${bookingDate} is in the future (today is ${today})`)
  }
  if (bookingDate < pending.transactionDate) {
    const whose = named ? 'its' : `${pending.cardTransactionId}'s`
    error(at('bookingDate'), `${bookingDate} is before ${whose} transactionDate ${pending.transactionDate}`)
  }
  const newId = one.newCardTransactionId
  if (newId !== undefined && newId !== pending.cardTransactionId) {
    if (byId.has(newId) || newIds.has(newId)) {
      error(at('newCardTransactionId'), `${newId} already exists in this card account`)
    }
    newIds.add(newId)
  }
  return {
    from: pending.cardTransactionId,
    to: booked(pending, {
      bookingDate,
      cardTransactionId: newId,
      transactionAmount: one.transactionAmount,
      originalAmount: one.originalAmount,
    }),
  }
}

/** The pending transactions more than `days` days old, as a request that names them would. */
function pendingOlderThan(index: AccountIndex, days: number, today: IsoDate): WantedSettlement[] {
  return index.transactions
    .filter((tx) => tx.bookingStatus === 'pending' && daysBetween(tx.transactionDate, today) > days)
    .map((tx) => ({ cardTransactionId: tx.cardTransactionId }))
}

/** Why the transaction named `id` cannot be settled: not in the account, booked already, or named before. */
function notSettleable(
  pending: StoredTransaction | undefined,
  id: string,
  settled: ReadonlySet<string>,
): string | undefined {
  if (pending === undefined) return 'is not in this card account'
  if (pending.bookingStatus !== 'pending') return 'is already booked'
  if (settled.has(id)) return 'is named twice'
  return undefined
}

/**
 * The automatic rule "pending settles after `days` days": each pending transaction at least that old is
 * booked on the day it would have been, `days` after its transactionDate, under its own id and amount.
 */
export function autoSettlements(index: AccountIndex, days: number, today: IsoDate): Settlement[] {
  return index.transactions
    .filter((tx) => tx.bookingStatus === 'pending' && daysBetween(tx.transactionDate, today) >= days)
    .map((tx) => ({
      from: tx.cardTransactionId,
      to: booked(tx, { bookingDate: addDays(tx.transactionDate, days) }),
    }))
}

/** A store's refusal of a new id another writer stored meanwhile, as the 400 the request would have got. */
export function newIdTaken(cardTransactionId: string): Problem {
  return problem(
    400,
    'FORMAT_ERROR',
    `newCardTransactionId ${cardTransactionId} already exists in this card account`,
    'transactions',
  )
}
