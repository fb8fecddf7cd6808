import { parseJsonLossless, stringifyJsonLossless } from '../contract'

/**
 * Every body the console reads from a sandbox is parsed here, and every value it shows as raw JSON is
 * written here, with the contract's parse that keeps each number's source text: an amount sent as
 * `12345678901234.567` shows with every digit (docs/decisions.md#amounts).
 */
export function readJson(text: string): unknown {
  return parseJsonLossless(text)
}

/** A value stored as JSON (the account book), numbers as they were parsed. */
export function writeJson(value: unknown): string {
  return stringifyJsonLossless(value)
}

/** A value as the user reads raw JSON: pretty-printed, numbers as they were parsed. */
export function showJson(value: unknown): string {
  return value === undefined ? String(value) : stringifyJsonLossless(value, 2)
}

/** What an answer's body is, read without throwing: nothing, JSON, or text that is not JSON. */
export type Body =
  | { kind: 'empty' }
  | { kind: 'json'; value: unknown }
  | { kind: 'text'; text: string; why: string }

export function readBody(text: string): Body {
  if (text.trim() === '') return { kind: 'empty' }
  try {
    return { kind: 'json', value: readJson(text) }
  } catch (error) {
    return { kind: 'text', text, why: error instanceof Error ? error.message : String(error) }
  }
}
