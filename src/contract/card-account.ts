import {
  amountFromServer,
  amountInputUnder,
  amountValue,
  amountWire,
  type CurrencyRule,
  currencyCode,
  currencyRules,
} from './amount'
import { isCalendarDate, isoDate } from './dates'
import { PSU_ID, PSU_ID_RULE } from './headers'
import { freeText, noControlCharacters, requiredText, textRuleOf, textTypeError } from './text'
import { z } from './zod'

export const customerTypes = ['private', 'corporate'] as const
export const accountStatuses = ['enabled', 'blocked', 'deleted'] as const

/** The platform's own test customers, offered by the form. */
export const testCustomers = { private: '13039319955', corporate: '18129215603' } as const

/** Berlin Group Max35Text; the accept-fix `longer-name` allows 70 (docs/decisions.md#name-length). */
export const NAME_MAX = 35
/** A card account's product name, as the platform's examples fill it (the form counts toward it). */
export const PRODUCT_MAX = 35
export const LONGER_NAME_MAX = 70

/** Masked digits: "*" in our examples, "x" in the platform's (1234xxxxxxxx4321). */
const MASKED_PAN = /^[0-9*xX]{12,19}$/

const MASKED_PAN_RULE = '12 to 19 characters of digits and "*" (or "x"), e.g. 525412******3241'

/** An empty one is told it is required, as an empty amount is (amount.ts), rather than the rule alone. */
const maskedPan = z.string({ error: textTypeError('maskedPan', ', e.g. 525412******3241') }).check(
  z.regex(MASKED_PAN, {
    error: (issue) =>
      issue.input === ''
        ? `maskedPan is required: ${MASKED_PAN_RULE}`
        : `maskedPan must be ${MASKED_PAN_RULE}`,
  }),
  z.refine(
    (pan) => /[*xX]/.test(pan),
    'maskedPan must mask the middle digits with "*" or "x": never send a full card number',
  ),
)

export type AccountStatus = (typeof accountStatuses)[number]

/** The known status a status names, whatever its case: `ENABLED` is `enabled` (the platform writes it so). */
export function accountStatusOf(status: string): AccountStatus | undefined {
  const lower = status.toLowerCase()
  return accountStatuses.find((known) => known === lower)
}

/** Stored and answered as sent; compared without regard to case (docs/decisions.md#card-account-create). */
const accountStatus = z
  .string({ error: textTypeError('status', ': "enabled", "blocked" or "deleted"') })
  .check(
    z.refine(
      (status) => accountStatusOf(status) !== undefined,
      'status must be "enabled", "blocked" or "deleted" (in any case)',
    ),
  )

/** One of the account's balances, in the platform's shape. */
const balanceUnder = (rule: CurrencyRule) =>
  z.strictObject({
    balanceAmount: amountInputUnder(rule),
    // Berlin Group names (`expected`, `closingBooked`), or the platform's upper case (`EXPECTED`): as sent.
    balanceType: z
      .string({ error: textTypeError('balanceType', ', e.g. "EXPECTED"') })
      .check(z.regex(/^[A-Za-z_]{1,35}$/, 'balanceType must be 1 to 35 letters or "_", e.g. "EXPECTED"')),
    referenceDate: z.optional(isoDate),
    lastChangeDateTime: z.optional(
      z.iso.datetime({
        offset: true,
        error: (issue) =>
          typeof issue.input === 'string'
            ? 'lastChangeDateTime must be an ISO 8601 date-time, e.g. "2019-10-14T13:55:45.494Z"'
            : textTypeError(
                'lastChangeDateTime',
                ': an ISO 8601 date-time, e.g. "2019-10-14T13:55:45.494Z"',
              )(issue),
      }),
    ),
    lastCommittedTransaction: z.optional(freeText('lastCommittedTransaction', 70, textRuleOf(rule))),
  })

/** A card's expiry: a date, as the platform's example writes it, or a month. */
const expiry = z.string({ error: textTypeError('expiry', ': a date YYYY-MM-DD or a month YYYY-MM') }).check(
  z.regex(/^[0-9]{4}-[0-9]{2}(-[0-9]{2})?$/, 'expiry must be a date YYYY-MM-DD or a month YYYY-MM'),
  z.refine(
    (value) => isCalendarDate(value.length === 7 ? `${value}-01` : value),
    'expiry is not a real calendar date',
  ),
)

/** The platform's fields of a card account (its example body holds them all); each optional. */
const platformAccountFieldsUnder = (rule: CurrencyRule) => ({
  balances: z.optional(z.array(balanceUnder(rule)).check(z.maxLength(100, 'send at most 100 balances'))),
  cardId: z.optional(freeText('cardId', 35, textRuleOf(rule))),
  cardIdVNo: z.optional(freeText('cardIdVNo', 35, textRuleOf(rule))),
  accountNumber: z.optional(freeText('accountNumber', 34, textRuleOf(rule))),
  expiry: z.optional(expiry),
})

/**
 * A credit limit is the most the card may owe: a negative one has no meaning a tester could test, so it is
 * refused rather than stored. Stored accounts are read as they are (`cardAccount`), so none is lost.
 */
const creditLimitUnder = (rule: CurrencyRule) =>
  z.strictObject({
    currency: currencyRules[rule],
    amount: amountValue.check(
      z.refine(
        // `-0` and `-0.00` are zero, not negative.
        (amount) => !(amount.startsWith('-') && /[1-9]/.test(amount)),
        'amount must not be negative: the most the card may owe, e.g. "50000"',
      ),
    ),
  })

/**
 * Body of POST /v1/sandbox/card-accounts. `longerName` follows the accept-fix header; `currencies` is
 * `stored` only where a request was kept to be sent later (see {@link CurrencyRule}).
 */
export function cardAccountCreateSchema({
  longerName = false,
  currencies = 'iso',
}: {
  longerName?: boolean
  currencies?: CurrencyRule
} = {}) {
  const nameMax = longerName ? LONGER_NAME_MAX : NAME_MAX
  return z.strictObject({
    maskedPan,
    currency: currencyRules[currencies],
    customerNumber: z
      .string({ error: textTypeError('customerNumber', ` (${PSU_ID_RULE})`) })
      .check(z.regex(PSU_ID, `customerNumber must be ${PSU_ID_RULE}`)),
    customerType: z._default(
      z.enum(customerTypes, { error: 'customerType must be "private" or "corporate"' }),
      'private',
    ),
    name: z.optional(
      noControlCharacters('name', textRuleOf(currencies)).check(
        z.trim(),
        z.minLength(1, 'name must not be empty'),
        z.maxLength(
          nameMax,
          longerName
            ? `name may have at most ${LONGER_NAME_MAX} characters`
            : `name may have at most ${NAME_MAX} characters (${LONGER_NAME_MAX} with accept-fix: longer-name)`,
        ),
      ),
    ),
    product: z.optional(requiredText('product', PRODUCT_MAX, textRuleOf(currencies))),
    creditLimit: z.optional(creditLimitUnder(currencies)),
    status: z._default(accountStatus, 'enabled'),
    ...platformAccountFieldsUnder(currencies),
  })
}

export const cardAccountCreate = cardAccountCreateSchema()
export type CardAccountCreateInput = z.input<typeof cardAccountCreate>
export type CardAccountCreate = z.output<typeof cardAccountCreate>

/**
 * The mockCardAccountId our sandbox issues: opaque, of characters a path segment may hold (`!` and `=`
 * stay readable; encodeURIComponent escapes `=`): a UUID, or the platform's `enc!!…==` form.
 */
export const resourceId = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_.~!=-]{1,128}$/, 'must be 1 to 128 of A-Z a-z 0-9 _ . ~ ! = -'))

const balanceWire = z.extend(balanceUnder('stored'), { balanceAmount: amountWire })

/** What the service stores and answers for one card account. */
export const cardAccount = z.strictObject({
  resourceId,
  maskedPan: z.string(),
  currency: currencyCode,
  customerNumber: z.string(),
  customerType: z.enum(customerTypes),
  name: z.optional(z.string()),
  product: z.optional(z.string()),
  creditLimit: z.optional(amountWire),
  status: accountStatus,
  ...platformAccountFieldsUnder('stored'),
  balances: z.optional(z.array(balanceWire)),
})
export type CardAccount = z.infer<typeof cardAccount>

export const cardAccountList = z.object({ cardAccounts: z.array(cardAccount) })
export type CardAccountList = z.infer<typeof cardAccountList>

/**
 * A client's reading of an account from any server (docs/decisions.md#liberal-reader): any non-empty id
 * (the platform's are over 64 characters with `!` and `=`), a status in any case, amounts as strings or
 * numbers, the fields a real sandbox leaves out optional, and every field it adds kept.
 */
export const cardAccountFromServer = z.looseObject({
  resourceId: z.string().check(z.minLength(1)),
  maskedPan: z.string(),
  currency: z.string(),
  customerNumber: z.optional(z.string()),
  customerType: z.optional(z.string()),
  name: z.optional(z.string()),
  product: z.optional(z.string()),
  creditLimit: z.optional(amountFromServer),
  status: z.optional(z.string()),
  balances: z.optional(
    z.array(
      z.looseObject({ balanceAmount: z.optional(amountFromServer), balanceType: z.optional(z.string()) }),
    ),
  ),
})
export const cardAccountListFromServer = z.looseObject({ cardAccounts: z.array(cardAccountFromServer) })
