/**
 * Every body the console reads from a sandbox is parsed here, and every value it shows as raw JSON is
 * written here: the one place to switch to a parse that keeps each number's source text (an amount sent as
 * `12345678901234.567` must show with every digit). Until the contract exports that parse, JSON.parse.
 */
export function readJson(text: string): unknown {
  return JSON.parse(text)
}

/** A value stored as JSON (the account book), numbers as they were parsed. */
export function writeJson(value: unknown): string {
  return JSON.stringify(value)
}

/** A value as the user reads raw JSON: pretty-printed, numbers as they were parsed. */
export function showJson(value: unknown): string {
  return JSON.stringify(value, null, 2) ?? String(value)
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
