import { type Certificate, parseCertificate } from './certificate'

/**
 * Parsed certificates by their exact `TPP-Signature-Certificate` value, most recently used last. A TPP sends
 * the same certificate on every request, and parsing it (ASN.1 and a public-key import) costs far more than
 * verifying the signature. Only what parsed is kept, and at most `capacity` of those, so a stream of bogus
 * certificates can neither grow the cache nor push a real one out on failure.
 */
export function createCertificateCache(capacity: number) {
  const parsed = new Map<string, Promise<Certificate>>()
  return async function parseCached(base64Der: string): Promise<Certificate> {
    const known = parsed.get(base64Der)
    if (known !== undefined) {
      parsed.delete(base64Der)
      parsed.set(base64Der, known)
      return known
    }
    const parsing = parseCertificate(base64Der)
    parsed.set(base64Der, parsing)
    try {
      await parsing
    } catch (error) {
      parsed.delete(base64Der)
      throw error
    }
    if (parsed.size > capacity) parsed.delete(parsed.keys().next().value as string)
    return parsing
  }
}
