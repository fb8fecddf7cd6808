import { HEADER_VALUE_CHARACTER, type Problem, problem, SIGNED_HEADER_VALUE_MAX } from '../../src/contract'
import { PSU_HEADERS } from '../../src/signing/forwarded-headers'
import { SIGNED_WHEN_PRESENT } from '../../src/signing/signer'

const PSU = new Set(PSU_HEADERS.map((name) => name.toLowerCase()))

export type ForwardHeaders = { ok: true; headers: Record<string, string> } | { ok: false; problem: Problem }

/** The console's header-value rule, and no space at either end: parsing drops it, so signed and sent would differ. */
const signableValue = (value: string): boolean =>
  value.length > 0 &&
  value.length <= SIGNED_HEADER_VALUE_MAX &&
  !value.startsWith(' ') &&
  !value.endsWith(' ') &&
  [...value].every((character) => HEADER_VALUE_CHARACTER.test(character))

/**
 * Picks the forwarded headers out of Node's `rawHeaders` (name, value, name, value, ...), which, unlike
 * `headers`, still shows repeated lines. A repeated header is refused rather than merged: for the signed ones
 * (X-Request-ID, PSU-ID, ...) the signer and the upstream could otherwise disagree on which value was signed.
 * Control characters are refused even though Node's parser rejects CR/LF today: a newline in a signed value
 * would add a forged line to the signing string. Headers the client names in `Connection` are meant for
 * this hop only (RFC 9110 §7.6.1) and are dropped, whatever their name. The values the signature covers when
 * present must be short visible text: the proxy puts its key under them. `forwardedHeaders` (lower case)
 * are the operation's (operation-request.ts): Host, cookies and the signature set, which only the proxy's
 * signer may produce, are never among them; nor is Accept-Encoding, so the upstream answers uncompressed
 * and the proxy streams the body through untouched. Unsigned PSU headers are bounded like the signed ones.
 */
export function forwardHeaders(
  rawHeaders: readonly string[],
  forwardedHeaders: ReadonlySet<string>,
): ForwardHeaders {
  const hopByHop = connectionNamed(rawHeaders)
  const headers: Record<string, string> = {}
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const rawName = rawHeaders[i] ?? ''
    const value = rawHeaders[i + 1] ?? ''
    const name = rawName.toLowerCase()
    if (!forwardedHeaders.has(name) || hopByHop.has(name)) continue
    const refusal = Object.hasOwn(headers, name)
      ? `${rawName} must be sent once`
      : valueRefusal(rawName, name, value)
    if (refusal !== undefined) {
      return { ok: false, problem: problem(400, 'FORMAT_ERROR', refusal, rawName) }
    }
    headers[name] = value
  }
  return { ok: true, headers }
}

/** Why the value of header `name` (sent as `rawName`) cannot be forwarded, if it cannot. */
function valueRefusal(rawName: string, name: string, value: string): string | undefined {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  if (/[\x00-\x08\x0a-\x1f\x7f]/.test(value)) return `${rawName} must not contain control characters`
  if (SIGNED_WHEN_PRESENT.includes(name) && !signableValue(value)) {
    return `${rawName} must be 1 to ${SIGNED_HEADER_VALUE_MAX} visible ISO-8859-1 characters`
  }
  if (PSU.has(name) && value.length > SIGNED_HEADER_VALUE_MAX) {
    return `${rawName} must be at most ${SIGNED_HEADER_VALUE_MAX} characters`
  }
  return undefined
}

/** The lower-case names listed in every Connection header line. */
function connectionNamed(rawHeaders: readonly string[]): Set<string> {
  const named = new Set<string>()
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    if (rawHeaders[i]?.toLowerCase() !== 'connection') continue
    for (const name of (rawHeaders[i + 1] ?? '').split(',')) named.add(name.trim().toLowerCase())
  }
  return named
}
