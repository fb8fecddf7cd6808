import { z } from 'zod'

/** Money on the wire: a decimal string (numbers are serialized as strings since release 1.7.6). */
export const DECIMAL_AMOUNT = /^-?[0-9]{1,14}(\.[0-9]{1,3})?$/

const decimalString = z
  .string()
  .regex(
    DECIMAL_AMOUNT,
    'amount must be a decimal number with at most 14 digits and 3 decimals, e.g. "-100.50"',
  )

/**
 * Requests may send a number or a string. A JSON number is converted through its shortest decimal
 * form (what JSON.stringify writes), which is exact for every value the pattern allows; anything that
 * needs an exponent is refused rather than rounded.
 */
export const amountValue = z.union([
  decimalString,
  z
    .number({ error: 'amount must be a decimal string or a number' })
    .transform((value) => String(value))
    .pipe(decimalString),
])

export const currencyCode = z
  .string({ error: 'currency is required: an ISO 4217 code of three capital letters, e.g. "NOK"' })
  .regex(/^[A-Z]{3}$/, 'currency must be an ISO 4217 code of three capital letters, e.g. "NOK"')

/** Amount as a request body carries it; always normalized to the decimal string. */
export const amountInput = z.strictObject({ currency: currencyCode, amount: amountValue })

/** Amount as the service answers it (what our handlers send). */
export const amountWire = z.strictObject({ currency: currencyCode, amount: decimalString })

/**
 * Amount as a client reads it: the string form, or the schema's declared int32 form where a server
 * follows the schema literally (the spec leaves that conflict open).
 */
export const amountFromServer = z.object({
  currency: z.string(),
  amount: z.union([decimalString, z.int32().transform((value) => String(value))]),
})

export type Amount = z.infer<typeof amountWire>
export type AmountInput = z.input<typeof amountInput>
