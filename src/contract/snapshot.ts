import { z } from 'zod'
import { amountWire } from './amount'
import { cardAccount } from './card-account'
import { isoDate } from './dates'
import { bookedTransaction, createdBookingStatuses } from './transaction'

/** A transaction as the sandbox keeps it: the answer's fields plus its status. */
export const storedTransaction = bookedTransaction.extend({
  bookingStatus: z.enum(createdBookingStatuses),
  bookingDate: isoDate.optional(),
  markupFee: amountWire.optional(),
})
export type StoredTransaction = z.infer<typeof storedTransaction>

/** 201 answer of POST .../transactions: the stored transactions, ids filled in, in the order sent. */
export const transactionsCreated = z.object({ transactions: z.array(storedTransaction) })
export type TransactionsCreated = z.infer<typeof transactionsCreated>

export const SNAPSHOT_FORMAT = 'sandbox-console/v1'

/** Export/import file: every account with its transactions in creation order (oldest first). */
export const sandboxSnapshot = z.strictObject({
  format: z.literal(SNAPSHOT_FORMAT, { error: `format must be "${SNAPSHOT_FORMAT}"` }),
  exportedAt: z.string().optional(),
  cardAccounts: z.array(z.strictObject({ account: cardAccount, transactions: z.array(storedTransaction) })),
})
export type SandboxSnapshot = z.infer<typeof sandboxSnapshot>
