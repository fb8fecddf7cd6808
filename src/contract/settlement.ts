import { amountInput } from './amount'
import { isoDate } from './dates'
import { jsonInt, MAX_CLOCK_OFFSET_DAYS } from './sandbox-clock'
import { bookedTransaction, cardTransactionId, MAX_BATCH, transactionFromServer } from './transaction'
import { z } from './zod'

/** One pending transaction to settle, and what the bank changes as it books it. */
const settleOne = z.strictObject({
  cardTransactionId,
  /** A bank may book under a new id (the pending one then disappears): the source of clients' duplicates. */
  newCardTransactionId: z.optional(cardTransactionId),
  /** The amount in the account's currency at the booking rate (FX settlement). */
  transactionAmount: z.optional(amountInput),
  originalAmount: z.optional(amountInput),
  bookingDate: z.optional(isoDate),
})

/**
 * POST .../transactions/settlements: settle the listed pending transactions, or every one pending for
 * more than `pendingForMoreThanDays` days, as booked; `bookingDate` (default: the sandbox's today) applies
 * to each one that names none.
 */
export const settlementRequest = z
  .strictObject({
    transactions: z.optional(
      z
        .array(settleOne)
        .check(
          z.minLength(1, 'name at least one transaction'),
          z.maxLength(MAX_BATCH, `settle at most ${MAX_BATCH} transactions in one request`),
        ),
    ),
    pendingForMoreThanDays: z.optional(jsonInt(0, MAX_CLOCK_OFFSET_DAYS)),
    bookingDate: z.optional(isoDate),
  })
  .check(
    z.refine((body) => (body.transactions === undefined) !== (body.pendingForMoreThanDays === undefined), {
      // Neither sent or both: the message says which, as a client fixes the two differently.
      error: ({ input }) =>
        (input as { transactions?: unknown }).transactions === undefined
          ? 'send one of transactions (which to settle) or pendingForMoreThanDays (settle all pending longer)'
          : 'send either transactions (which to settle) or pendingForMoreThanDays, not both',
      path: ['transactions'],
    }),
  )
export type SettlementRequest = z.infer<typeof settlementRequest>
export type SettlementRequestInput = z.input<typeof settlementRequest>

/** Each settled transaction: the pending id it had, and the booked transaction it became. */
export const settlementAnswer = z.strictObject({
  settled: z.array(z.strictObject({ from: cardTransactionId, booked: bookedTransaction })),
})
export type SettlementAnswer = z.infer<typeof settlementAnswer>

export const settlementAnswerFromServer = z.looseObject({
  settled: z._default(z.array(z.looseObject({ from: z.string(), booked: transactionFromServer })), []),
})
