import { type Problem, problem } from './errors'
import { headerNames } from './headers'
import { parseJsonLossless } from './json'

/** The one media type of every operation's body: JSON, in UTF-8 (RFC 8259 §8.1), the charset said or not. */
const JSON_CONTENT_TYPE = /^application\/json\s*(;\s*charset\s*=\s*"?utf-8"?\s*)?$/i

/**
 * Why a request body's Content-Type is refused, if it is: 415, not 400, as the body may be fine in a media
 * type the operation does not take (RFC 9110 §15.5.16). Another charset would be read as UTF-8 all the same,
 * and another `+json` type means rules this service does not follow. The sandbox and the proxy both ask it.
 */
export function contentTypeProblem(contentType: string | null): Problem | undefined {
  if (contentType !== null && JSON_CONTENT_TYPE.test(contentType.trim())) return undefined
  const got = contentType === null ? 'and none was sent' : `not ${contentType}`
  const text = `${headerNames.contentType} must be application/json (optionally charset=utf-8), ${got}`
  return problem(415, 'FORMAT_ERROR', text, headerNames.contentType)
}

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
