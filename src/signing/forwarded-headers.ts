import { headerNames } from '../contract'
import type { Operation } from '../contract/operations'

/**
 * Which of a client's request headers go upstream, signed, for an operation: only what the operation defines
 * (src/contract/operations.ts is the one list). Any other header would be signed with the TPP's key for
 * nothing the console needs, and the console's own headers to its proxy (X-Console-Secret, the Signature
 * switch) must never leave it. One list for the proxy (server/proxy/forward.ts) and for offline mode's
 * stand-in for it (src/sandbox-http/proxy-stand-in.ts), so both send the same request.
 */

/** Content negotiation, which every operation takes. */
const NEGOTIATION = [headerNames.accept, headerNames.acceptLanguage, headerNames.acceptCharset]

/**
 * The PSU context headers a bank may read on any call; the contract names none, but a TPP sends them. Kept,
 * each value at most SIGNED_HEADER_VALUE_MAX characters (server/proxy/forward-headers.ts).
 */
export const PSU_HEADERS: readonly string[] = [
  headerNames.psuId,
  headerNames.psuIdType,
  headerNames.psuCorporateId,
  headerNames.psuCorporateIdType,
  headerNames.psuIpAddress,
  headerNames.psuIpPort,
  headerNames.psuUserAgent,
]

/** What the signer writes: a client's own value is never forwarded, whatever an operation lists. */
const SIGNER_WRITES = new Set(
  [headerNames.date, headerNames.digest, headerNames.signature, headerNames.tppSignatureCertificate].map(
    (name) => name.toLowerCase(),
  ),
)

/** The lower-case request headers forwarded for `operation`; the signature set is the signer's own. */
export function forwardedHeaderNames(operation: Operation): ReadonlySet<string> {
  const named = operation.headers
    .map(({ name }) => name)
    .filter((name) => !SIGNER_WRITES.has(name.toLowerCase()))
  // Accept-Fix is read under X-Accept-Fix too (the contract's description says so).
  const aliases = named.includes(headerNames.acceptFix) ? [headerNames.xAcceptFix] : []
  const body = operation.body === undefined ? [] : [headerNames.contentType]
  return new Set(
    [...NEGOTIATION, ...PSU_HEADERS, ...named, ...aliases, ...body].map((name) => name.toLowerCase()),
  )
}
