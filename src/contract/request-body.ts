import { type Problem, problem } from './errors'
import { parseJsonLossless } from './json'

/** A request body read as JSON, or the 400 saying precisely why it cannot be. */
export type JsonBody = { ok: true; value: unknown } | { ok: false; problem: Problem }

/**
 * The JSON value of a request body, with a precise FORMAT_ERROR for each way it can be unreadable: empty,
 * not UTF-8, not JSON (the parser's words and position). The sandbox reads every body with it and the proxy
 * every body it would sign, so a client hears the same words from both. Numbers keep their literals
 * (src/contract/json.ts), so an amount sent as a number keeps every digit.
 */
export function readJsonBody(bytes: Uint8Array): JsonBody {
  if (bytes.length === 0) return unreadable('The request body is empty: send a JSON document')
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return unreadable('The request body is not valid UTF-8')
  }
  try {
    return { ok: true, value: parseJsonLossless(text) }
  } catch (error) {
    return unreadable(`The request body cannot be read as JSON: ${(error as Error).message}`)
  }
}

function unreadable(text: string): JsonBody {
  return { ok: false, problem: problem(400, 'FORMAT_ERROR', text) }
}
