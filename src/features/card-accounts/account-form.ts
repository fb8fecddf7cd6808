import {
  accountStatuses,
  amountInput,
  type CardAccountCreateInput,
  cardAccountCreate,
  cardAccountCreateSchema,
  type customerTypes,
  isCalendarDate,
  testCustomers,
} from '../../contract'
import { z } from '../../contract/zod'
import {
  normaliseCardNumber,
  normaliseCurrency,
  normaliseDigits,
  normaliseMoney,
  normaliseText,
} from '../normalise'

/** One balance row of the "All fields" part: inputs named as the body's fields. */
export interface BalanceFormRow {
  balanceAmount: { currency: string; amount: string }
  balanceType: string
  referenceDate: string
}

/** What the inputs hold: strings, with blanks for the optional fields. */
export interface AccountFormValues {
  maskedPan: string
  currency: string
  customerNumber: string
  customerType: (typeof customerTypes)[number]
  name: string
  product: string
  creditLimit: { currency: string; amount: string }
  /** Typed, not picked: the platform writes `ENABLED`; the sandbox compares it without regard to case. */
  status: string
  // The platform's own fields, behind "All fields".
  balances: BalanceFormRow[]
  cardId: string
  cardIdVNo: string
  accountNumber: string
  expiry: string
}

export const accountFormDefaults: AccountFormValues = {
  maskedPan: '',
  currency: 'NOK',
  customerNumber: testCustomers.private,
  customerType: 'private',
  name: '',
  product: '',
  creditLimit: { currency: '', amount: '' },
  status: 'enabled',
  balances: [],
  cardId: '',
  cardIdVNo: '',
  accountNumber: '',
  expiry: '',
}

export function blankBalance(currency: string): BalanceFormRow {
  return { balanceAmount: { currency, amount: '' }, balanceType: '', referenceDate: '' }
}

/** The status input's suggestions: the contract's spelling, and the platform's upper case. */
export const statusSuggestions = [
  ...accountStatuses,
  ...accountStatuses.map((status) => status.toUpperCase()),
]

/** Balance types of the Berlin Group list the platform's examples use (upper case, as it sends them). */
export const balanceTypes = [
  'EXPECTED',
  'INTERIM_AVAILABLE',
  'INTERIM_BOOKED',
  'CLOSING_BOOKED',
  'OPENING_BOOKED',
]

const filled = (value: string) => value.trim() !== ''

function balanceBody({ balanceAmount, balanceType, referenceDate }: BalanceFormRow) {
  return {
    balanceAmount: normaliseMoney(balanceAmount),
    ...(filled(balanceType) ? { balanceType: normaliseText(balanceType) } : {}),
    ...(filled(referenceDate) ? { referenceDate } : {}),
  }
}

/**
 * Blank optional inputs are left out of the body, exactly as a hand-written request would; a balance row
 * is sent once any of its inputs is filled. What was typed is normalised where it can mean one thing only
 * (`nok` is NOK, ` 12.50 ` is 12.50); the contract's rules judge the rest.
 */
export function accountBody(values: AccountFormValues): CardAccountCreateInput {
  const {
    creditLimit,
    name,
    product,
    status,
    balances,
    cardId,
    cardIdVNo,
    accountNumber,
    expiry,
    ...required
  } = values
  const hasLimit = filled(creditLimit.amount) || filled(creditLimit.currency)
  const sentBalances = balances.filter(
    (b) => filled(b.balanceAmount.amount) || filled(b.balanceType) || filled(b.referenceDate),
  )
  const optional = { name, product, cardId, cardIdVNo, accountNumber: normaliseDigits(accountNumber), expiry }
  return {
    ...required,
    maskedPan: normaliseCardNumber(required.maskedPan),
    currency: normaliseCurrency(required.currency),
    customerNumber: normaliseDigits(required.customerNumber),
    // Sent as typed, without the spaces around it; left blank, the sandbox's default (enabled) applies.
    ...(filled(status) ? { status: status.trim() } : {}),
    ...Object.fromEntries(
      Object.entries(optional).flatMap(([key, value]) =>
        filled(value) ? [[key, normaliseText(value)]] : [],
      ),
    ),
    ...(hasLimit ? { creditLimit: normaliseMoney(creditLimit) } : {}),
    ...(sentBalances.length > 0 ? { balances: sentBalances.map(balanceBody) } : {}),
  } as CardAccountCreateInput
}

const text = (label: string, max: number) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, `${label} must not be empty`),
      z.maxLength(max, `${label} may have at most ${max} characters`),
    )

const day = (label: string) =>
  z
    .string()
    .check(
      z.regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date in the form YYYY-MM-DD`),
      z.refine(isCalendarDate, `${label} is not a real calendar date`),
    )

/**
 * The platform's account fields the contract's create schema does not have yet: the form checks them
 * itself until it does (then these go, and the contract's rules apply).
 */
const platformAccountFields = {
  balances: z.optional(
    z.array(
      z.strictObject({
        balanceAmount: amountInput,
        // The platform's balances always name their type (EXPECTED, INTERIM_AVAILABLE...).
        balanceType: z
          .string({ error: 'Balance type is required, e.g. EXPECTED' })
          .check(
            z.trim(),
            z.minLength(1, 'Balance type is required, e.g. EXPECTED'),
            z.maxLength(35, 'Balance type may have at most 35 characters'),
          ),
        referenceDate: z.optional(day('Reference date')),
      }),
    ),
  ),
  cardId: z.optional(text('Card id', 35)),
  cardIdVNo: z.optional(text('Card id version', 35)),
  accountNumber: z.optional(text('Account number', 34)),
  expiry: z.optional(day('Expiry')),
}

/**
 * The contract's own schema decides; the form only maps its inputs to the body first. `longerName`: the
 * header's toggle sends the fix that allows 70-character names, so the form allows them too.
 */
export function accountFormSchemaFor({ longerName = false } = {}) {
  const contract = longerName ? cardAccountCreateSchema({ longerName }) : cardAccountCreate
  return z.pipe(z.transform(accountBody), z.extend(contract, platformAccountFields))
}

export const accountFormSchema = accountFormSchemaFor()

/**
 * A credit limit is an amount and its currency: once one part is filled the other is required, which
 * the contract's rule for the blank part ("must be an ISO 4217 code") does not say.
 */
export function accountMessage(path: string, message: string, values: AccountFormValues): string {
  const { amount, currency } = values.creditLimit
  if (path === 'creditLimit.currency' && !filled(currency)) {
    return 'Credit limit currency is required once a credit limit amount is given (a limit is an amount in a currency): enter an ISO 4217 code such as NOK, or clear the amount'
  }
  if (path === 'creditLimit.amount' && !filled(amount)) {
    return 'Credit limit amount is required once a credit limit currency is given: enter an amount such as 5000.00, or clear the currency'
  }
  return message
}

const balanceField =
  /^balances\.\d+\.(balanceAmount\.amount|balanceAmount\.currency|balanceType|referenceDate)$/

const fieldNames = new Set<string>([
  'maskedPan',
  'currency',
  'customerNumber',
  'customerType',
  'name',
  'product',
  'creditLimit.currency',
  'creditLimit.amount',
  'status',
  'cardId',
  'cardIdVNo',
  'accountNumber',
  'expiry',
])

/** Whether a field name (from a tppMessages path) is an input of the form with `balances` balance rows. */
export function isAccountField(name: string, balances: number): boolean {
  if (fieldNames.has(name)) return true
  const row = Number(/^balances\.(\d+)\./.exec(name)?.[1] ?? Number.NaN)
  return balanceField.test(name) && row < balances
}

/** The "All fields" inputs: an error in one opens the disclosure. */
export function isPlatformAccountField(name: string): boolean {
  return name.startsWith('balances') || ['cardId', 'cardIdVNo', 'accountNumber', 'expiry'].includes(name)
}
