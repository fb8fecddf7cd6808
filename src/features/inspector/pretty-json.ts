import { parseJsonLossless, stringifyJsonLossless } from '../../contract'

/** Past this a body is shown as it came, so that opening a large answer stays cheap. */
const MAX_INDENTED = 50_000

/**
 * A JSON body indented for reading, each number literal exactly as it came: the inspector shows what went
 * over the wire, and `JSON.parse` would show `-470.60` as `-470.6` and `-99999999999999.999` as
 * `-100000000000000` (docs/decisions.md#amounts). Anything that is not JSON is shown as it came.
 */
export function prettyJson(body: string): string {
  if (body.length > MAX_INDENTED) return body
  try {
    return stringifyJsonLossless(parseJsonLossless(body), 2)
  } catch {
    return body
  }
}
