import { headerNames, type Problem, problem } from '../../src/contract'

/**
 * End-to-end request headers the upstream may need. Everything else is dropped: hop-by-hop headers, cookies,
 * Host, and the signature set (Signature, Digest, Date, TPP-Signature-Certificate), which only the proxy's
 * signer may produce. Accept-Encoding is dropped too, so the upstream answers uncompressed and the proxy can
 * stream the body through untouched.
 */
const forwardedHeaders = new Set(
  [
    headerNames.contentType,
    headerNames.accept,
    headerNames.acceptLanguage,
    headerNames.acceptCharset,
    headerNames.requestId,
    headerNames.psuId,
    headerNames.psuIdType,
    headerNames.psuCorporateId,
    headerNames.psuCorporateIdType,
    headerNames.psuIpAddress,
    headerNames.psuIpPort,
    headerNames.psuUserAgent,
    headerNames.tppRedirectUri,
    headerNames.tppNokRedirectUri,
    headerNames.acceptFix,
    headerNames.xAcceptFix,
  ].map((name) => name.toLowerCase()),
)

export type ForwardHeaders = { ok: true; headers: Record<string, string> } | { ok: false; problem: Problem }

/**
 * Picks the forwarded headers out of Node's `rawHeaders` (name, value, name, value, ...), which, unlike
 * `headers`, still shows repeated lines. A repeated header is refused rather than merged: for the signed ones
 * (X-Request-ID, PSU-ID, ...) the signer and the upstream could otherwise disagree on which value was signed.
 * Control characters are refused even though Node's parser rejects CR/LF today: a newline in a signed value
 * would add a forged line to the signing string.
 */
export function forwardHeaders(rawHeaders: readonly string[]): ForwardHeaders {
  const headers: Record<string, string> = {}
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const rawName = rawHeaders[i] ?? ''
    const value = rawHeaders[i + 1] ?? ''
    const name = rawName.toLowerCase()
    if (!forwardedHeaders.has(name)) continue
    if (Object.hasOwn(headers, name)) {
      return { ok: false, problem: problem(400, 'FORMAT_ERROR', `${rawName} must be sent once`, rawName) }
    }
    // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
    if (/[\x00-\x08\x0a-\x1f\x7f]/.test(value)) {
      const text = `${rawName} must not contain control characters`
      return { ok: false, problem: problem(400, 'FORMAT_ERROR', text, rawName) }
    }
    headers[name] = value
  }
  return { ok: true, headers }
}
