import { amountFromServer, amountInputUnder, amountWire, type CurrencyRule } from './amount'
import { type IsoDate, isoDate } from './dates'
import { freeText, noControlCharacters, type TextRule, textRuleOf, textTypeError } from './text'
import { z } from './zod'

export const createdBookingStatuses = ['booked', 'pending'] as const
export type CreatedBookingStatus = (typeof createdBookingStatuses)[number]

export const cardTransactionId = z
  .string({ error: textTypeError('cardTransactionId', ': 1 to 35 letters, digits, ".", "_" or "-"') })
  .check(
    z.regex(/^[A-Za-z0-9._-]{1,35}$/, 'cardTransactionId must be 1 to 35 letters, digits, ".", "_" or "-"'),
  )

/**
 * Where the card was used. The platform names the parts street, buildingNumber, postalCode, city and
 * country; Berlin Group names them streetName, townName and postCode: either is taken, stored as sent.
 * Its example sends an empty address (`{}`), and so may a client.
 */
const addressUnder = (rule: TextRule) =>
  z.strictObject({
    street: z.optional(freeText('street', 70, rule)),
    streetName: z.optional(freeText('streetName', 70, rule)),
    buildingNumber: z.optional(freeText('buildingNumber', 16, rule)),
    postalCode: z.optional(freeText('postalCode', 16, rule)),
    postCode: z.optional(freeText('postCode', 16, rule)),
    city: z.optional(freeText('city', 35, rule)),
    townName: z.optional(freeText('townName', 35, rule)),
    country: z.optional(
      z
        .string({ error: textTypeError('country', ': an ISO 3166 code of two capital letters, e.g. "NO"') })
        .check(z.regex(/^[A-Z]{2}$/, 'country must be an ISO 3166 code of two capital letters, e.g. "NO"')),
    ),
  })

/** The card's masked number on a transaction; the platform's example sends it empty. */
const transactionMaskedPan = z
  .string({ error: textTypeError('maskedPan', ': empty or 12 to 19 digits and "*" (or "x")') })
  .check(
    z.regex(/^([0-9*xX]{12,19})?$/, 'maskedPan must be empty or 12 to 19 digits and "*" (or "x")'),
    z.refine(
      (pan) => pan === '' || /[*xX]/.test(pan),
      'maskedPan must mask the middle digits with "*" or "x"',
    ),
  )

/** The free text of a transaction's details (the Add transactions form counts toward it). */
export const TRANSACTION_DETAILS_MAX = 140

/**
 * Optional card-transaction fields (Berlin Group's and the platform's), shared by the create payload and
 * the answer (under the stored text rule). Text is stored as sent, the empty string included, as the
 * platform's examples send it.
 */
const optionalCardFieldsUnder = (rule: TextRule) => ({
  terminalId: z.optional(freeText('terminalId', 35, rule)),
  cardAcceptorId: z.optional(freeText('cardAcceptorId', 35, rule)),
  cardAcceptorAddress: z.optional(addressUnder(rule)),
  maskedPan: z.optional(transactionMaskedPan),
  transactionDetails: z.optional(freeText('transactionDetails', TRANSACTION_DETAILS_MAX, rule)),
  // A boolean in Berlin Group's model, a string ("true", "") in the platform's examples: as sent.
  invoiced: z.optional(
    z.union([z.boolean(), freeText('invoiced', 35, rule)], {
      error: 'invoiced must be true, false or a string',
    }),
  ),
  markupFeePercentage: z.optional(freeText('markupFeePercentage', 35, rule)),
  proprietaryBankTransactionCode: z.optional(freeText('proprietaryBankTransactionCode', 35, rule)),
  valueDate: z.optional(isoDate),
})

/** The dates of a transaction that the sandbox's clock judges, as the engine names them. */
const clockedDates = ['transactionDate', 'bookingDate', 'valueDate'] as const
type ClockedDate = (typeof clockedDates)[number]

/**
 * The rule that nothing is dated after the sandbox's today, in the words of the sandbox's refusal: the engine
 * refuses a batch by it (src/sandbox/transactions.ts) and the transaction form says it before sending, so
 * both read the same.
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

/**
 * The booking rule, the one place it is written: a booked transaction carries its bookingDate, a pending
 * one none yet, and nothing is booked before it happened. Creation, Import and the copy to offline all
 * hold a transaction to it; each break names the field it is about.
 */
export function bookingRuleBreaks(tx: {
  bookingStatus: unknown
  bookingDate?: unknown
  transactionDate?: unknown
}): { field: 'bookingDate'; text: string }[] {
  const breaks: { field: 'bookingDate'; text: string }[] = []
  const broken = (text: string) => breaks.push({ field: 'bookingDate', text })
  const { bookingStatus, bookingDate, transactionDate } = tx
  if (bookingStatus === 'booked' && bookingDate === undefined) {
    broken('a booked transaction needs a bookingDate')
  }
  if (bookingStatus === 'pending' && bookingDate !== undefined) {
    broken('a pending transaction has no bookingDate yet')
  }
  if (
    typeof bookingDate === 'string' &&
    typeof transactionDate === 'string' &&
    bookingDate < transactionDate
  ) {
    broken(`bookingDate ${bookingDate} is before transactionDate ${transactionDate}`)
  }
  return breaks
}

/** The fields the booking rules read; '' stands for the element itself (not an object). */
const bookingFields = new Set(['', 'bookingStatus', 'bookingDate', 'transactionDate', 'valueDate'])

// 1 to 4 characters: ISO 18245 codes, and the platform's own examples' "BOB" and "TEST".
const MCC_MAX = 4
const MCC_RULE = `a merchant category code of 1 to ${MCC_MAX} characters, e.g. 5411`

/**
 * One element of POST .../transactions. Rules that need a clock or the stored data (no future dates,
 * unique ids) are the engine's; rules about the element alone are here. Every currency, the original
 * (instructed) one included, is an ISO 4217 code in use; `currencies: 'stored'` only for a kept request.
 */
export const transactionCreateSchema = ({ currencies = 'iso' }: { currencies?: CurrencyRule } = {}) =>
  z
    .strictObject({
      bookingStatus: z._default(
        z.enum(createdBookingStatuses, { error: 'bookingStatus must be "booked" or "pending"' }),
        'booked',
      ),
      cardTransactionId: z.optional(cardTransactionId),
      transactionDate: isoDate,
      bookingDate: z.optional(isoDate),
      transactionAmount: amountInputUnder(currencies),
      originalAmount: amountInputUnder(currencies),
      merchantCategoryCode: noControlCharacters('merchantCategoryCode', textRuleOf(currencies)).check(
        z.trim(),
        z.minLength(1, `merchantCategoryCode is required: ${MCC_RULE}`),
        z.maxLength(MCC_MAX, `merchantCategoryCode may have at most ${MCC_MAX} characters`),
      ),
      markupFee: z.optional(amountInputUnder(currencies)),
      ...optionalCardFieldsUnder(textRuleOf(currencies)),
    })
    .check(
      z.superRefine(
        (tx, ctx) => {
          for (const { field, text } of bookingRuleBreaks(tx)) {
            ctx.addIssue({ code: 'custom', path: [field], message: text })
          }
          // The platform's rule: the booking date is not after the value date.
          if (tx.bookingDate !== undefined && tx.valueDate !== undefined && tx.bookingDate > tx.valueDate) {
            ctx.addIssue({
              code: 'custom',
              path: ['valueDate'],
              message: `valueDate ${tx.valueDate} is before bookingDate ${tx.bookingDate}`,
            })
          }
        },
        // Judged beside another field's issue (a currency, an MCC), so one answer names every fault; not
        // when a field it reads has one of its own, nor when the element is not an object at all.
        { when: ({ issues }) => issues.every((issue) => !bookingFields.has(String(issue.path?.[0] ?? ''))) },
      ),
    )

export const transactionCreate = transactionCreateSchema()

export type TransactionCreateInput = z.input<typeof transactionCreate>
export type TransactionCreate = z.output<typeof transactionCreate>

/** Largest batch one POST may carry; larger sets are sent in several requests. */
export const MAX_BATCH = 10_000

/** The body: an array of transactions; a single object is accepted too. */
export const transactionBatch = z.pipe(
  z.transform((body) => (Array.isArray(body) ? body : [body])),
  z
    .array(transactionCreate)
    .check(
      z.minLength(1, 'send at least one transaction'),
      z.maxLength(MAX_BATCH, `send at most ${MAX_BATCH} transactions in one request`),
    ),
)

export const bookedTransaction = z.strictObject({
  cardTransactionId,
  bookingDate: isoDate,
  transactionDate: isoDate,
  transactionAmount: amountWire,
  originalAmount: amountWire,
  merchantCategoryCode: z.string(),
  markupFee: z.optional(amountWire),
  ...optionalCardFieldsUnder('stored'),
})
export type BookedTransaction = z.infer<typeof bookedTransaction>

/** Pending elements are card transactions without a bookingDate (the spec leaves them open). */
export const pendingTransaction = z.omit(bookedTransaction, { bookingDate: true })
export type PendingTransaction = z.infer<typeof pendingTransaction>

export const hrefLink = z.object({ href: z.string() })
export const paginationLinks = z.object({
  first: z.optional(hrefLink),
  next: z.optional(hrefLink),
  previous: z.optional(hrefLink),
  last: z.optional(hrefLink),
})

/** 200 answer of GET .../transactions as our handlers send it. */
export const cardTransactionsResponse = z.strictObject({
  cardAccount: z.strictObject({ maskedPan: z.string() }),
  cardTransactions: z.strictObject({
    booked: z.array(bookedTransaction),
    pending: z.array(pendingTransaction),
    _links: z.optional(paginationLinks),
  }),
})
export type CardTransactionsResponse = z.infer<typeof cardTransactionsResponse>

/**
 * One transaction as a client reads it from any server (docs/decisions.md#liberal-reader): every field
 * optional, dates with or without a time, amounts as strings or numbers (exact digits when the body was
 * read with parseJsonLossless), and every field it adds kept.
 */
export const transactionFromServer = z.looseObject({
  cardTransactionId: z.optional(z.string()),
  bookingDate: z.optional(z.string()),
  transactionDate: z.optional(z.string()),
  valueDate: z.optional(z.string()),
  transactionAmount: z.optional(amountFromServer),
  originalAmount: z.optional(amountFromServer),
  markupFee: z.optional(amountFromServer),
  merchantCategoryCode: z.optional(z.string()),
  transactionDetails: z.optional(z.string()),
})
const bookedFromServer = transactionFromServer
/** An object, or the plain string the schema literally declares (the platform's `pending: [string]`). */
const pendingFromServer = z.union([transactionFromServer, z.string()])

const linksFromServer = z.looseObject({
  first: z.optional(z.catchall(hrefLink, z.unknown())),
  next: z.optional(z.catchall(hrefLink, z.unknown())),
  previous: z.optional(z.catchall(hrefLink, z.unknown())),
  // Our sandboxes send it, a bank may: the pager reads from it how many rows there are at least.
  last: z.optional(z.catchall(hrefLink, z.unknown())),
})

const transactionListsFromServer = z.looseObject({
  booked: z._default(z.array(bookedFromServer), []),
  pending: z._default(z.array(pendingFromServer), []),
  _links: z.optional(linksFromServer),
})

/**
 * A bare array where the lists should be: strings, elements marked pending, and elements without a
 * bookingDate are pending; the rest booked.
 */
function splitBareArray(elements: readonly unknown[]): { booked: unknown[]; pending: unknown[] } {
  const isPending = (element: unknown) =>
    typeof element !== 'object' ||
    element === null ||
    (element as Record<string, unknown>).bookingStatus === 'pending' ||
    (element as Record<string, unknown>).bookingDate === undefined
  return { booked: elements.filter((e) => !isPending(e)), pending: elements.filter(isPending) }
}

/**
 * The transactions answer as a client reads it from any server: the object our handlers send, or a bare
 * array of transactions in place of the whole body or of `cardTransactions`; `cardAccount` may be absent.
 */
export const cardTransactionsFromServer = z.pipe(
  z.transform((body) => (Array.isArray(body) ? { cardTransactions: body } : body)),
  z.looseObject({
    cardAccount: z.optional(z.looseObject({ maskedPan: z.optional(z.string()) })),
    cardTransactions: z.pipe(
      z.transform((lists) => (Array.isArray(lists) ? splitBareArray(lists) : lists)),
      transactionListsFromServer,
    ),
  }),
)
export type CardTransactionsFromServer = z.output<typeof cardTransactionsFromServer>
export type BookedFromServer = z.output<typeof bookedFromServer>
export type PendingFromServer = z.output<typeof pendingFromServer>

/**
 * The 201 of POST .../transactions as a client reads it from any server: our `{transactions: [...]}`, a
 * bare array, or no body at all (the platform answers 201 with an empty one): then `transactions` is
 * absent, as the server did not say what it stored.
 */
export const transactionsCreatedFromServer = z.pipe(
  z.transform((body) =>
    body === undefined || body === null || body === ''
      ? {}
      : Array.isArray(body)
        ? { transactions: body }
        : body,
  ),
  z.looseObject({
    transactions: z.optional(
      z.array(z.extend(transactionFromServer, { bookingStatus: z.optional(z.string()) })),
    ),
  }),
)
export type TransactionsCreatedFromServer = z.output<typeof transactionsCreatedFromServer>
