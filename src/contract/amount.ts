import { activeCurrencies } from './currencies'
import { isJsonNumber, type JsonNumber, plainDecimal } from './json'
import { textTypeError } from './text'
import { z } from './zod'

/** Money on the wire: a decimal string (numbers are serialized as strings since release 1.7.6). */
export const DECIMAL_AMOUNT = /^-?[0-9]{1,14}(\.[0-9]{1,3})?$/

const AMOUNT_RULE = 'a decimal number with at most 14 digits and 3 decimals, e.g. "-100.50"'

/** An empty amount is told it is required, and a decimal comma where the point goes, rather than the rule alone. */
const decimalString = z.string().check(
  z.regex(DECIMAL_AMOUNT, {
    error: (issue) =>
      issue.input === ''
        ? `amount is required: ${AMOUNT_RULE}`
        : /^-?[0-9]+,[0-9]+$/.test(String(issue.input))
          ? `amount must use a point for decimals, not a comma: ${AMOUNT_RULE}`
          : `amount must be ${AMOUNT_RULE}`,
  }),
)

/**
 * A JSON number: as the lossless parser gives it (src/contract/json.ts), or a JavaScript number where a
 * caller hands the engine a value rather than a body. JSON Schema has no custom types: the OpenAPI
 * document writes this one as `{"type": "number"}`.
 */
export const jsonNumberSchema = z.custom<JsonNumber | number>(
  (value) => isJsonNumber(value) || (typeof value === 'number' && Number.isFinite(value)),
  { error: 'amount must be a decimal string or a number' },
)

/**
 * The number's decimal text: a literal digit for digit (`12345678901234.567` stays exactly that); a
 * JavaScript number through its shortest form, exact for every value the amount pattern allows.
 */
const numberText = z.pipe(
  jsonNumberSchema,
  z.transform((number) => (typeof number === 'number' ? String(number) : plainDecimal(number.value))),
)

/**
 * Requests may send a number or a string (docs/decisions.md#amounts); anything outside the pattern is
 * refused rather than rounded.
 */
export const amountValue = z.union([decimalString, z.pipe(numberText, decimalString)], {
  error: 'amount must be a decimal string or a number',
})

const CURRENCY_EXAMPLE = 'e.g. "NOK", "EUR" or "USD"'

/**
 * A currency as the sandbox stored it or a file holds it: three capitals, not judged against the table
 * (an account created as KRO before the ISO rule still opens, exports and imports as KRO).
 */
export const currencyCode = z
  .string({ error: textTypeError('currency', ': an ISO 4217 code of three capital letters, e.g. "NOK"') })
  .check(z.regex(/^[A-Z]{3}$/, 'currency must be an ISO 4217 code of three capital letters, e.g. "NOK"'))

/**
 * A currency a new write names: an ISO 4217 code in use, from the committed table
 * (docs/decisions.md#currencies). Three capitals that name no currency (QQQ) are told so, not "format".
 */
export const isoCurrencyCode = z.enum(activeCurrencies, {
  error: (issue) =>
    typeof issue.input !== 'string'
      ? textTypeError('currency', `: a three-letter ISO 4217 code, ${CURRENCY_EXAMPLE}`)(issue)
      : /^[A-Z]{3}$/.test(issue.input)
        ? `currency ${issue.input} is not an ISO 4217 code in use: ${CURRENCY_EXAMPLE}`
        : `currency must be a three-letter ISO 4217 code, ${CURRENCY_EXAMPLE}`,
})

/**
 * Which currency rule a request schema applies: `iso` for what a client sends now; `stored` where a
 * request was kept (a recorded flow's steps), so a file written before the ISO rule still opens and the
 * sandbox, not the reader, refuses the step when it is sent.
 */
export type CurrencyRule = 'iso' | 'stored'
export const currencyRules = { iso: isoCurrencyCode, stored: currencyCode } as const

/** Amount as a request body carries it, under a currency rule; always normalized to the decimal string. */
export const amountInputUnder = (rule: CurrencyRule) =>
  z.strictObject({ currency: currencyRules[rule], amount: amountValue })

/** Amount as a request body carries it: an ISO currency in use; always normalized to the decimal string. */
export const amountInput = amountInputUnder('iso')

/** Amount as the service answers it (what our handlers send): the currency as it was stored. */
export const amountWire = z.strictObject({ currency: currencyCode, amount: decimalString })

/**
 * An amount's value as a client reads it from any server: a string as sent, or a number (the schema's
 * declared int32 form, or any JSON number) as exactly the digits it was written with when the body was
 * read losslessly. The display decides what it can format.
 */
export const amountValueFromServer = z.union([z.string(), numberText])

/** Amount as a client reads it: see {@link amountValueFromServer}; other fields kept. */
export const amountFromServer = z.looseObject({ currency: z.string(), amount: amountValueFromServer })

export type Amount = z.infer<typeof amountWire>
export type AmountInput = z.input<typeof amountInput>
