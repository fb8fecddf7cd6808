import type { FocusEvent } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'

/**
 * What a tester types, read the one way it can mean: the forms send these, and the contract's strict
 * rules judge the result. Anything that could mean two things (a comma as the decimal mark, `1e3`) is
 * left as typed, for the rule to refuse in words.
 */

/**
 * ` 12.50 ` is `12.50`, `+5` is `5`, `−5` is `-5`, `-1 200.50` is `-1200.50`, `00012` is `12`, `-0.00` is
 * `0.00`: white space around and a plus sign say nothing, the typographic minus (U+2212) is the minus,
 * spaces between groups of three digits before a point are thousands (a comma could be a decimal mark:
 * `1 200,5` stays as typed), and leading zeros or the sign of a zero change no amount, while the sandbox
 * would keep and show them as sent.
 */
export function normaliseAmount(value: string): string {
  const trimmed = value.trim().replace(/^\u2212(?=\d)/, '-')
  const unsigned = /^\+\d/.test(trimmed) ? trimmed.slice(1) : trimmed
  const ungrouped = /^-?\d{1,3}([ \u00a0\u202f]\d{3})+(\.\d+)?$/.test(unsigned)
    ? unsigned.replace(/[ \u00a0\u202f]/g, '')
    : unsigned
  const decimal = /^(-?)0*(\d+)(\.\d+)?$/.exec(ungrouped)
  if (decimal === null) return ungrouped
  const [, sign, whole, fraction = ''] = decimal
  const zero = /^[0.]+$/.test(`${whole}${fraction}`)
  return `${zero ? '' : sign}${whole}${fraction}`
}

/** `nok` is `NOK`: ISO 4217 codes are capitals. */
export function normaliseCurrency(value: string): string {
  return value.trim().toUpperCase()
}

/** Text whose spaces at either end can only be a slip of the keyboard. */
export function normaliseText(value: string): string {
  return value.trim()
}

/** `5254 12** **** 3241` is `525412******3241`: card numbers are written in groups. */
export function normaliseCardNumber(value: string): string {
  return value.replace(/[\s-]+/g, '')
}

/** `130 393 199 55` is `13039319955`: customer numbers are digits, written in groups. */
export function normaliseDigits(value: string): string {
  return /^[\d\s]+$/.test(value.trim()) ? value.replace(/\s+/g, '') : value.trim()
}

/** `no` is `NO`: ISO 3166 country codes are capitals. */
export const normaliseCountry = normaliseCurrency

/** An amount object as typed: each part normalised. */
export function normaliseMoney<T extends { amount: string; currency: string }>(money: T): T {
  return { ...money, amount: normaliseAmount(money.amount), currency: normaliseCurrency(money.currency) }
}

/**
 * A registered input that shows what will be sent once it is left: `+250` becomes `250` where the tester
 * typed it, so the form never holds one value and sends another.
 */
export function normalisedOnBlur<R extends UseFormRegisterReturn>(
  registered: R,
  normalise: (value: string) => string,
): R {
  return {
    ...registered,
    onBlur: async (event: FocusEvent<HTMLInputElement>) => {
      const normalised = normalise(event.target.value)
      if (normalised !== event.target.value) {
        event.target.value = normalised
        await registered.onChange(event)
      }
      return registered.onBlur(event)
    },
  }
}

/** An empty field is no number, not the 0 that Number('') makes of it. */
export const numberOf = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text))

/**
 * A count as a tester writes one: digits, a sign at most. `1e3`, `5.0` or `0x10` are numbers to Number()
 * and to a number field, but they could be typos, so they are refused in words rather than read.
 */
const PLAIN_WHOLE_NUMBER = /^[+-]?\d+$/

/**
 * A count typed into a number field, read as typed: a whole number from `min` to `max` in plain digits, or
 * undefined. Held as a number, the field would turn a cleared value into 0 and "-2" into 2 while the tester
 * types.
 */
export function wholeNumberOf(text: string, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  const trimmed = text.trim()
  if (!PLAIN_WHOLE_NUMBER.test(trimmed)) return undefined
  const value = Number(trimmed)
  return value >= min && value <= max ? value : undefined
}

/**
 * What is wrong with a typed count, in its label's words; undefined for a whole number from `min` to `max`.
 * A number written some other way is quoted back: the field shows it, and its value alone would look fine.
 */
export function wholeNumberProblem(
  text: string,
  min: number,
  max: number,
  label: string,
): string | undefined {
  if (wholeNumberOf(text, min, max) !== undefined) return undefined
  const trimmed = text.trim()
  const range =
    max === Number.MAX_SAFE_INTEGER
      ? `, ${min} or more`
      : ` from ${min.toLocaleString('en')} to ${max.toLocaleString('en')}`
  const asTyped = trimmed === '' || PLAIN_WHOLE_NUMBER.test(trimmed) ? '' : ` (not "${trimmed}")`
  return `${label} must be a whole number${range}${asTyped}.`
}
