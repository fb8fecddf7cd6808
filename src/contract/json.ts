/**
 * JSON whose numbers keep their source text (docs/decisions.md#amounts): `JSON.parse` turns
 * `12345678901234.567` into the nearest double, whose shortest form is `12345678901234.566`, and money
 * must not change on the way in. Both sides read with this parser, the sandbox's request bodies and the
 * client's answers, and the sandbox writes number literals with it where an answer carries numbers.
 */
import { isLosslessNumber, LosslessNumber, parse, stringify } from 'lossless-json'

/** A JSON number as the text it was written with (lossless-json's LosslessNumber, from any copy of it). */
export interface JsonNumber {
  readonly value: string
}

/**
 * The value of a JSON text, every number a {@link JsonNumber} holding its literal. Throws a SyntaxError
 * naming the position for text that is not JSON, and for an object that names a key twice with two values
 * (JSON.parse would silently keep the last).
 */
export function parseJsonLossless(text: string): unknown {
  return parse(text)
}

/**
 * JSON text of a value in which {@link JsonNumber}s are written as the number literals they hold;
 * `indent` spaces per level, as JSON.stringify's third argument.
 */
export function stringifyJsonLossless(value: unknown, indent?: number): string {
  return stringify(value, undefined, indent) ?? ''
}

export function isJsonNumber(value: unknown): value is JsonNumber {
  return isLosslessNumber(value)
}

/** The number literal `decimal` (a plain decimal such as "-100.50"), to be written as a JSON number. */
export function jsonNumber(decimal: string): JsonNumber {
  return new LosslessNumber(decimal)
}

const EXPONENT_FORM = /^(-?)([0-9]+)(?:\.([0-9]+))?[eE]([+-]?[0-9]+)$/
/** Past this an exponent is not shifted out: the result would be a string of that many zeros. */
const MAX_SHIFT = 400

/**
 * A JSON number literal as a plain decimal with exactly its digits: `1.5e3` is `1500`, `25E-2` is `0.25`
 * (no float in between). Literals without an exponent, and absurd exponents, come back unchanged.
 */
export function plainDecimal(literal: string): string {
  const match = EXPONENT_FORM.exec(literal)
  if (match === null) return literal
  const [, sign = '', whole = '', fraction = '', exponent = ''] = match
  const shift = Number(exponent)
  if (Math.abs(shift) > MAX_SHIFT) return literal
  const digits = whole + fraction
  const point = whole.length + shift
  const text =
    point <= 0
      ? `0.${'0'.repeat(-point)}${digits}`
      : point >= digits.length
        ? digits + '0'.repeat(point - digits.length)
        : `${digits.slice(0, point)}.${digits.slice(point)}`
  return sign + text.replace(/^0+(?=[0-9])/, '')
}
