import {
  type BookedTransaction,
  futureDateBreaks,
  type IsoDate,
  type PendingTransaction,
  type Problem,
  problem,
  type StoredTransaction,
  type SummaryInput,
  type TppMessage,
  type TransactionCreate,
} from '../contract'
import { swapped } from './accept-fix'
import type { FutureDates } from './operations/sandbox'
import { fail, ok, type Result } from './result'
import { type AccountIndex, listDate } from './transaction-index'

/**
 * The engine's rules for a batch the contract accepted: nothing dated after today (unless the sandbox
 * accepts future dates), ids unique in the batch and in the account. Missing ids are generated after the sent ones are known, so a generated id
 * never takes one a later element asks for.
 */
export function prepareBatch(
  index: AccountIndex,
  batch: readonly TransactionCreate[],
  today: IsoDate,
  futureDates: FutureDates = 'refused',
): Result<StoredTransaction[]> {
  const messages: TppMessage[] = []
  const error = (i: number, field: string, text: string) =>
    messages.push({
      category: 'ERROR',
      code: 'FORMAT_ERROR',
      path: `[${i}].${field}`,
      text: `[${i}].${text}`,
    })
  const sent = new Map<string, number>()
  batch.forEach((tx, i) => {
    if (futureDates === 'refused') {
      for (const { field, text } of futureDateBreaks(tx, today)) error(i, field, text)
    }
    const id = tx.cardTransactionId
    if (id === undefined) return
    const first = sent.get(id)
    if (first !== undefined)
      error(i, 'cardTransactionId', `cardTransactionId ${id} is already used by [${first}]`)
    else if (index.hasTransaction(id)) {
      error(i, 'cardTransactionId', `cardTransactionId ${id} already exists in this card account`)
    } else sent.set(id, i)
  })
  if (messages.length > 0) return fail({ status: 400, messages })

  let next = index.transactions.length + 1
  const freshId = () => {
    let id = `ct-${next++}`
    while (sent.has(id) || index.hasTransaction(id)) id = `ct-${next++}`
    sent.set(id, -1)
    return id
  }
  return ok(
    batch.map(({ cardTransactionId, bookingStatus, ...rest }) => ({
      cardTransactionId: cardTransactionId ?? freshId(),
      bookingStatus,
      ...rest,
    })),
  )
}

/** A store's refusal of an id another writer stored meanwhile, as the 400 a duplicate in the request gets. */
export function duplicateId(batch: readonly StoredTransaction[], cardTransactionId: string): Problem {
  const i = Math.max(
    0,
    batch.findIndex((tx) => tx.cardTransactionId === cardTransactionId),
  )
  return {
    status: 400,
    messages: [
      {
        category: 'ERROR',
        code: 'FORMAT_ERROR',
        path: `[${i}].cardTransactionId`,
        text: `[${i}].cardTransactionId ${cardTransactionId} already exists in this card account`,
      },
    ],
  }
}

/** A date window whose start is after its end: 400 PERIOD_INVALID, or `undefined` when it is a window. */
export function periodRefusal(
  fromDate: IsoDate | undefined,
  toDate: IsoDate | undefined,
): Problem | undefined {
  if (fromDate === undefined || toDate === undefined || fromDate <= toDate) return undefined
  return problem(400, 'PERIOD_INVALID', `fromDate ${fromDate} is after toDate ${toDate}`, 'fromDate')
}

export function asBooked(stored: StoredTransaction, swap: boolean): BookedTransaction {
  const { bookingStatus: _, cardTransactionId, bookingDate: __, ...rest } = stored
  return swapped({ cardTransactionId, bookingDate: listDate(stored) as IsoDate, ...rest }, swap)
}

export function asPending(stored: StoredTransaction, swap: boolean): PendingTransaction {
  const { bookingStatus: _, bookingDate: __, ...rest } = stored
  return swapped(rest, swap)
}

/** A stored transaction as the summary reads it: by the date the list filters it by. */
export function summaryInput(tx: StoredTransaction): SummaryInput {
  return {
    status: tx.bookingStatus === 'booked' ? 'booked' : 'pending',
    date: listDate(tx) as IsoDate,
    currency: tx.transactionAmount.currency,
    amount: tx.transactionAmount.amount,
    merchantCategoryCode: tx.merchantCategoryCode,
  }
}
