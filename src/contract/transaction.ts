import { z } from 'zod'
import { amountFromServer, amountInput, amountWire } from './amount'
import { isoDate } from './dates'

export const createdBookingStatuses = ['booked', 'pending'] as const
export type CreatedBookingStatus = (typeof createdBookingStatuses)[number]

const max = (field: string, length: number) =>
  z
    .string()
    .trim()
    .min(1, `${field} must not be empty`)
    .max(length, `${field} may have at most ${length} characters`)

export const cardTransactionId = z
  .string()
  .regex(/^[A-Za-z0-9._-]{1,35}$/, 'cardTransactionId must be 1 to 35 letters, digits, ".", "_" or "-"')

const address = z.strictObject({
  streetName: max('streetName', 70).optional(),
  buildingNumber: max('buildingNumber', 16).optional(),
  townName: max('townName', 35).optional(),
  postCode: max('postCode', 16).optional(),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'country must be an ISO 3166 code of two capital letters, e.g. "NO"'),
})

/** Optional Berlin Group card-transaction fields, shared by the create payload and the answer. */
const optionalCardFields = {
  terminalId: max('terminalId', 35).optional(),
  cardAcceptorId: max('cardAcceptorId', 35).optional(),
  cardAcceptorAddress: address.optional(),
  transactionDetails: max('transactionDetails', 140).optional(),
  invoiced: z.boolean({ error: 'invoiced must be true or false' }).optional(),
}

/**
 * One element of POST .../transactions. Rules that need a clock or the stored data (no future dates,
 * unique ids) are the engine's; rules about the element alone are here.
 */
export const transactionCreate = z
  .strictObject({
    bookingStatus: z
      .enum(createdBookingStatuses, { error: 'bookingStatus must be "booked" or "pending"' })
      .default('booked'),
    cardTransactionId: cardTransactionId.optional(),
    transactionDate: isoDate,
    bookingDate: isoDate.optional(),
    transactionAmount: amountInput,
    originalAmount: amountInput,
    merchantCategoryCode: z
      .string({ error: 'merchantCategoryCode is required' })
      .trim()
      .min(1, 'merchantCategoryCode must not be empty')
      .max(4, 'merchantCategoryCode may have at most 4 characters'),
    markupFee: amountInput.optional(),
    ...optionalCardFields,
  })
  .superRefine((tx, ctx) => {
    if (tx.bookingStatus === 'booked' && tx.bookingDate === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['bookingDate'],
        message: 'bookingDate is required for a booked transaction',
      })
    }
    if (tx.bookingStatus === 'pending' && tx.bookingDate !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['bookingDate'],
        message: 'a pending transaction has no bookingDate yet: leave it out',
      })
    }
    if (tx.bookingDate !== undefined && tx.bookingDate < tx.transactionDate) {
      ctx.addIssue({
        code: 'custom',
        path: ['bookingDate'],
        message: `bookingDate ${tx.bookingDate} is before transactionDate ${tx.transactionDate}`,
      })
    }
  })

export type TransactionCreateInput = z.input<typeof transactionCreate>
export type TransactionCreate = z.output<typeof transactionCreate>

/** Largest batch one POST may carry; larger sets are sent in several requests. */
export const MAX_BATCH = 10_000

/** The body: an array of transactions; a single object is accepted too. */
export const transactionBatch = z.preprocess(
  (body) => (Array.isArray(body) ? body : [body]),
  z
    .array(transactionCreate)
    .min(1, 'send at least one transaction')
    .max(MAX_BATCH, `send at most ${MAX_BATCH} transactions in one request`),
)

export const bookedTransaction = z.strictObject({
  cardTransactionId,
  bookingDate: isoDate,
  transactionDate: isoDate,
  transactionAmount: amountWire,
  originalAmount: amountWire,
  merchantCategoryCode: z.string(),
  markupFee: amountWire.optional(),
  ...optionalCardFields,
})
export type BookedTransaction = z.infer<typeof bookedTransaction>

/** Pending elements are card transactions without a bookingDate (the spec leaves them open). */
export const pendingTransaction = bookedTransaction.omit({ bookingDate: true })
export type PendingTransaction = z.infer<typeof pendingTransaction>

export const hrefLink = z.object({ href: z.string() })
export const paginationLinks = z.object({
  first: hrefLink.optional(),
  next: hrefLink.optional(),
  previous: hrefLink.optional(),
})

/** 200 answer of GET .../transactions as our handlers send it. */
export const cardTransactionsResponse = z.strictObject({
  cardAccount: z.strictObject({ maskedPan: z.string() }),
  cardTransactions: z.strictObject({
    booked: z.array(bookedTransaction),
    pending: z.array(pendingTransaction),
    _links: paginationLinks.optional(),
  }),
})
export type CardTransactionsResponse = z.infer<typeof cardTransactionsResponse>

/**
 * The same answer as a client reads it from any server: amounts as strings or int32, pending elements
 * as objects or as the plain strings the schema literally declares, unknown fields kept.
 */
const bookedFromServer = bookedTransaction
  .extend({
    transactionAmount: amountFromServer,
    originalAmount: amountFromServer,
    markupFee: amountFromServer.optional(),
    merchantCategoryCode: z.string().optional(),
  })
  .loose()
const pendingFromServer = z.union([bookedFromServer.omit({ bookingDate: true }).loose(), z.string()])

export const cardTransactionsFromServer = z.object({
  cardAccount: z.object({ maskedPan: z.string() }).loose(),
  cardTransactions: z
    .object({
      booked: z.array(bookedFromServer).default([]),
      pending: z.array(pendingFromServer).default([]),
      _links: paginationLinks.optional(),
    })
    .loose(),
})
export type CardTransactionsFromServer = z.infer<typeof cardTransactionsFromServer>
export type BookedFromServer = z.infer<typeof bookedFromServer>
export type PendingFromServer = z.infer<typeof pendingFromServer>
