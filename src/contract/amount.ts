import { z } from 'zod'
import { isJsonNumber, type JsonNumber, plainDecimal } from './json'

/** Money on the wire: a decimal string (numbers are serialized as strings since release 1.7.6). */
export const DECIMAL_AMOUNT = /^-?[0-9]{1,14}(\.[0-9]{1,3})?$/

const AMOUNT_RULE = 'a decimal number with at most 14 digits and 3 decimals, e.g. "-100.50"'

/** An empty amount is told it is required, and a decimal comma where the point goes, rather than the rule alone. */
const decimalString = z.string().regex(DECIMAL_AMOUNT, {
  error: (issue) =>
    issue.input === ''
      ? `amount is required: ${AMOUNT_RULE}`
      : /^-?[0-9]+,[0-9]+$/.test(String(issue.input))
        ? `amount must use a point for decimals, not a comma: ${AMOUNT_RULE}`
        : `amount must be ${AMOUNT_RULE}`,
})

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
const numberText = jsonNumberSchema.transform((number) =>
  typeof number === 'number' ? String(number) : plainDecimal(number.value),
)

/**
 * Requests may send a number or a string (docs/decisions.md#amounts); anything outside the pattern is
 * refused rather than rounded.
 */
export const amountValue = z.union([decimalString, numberText.pipe(decimalString)], {
  error: 'amount must be a decimal string or a number',
})

export const currencyCode = z
  .string({ error: 'currency is required: an ISO 4217 code of three capital letters, e.g. "NOK"' })
  .regex(/^[A-Z]{3}$/, 'currency must be an ISO 4217 code of three capital letters, e.g. "NOK"')

/** Amount as a request body carries it; always normalized to the decimal string. */
export const amountInput = z.strictObject({ currency: currencyCode, amount: amountValue })

/** Amount as the service answers it (what our handlers send). */
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
