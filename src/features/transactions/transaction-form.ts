import {
  type CreatedBookingStatus,
  futureDateBreaks,
  type IsoDate,
  isCalendarDate,
  localToday,
  MAX_BATCH,
  type TransactionCreateInput,
  transactionCreate,
} from '../../contract'
import { z } from '../../contract/zod'
import {
  normaliseAmount,
  normaliseCountry,
  normaliseCurrency,
  normaliseMoney,
  normaliseText,
} from '../normalise'

/** The card acceptor's address as the platform names its parts. */
export interface AddressFormValues {
  street: string
  buildingNumber: string
  postalCode: string
  city: string
  country: string
}

/** The platform's own fields of a transaction, behind a row's "All fields". */
export interface MoreTransactionFields {
  terminalId: string
  markupFee: { amount: string; currency: string }
  markupFeePercentage: string
  cardAcceptorId: string
  cardAcceptorAddress: AddressFormValues
  maskedPan: string
  transactionDetails: string
  /** The select's value: unset, or the boolean the contract takes. */
  invoiced: '' | 'true' | 'false'
  proprietaryBankTransactionCode: string
  valueDate: string
}

export interface TransactionFormRow extends MoreTransactionFields {
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
    // Blank: a purchase in the amount's own currency (see originalBody).
    originalAmount: { amount: '', currency: '' },
    merchantCategoryCode: '',
    cardTransactionId: '',
    terminalId: '',
    markupFee: { amount: '', currency: '' },
    markupFeePercentage: '',
    cardAcceptorId: '',
    cardAcceptorAddress: { street: '', buildingNumber: '', postalCode: '', city: '', country: '' },
    maskedPan: '',
    transactionDetails: '',
    invoiced: '',
    proprietaryBankTransactionCode: '',
    valueDate: '',
  }
}

const filled = (value: string) => value.trim() !== ''
const onlyFilled = <T extends Record<string, string>>(values: T): Partial<T> =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => filled(value))) as Partial<T>

const trimmed = <T extends Record<string, string | undefined>>(values: T): T =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === undefined ? v : normaliseText(v)])) as T

/** The "All fields" part of the body: only what was filled in, the address only with a part filled. */
function moreBody(row: MoreTransactionFields) {
  const { markupFee, cardAcceptorAddress, invoiced, markupFeePercentage, ...texts } = row
  const address = trimmed(
    onlyFilled({ ...cardAcceptorAddress, country: normaliseCountry(cardAcceptorAddress.country) }),
  )
  return {
    ...trimmed(onlyFilled({ ...texts, markupFeePercentage: normaliseAmount(markupFeePercentage) })),
    ...(filled(markupFee.amount) || filled(markupFee.currency)
      ? { markupFee: normaliseMoney(markupFee) }
      : {}),
    ...(Object.keys(address).length > 0 ? { cardAcceptorAddress: address } : {}),
    ...(invoiced === '' ? {} : { invoiced: invoiced === 'true' }),
  }
}

/**
 * The wire requires originalAmount (the spec's booked transaction), yet for a purchase in the account's
 * own currency it is the amount itself: left blank in the amount's currency, the console sends the
 * amount. An original amount in another currency must be typed (docs/decisions.md#original-amount).
 */
function copiesAmount({ transactionAmount, originalAmount }: TransactionFormRow): boolean {
  const currency = filled(originalAmount.currency) ? originalAmount.currency : transactionAmount.currency
  return (
    !filled(originalAmount.amount) &&
    normaliseCurrency(currency) === normaliseCurrency(transactionAmount.currency)
  )
}

/** A blank original currency is the amount's. */
function originalBody(row: TransactionFormRow) {
  if (copiesAmount(row)) return normaliseMoney(row.transactionAmount)
  const { originalAmount: original, transactionAmount } = row
  return normaliseMoney({
    ...original,
    currency: filled(original.currency) ? original.currency : transactionAmount.currency,
  })
}

/**
 * A pending row sends no bookingDate (its input is hidden); blank optional inputs are left out, the
 * platform's fields included. What was typed is normalised where it can mean one thing only (`nok` is
 * NOK, `+5` is 5); the contract's rules judge the rest.
 */
export function transactionBody(row: TransactionFormRow): TransactionCreateInput {
  const {
    bookingStatus,
    transactionDate,
    bookingDate,
    transactionAmount,
    originalAmount: _,
    merchantCategoryCode,
    cardTransactionId,
    ...more
  } = row
  return {
    bookingStatus,
    transactionDate,
    transactionAmount: normaliseMoney(transactionAmount),
    originalAmount: originalBody(row),
    merchantCategoryCode: normaliseText(merchantCategoryCode),
    ...(bookingStatus === 'booked' && bookingDate !== '' ? { bookingDate } : {}),
    ...(cardTransactionId.trim() === '' ? {} : { cardTransactionId: normaliseText(cardTransactionId) }),
    ...moreBody(more),
  } as TransactionCreateInput
}

const text = (label: string, max: number) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, `${label} must not be empty`),
      z.maxLength(max, `${label} may have at most ${max} characters`),
    )

/**
 * The platform's transaction fields the contract's create schema does not have yet (its address names
 * the parts street, postalCode and city): the form checks them itself until the contract does.
 */
const platformTransactionFields = {
  markupFeePercentage: z.optional(
    z
      .string()
      .check(
        z.regex(/^[0-9]{1,3}(\.[0-9]{1,4})?$/, 'Markup fee percentage must be a number such as 2 or 1.5'),
      ),
  ),
  maskedPan: z.optional(
    z
      .string()
      .check(
        z.regex(
          /^[0-9*xX]{12,19}$/,
          'Masked PAN must be 12 to 19 digits with the middle masked, e.g. 525412******3241',
        ),
      ),
  ),
  proprietaryBankTransactionCode: z.optional(text('Bank transaction code', 35)),
  valueDate: z.optional(
    z
      .string()
      .check(
        z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Value date must be a date in the form YYYY-MM-DD'),
        z.refine(isCalendarDate, 'Value date is not a real calendar date'),
      ),
  ),
  cardAcceptorAddress: z.optional(
    z.strictObject({
      street: z.optional(text('Street', 70)),
      buildingNumber: z.optional(text('Building number', 16)),
      postalCode: z.optional(text('Postal code', 16)),
      city: z.optional(text('City', 35)),
      country: z
        .string()
        .check(z.regex(/^[A-Z]{2}$/, 'Country must be an ISO 3166 code of two capital letters, e.g. NO')),
    }),
  ),
}

const ownFields = z.object(platformTransactionFields)
const ownKeys = new Set(Object.keys(platformTransactionFields))

/**
 * The contract takes 1 to 4 characters, the platform's "BOB" and "TEST" among them, and so does the form (a
 * stored "BOB" row duplicates unchanged); a code of digits only is an ISO 18245 code, and "541" a typo of one.
 */
const DIGITS_NOT_AN_ISO_CODE = /^(?:[0-9]{1,3}|[0-9]{5,})$/

/** The MCC field offers common codes (mcc.tsx): an empty one is told they are there. */
const MCC_FROM_THE_LIST = "or one from the field's list"

type RowIssue = { path: PropertyKey[]; message: string; input?: unknown }

/**
 * The clock's rule on a row, when the sandbox's today is known, before the contract's own issues. A
 * booking date before a transaction date that is in the future is left unsaid: every booking date that
 * would mend it is in the future too, so saying it would send the user to the date that is right.
 */
function withFutureDates(issues: RowIssue[], body: Record<string, unknown>, today: IsoDate | undefined) {
  if (today === undefined) return issues
  const breaks = futureDateBreaks(body, today)
  const judged = (field: PropertyKey, among: RowIssue[]) => among.some((issue) => issue.path[0] === field)
  const afterToday =
    breaks.some(({ field }) => field === 'transactionDate') && !judged('transactionDate', issues)
  // The contract's only bookingDate issue that names the transaction date is the order one.
  const followsFromIt = (issue: RowIssue) =>
    issue.path[0] === 'bookingDate' && issue.message.includes('transactionDate')
  const kept = issues.filter((issue) => !(afterToday && followsFromIt(issue)))
  const future = breaks
    .filter(({ field }) => !judged(field, kept))
    .map(({ field, text }): RowIssue => ({ path: [field], message: text, input: body[field] }))
  return [...future, ...kept]
}

/**
 * One row: the platform's fields by the form's own rules, every other field by the contract's element
 * schema (which refuses fields it does not know, and keeps rules of its own); each issue at its field. An
 * original amount left blank to copy the amount is not judged again: the amount's own issue says it.
 * `today`: the sandbox's, when it refuses later dates (see transactionFormSchema).
 */
const formTransaction = (today: IsoDate | undefined) =>
  z.pipe(
    z.custom<TransactionFormRow>(),
    z.transform((row, ctx) => {
      const sent = transactionBody(row)
      const body = Object.entries(sent)
      const contract = transactionCreate.safeParse(
        Object.fromEntries(body.filter(([key]) => !ownKeys.has(key))),
      )
      const own = ownFields.safeParse(Object.fromEntries(body.filter(([key]) => ownKeys.has(key))))
      const copied = copiesAmount(row)
      const issues = withFutureDates(
        [...(contract.error?.issues ?? []), ...(own.error?.issues ?? [])].filter(
          (issue) => !(copied && issue.path[0] === 'originalAmount'),
        ),
        sent,
        today,
      )
      const mcc = normaliseText(row.merchantCategoryCode)
      // Digits but not 4 get the form's one message, in place of the contract's ("54111" is too long for it
      // too): it says what to type. An empty one gets the contract's rule, and the field's list beside it.
      const mccWrong = DIGITS_NOT_AN_ISO_CODE.test(mcc)
      const all = issues
        .filter((issue) => !(mccWrong && issue.path[0] === 'merchantCategoryCode'))
        .map((issue) =>
          mcc === '' && issue.path[0] === 'merchantCategoryCode'
            ? { ...issue, message: `${issue.message} ${MCC_FROM_THE_LIST}` }
            : issue,
        )
      if (mccWrong) {
        all.push({
          path: ['merchantCategoryCode'],
          message:
            'merchantCategoryCode made of digits must be exactly 4 digits (an ISO 18245 code), e.g. 5411; a code with letters, as the platform’s "BOB", may have 1 to 4 characters',
          input: mcc,
        })
      }
      for (const issue of all) {
        ctx.issues.push({ code: 'custom', message: issue.message, path: issue.path, input: issue.input })
      }
      if (!contract.success || !own.success || all.length > 0) return z.NEVER
      const tx = { ...contract.data, ...own.data }
      // The platform's rule: the booking date is not after the value date.
      if (tx.valueDate !== undefined && tx.bookingDate !== undefined && tx.bookingDate > tx.valueDate) {
        ctx.issues.push({
          code: 'custom',
          path: ['valueDate'],
          message: `Value date ${tx.valueDate} is before the booking date ${tx.bookingDate}`,
          input: tx.valueDate,
        })
        return z.NEVER
      }
      return tx
    }),
  )

/**
 * The contract's element schema checks every row; error paths are `transactions.<row>.<field>`. With
 * `today` (the sandbox clock's, given only when that sandbox refuses later dates) the clock's rule too.
 */
export const transactionFormSchema = (today?: IsoDate) =>
  z.object({
    transactions: z
      .array(formTransaction(today))
      .check(
        z.minLength(1, 'add at least one row'),
        z.maxLength(MAX_BATCH, `at most ${MAX_BATCH} rows in one batch`),
      ),
  })

/**
 * A row's fields the form refuses blank, said to screen readers as required; a blank original amount
 * copies the amount, the rest are sent only when filled in. The schema decides: a test holds this list to
 * the fields a blank row is refused for. Not the dates, though refused blank too: a date field has no role
 * that takes aria-required (Chromium shows neither it nor the native attribute); their errors say it.
 */
export const requiredRowFields: ReadonlySet<string> = new Set([
  'transactionAmount.amount',
  'transactionAmount.currency',
  'merchantCategoryCode',
])

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
  ...moreRowFields(),
])

/** The field names of a row's "All fields" part, as the body (and so the sandbox's paths) names them. */
export function moreRowFields(): string[] {
  return [
    'terminalId',
    'markupFee.amount',
    'markupFee.currency',
    'markupFeePercentage',
    'cardAcceptorId',
    'cardAcceptorAddress',
    'cardAcceptorAddress.street',
    'cardAcceptorAddress.buildingNumber',
    'cardAcceptorAddress.postalCode',
    'cardAcceptorAddress.city',
    'cardAcceptorAddress.country',
    'maskedPan',
    'transactionDetails',
    'invoiced',
    'proprietaryBankTransactionCode',
    'valueDate',
  ]
}

/** Whether `transactions.3.originalAmount.amount` names an input of the form's `rows` rows. */
export function isRowField(name: string, rows: number): boolean {
  const match = name.match(/^transactions\.(\d+)\.(.+)$/)
  return match?.[1] !== undefined && Number(match[1]) < rows && rowFields.has(match[2] ?? '')
}

type FormMoney = { amount: string; currency: string }

/** An amount as any sandbox may send it (a string or a number), as the form's text inputs hold it. */
function moneyOf(value: unknown): FormMoney {
  const money = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {}
  const text = (part: unknown) => (typeof part === 'string' || typeof part === 'number' ? String(part) : '')
  return { amount: text(money.amount), currency: text(money.currency) }
}

/**
 * A copied original that is the amount itself (the same amount once normalised, in the same currency) is
 * left blank, as the Add form leaves it: prefilled, it would stay behind when the copy's amount is changed
 * (docs/decisions.md#original-amount). One that differs, in amount or currency, is kept as it was.
 */
function copiedOriginal(amount: FormMoney, original: FormMoney): FormMoney {
  const isAmount =
    normaliseAmount(original.amount) === normaliseAmount(amount.amount) &&
    normaliseCurrency(original.currency) === normaliseCurrency(amount.currency)
  return isAmount ? { amount: '', currency: '' } : original
}

/**
 * "Duplicate and edit": a transaction as the sandbox answered it, as a new row of the form. Its id is
 * left blank (a duplicate needs its own); `swapped` undoes the accept-fix swap of the answer, so the
 * copy sends each amount where the original has it.
 */
export function rowFromTransaction(
  element: unknown,
  { pending, swapped }: { pending: boolean; swapped: boolean },
): TransactionFormRow {
  const tx = typeof element === 'object' && element !== null ? (element as Record<string, unknown>) : {}
  const text = (key: string) => (typeof tx[key] === 'string' ? (tx[key] as string) : '')
  const day = (key: string) => text(key).slice(0, 10)
  const [transactionAmount, originalAmount] = swapped
    ? [moneyOf(tx.originalAmount), moneyOf(tx.transactionAmount)]
    : [moneyOf(tx.transactionAmount), moneyOf(tx.originalAmount)]
  const address =
    typeof tx.cardAcceptorAddress === 'object' && tx.cardAcceptorAddress !== null
      ? tx.cardAcceptorAddress
      : {}
  const part = (key: string) => {
    const value = (address as Record<string, unknown>)[key]
    return typeof value === 'string' ? value : ''
  }
  const blank = blankRow('', day('transactionDate'))
  return {
    ...blank,
    bookingStatus: pending ? 'pending' : 'booked',
    transactionDate: day('transactionDate'),
    bookingDate: pending ? '' : day('bookingDate'),
    transactionAmount,
    originalAmount: copiedOriginal(transactionAmount, originalAmount),
    merchantCategoryCode: text('merchantCategoryCode'),
    terminalId: text('terminalId'),
    markupFee: tx.markupFee === undefined ? blank.markupFee : moneyOf(tx.markupFee),
    markupFeePercentage: text('markupFeePercentage'),
    cardAcceptorId: text('cardAcceptorId'),
    cardAcceptorAddress: {
      street: part('street') || part('streetName'),
      buildingNumber: part('buildingNumber'),
      postalCode: part('postalCode') || part('postCode'),
      city: part('city') || part('townName'),
      country: part('country'),
    },
    maskedPan: text('maskedPan'),
    transactionDetails: text('transactionDetails'),
    invoiced: tx.invoiced === true ? 'true' : tx.invoiced === false ? 'false' : '',
    proprietaryBankTransactionCode: text('proprietaryBankTransactionCode'),
    valueDate: day('valueDate'),
  }
}
