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
 * naming the position for text that is not JSON, for an object that names a key twice with two values
 * (JSON.parse would silently keep the last), and for objects and arrays nested deeper than
 * {@link MAX_JSON_DEPTH}.
 */
export function parseJsonLossless(text: string): unknown {
  const scan = scanned(text)
  if (scan.tooDeepAt !== undefined) {
    throw new SyntaxError(`Nested deeper than ${MAX_JSON_DEPTH} levels at position ${scan.tooDeepAt}`)
  }
  const fast = scan.keys === undefined ? NOT_PLAIN : parsedAsPlainJson(text, scan.keys)
  return fast === NOT_PLAIN ? parse(text) : fast
}

/**
 * lossless-json recurses once per level and ran out of stack near 4,000 (a 300 KB body of 50,000 nested
 * objects threw "Maximum call stack size exceeded"); the operation's bodies and answers are a few levels
 * deep. Checked before either parser, so plain JSON (JSON.parse reads any depth) is bounded the same.
 */
export const MAX_JSON_DEPTH = 1000

const NOT_PLAIN = Symbol('not plain JSON')
const BACKSLASH = 0x5c
const QUOTE = 0x22

/** What the scan does at an ASCII character outside string literals (MARKS); nothing at any other. */
const STRING = 1
const OPENS = 2
const CLOSES = 3
const DIGIT = 4
const COLON = 5
const MARKS = new Uint8Array(128)
MARKS[QUOTE] = STRING
for (const c of '{[') MARKS[c.charCodeAt(0)] = OPENS
for (const c of '}]') MARKS[c.charCodeAt(0)] = CLOSES
for (const c of '0123456789') MARKS[c.charCodeAt(0)] = DIGIT
MARKS[':'.charCodeAt(0)] = COLON

/**
 * JSON.parse's value where it is exactly lossless-json's, which reads many times slower (a batch of
 * 10,000 transactions is 2.5 MB, sent and answered): a text without a number literal, and without a key
 * named twice in one object (its keys in the text, `keys`, are as many as in the value). Anything else,
 * invalid JSON included, is left to lossless-json, for its digits and its messages.
 */
function parsedAsPlainJson(text: string, keys: number): unknown {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return NOT_PLAIN
  }
  return keyCount(value) === keys ? value : NOT_PLAIN
}

/**
 * One pass outside string literals: the colons (in JSON that parses, one follows each key), undefined once
 * a digit starts a number literal; and where the nesting first passes MAX_JSON_DEPTH, if it does.
 */
function scanned(text: string): { keys: number | undefined; tooDeepAt: number | undefined } {
  // A character loop, not regular expressions: those copied the text and took 1.2 s of 100,000
  // generated transactions (docs/benchmarks.md).
  let keys: number | undefined = 0
  let depth = 0
  for (let i = 0; i < text.length; i++) {
    switch (MARKS[text.charCodeAt(i)]) {
      case STRING:
        i = closingQuote(text, i)
        break
      case OPENS:
        if (++depth > MAX_JSON_DEPTH) return { keys, tooDeepAt: i }
        break
      case CLOSES:
        depth--
        break
      case DIGIT:
        keys = undefined
        break
      case COLON:
        if (keys !== undefined) keys++
        break
    }
  }
  return { keys, tooDeepAt: undefined }
}

/** Where the string literal opened at `opening` closes, past its escapes; the text's length if it does not. */
function closingQuote(text: string, opening: number): number {
  for (let i = opening + 1; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === BACKSLASH) i++
    else if (c === QUOTE) return i
  }
  return text.length
}

function keyCount(value: unknown): number {
  let count = 0
  const pending: unknown[] = [value]
  while (pending.length > 0) {
    const next = pending.pop()
    if (typeof next !== 'object' || next === null) continue
    if (Array.isArray(next)) {
      for (const item of next) pending.push(item)
      continue
    }
    for (const key in next) {
      count++
      pending.push((next as Record<string, unknown>)[key])
    }
  }
  return count
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
