/**
 * Which headers a signature covers, for the signer and the verifier alike: apart from the signer, so that
 * what reads signatures (the verifier, Explain) does not bring the signer with it.
 */

export const DEFAULT_SIGNED_HEADERS: readonly string[] = ['date', 'digest', 'x-request-id']
/**
 * The defaults with the method and path (draft-cavage-http-signatures-10 §2.3), for a bank that accepts
 * it: a signature then cannot be replayed with another method or path.
 */
export const REQUEST_TARGET_SIGNED_HEADERS: readonly string[] = [
  '(request-target)',
  ...DEFAULT_SIGNED_HEADERS,
]
/** Signed whenever the request carries them ("each where available"), and so required by verifiers. */
export const SIGNED_WHEN_PRESENT: readonly string[] = ['psu-id', 'psu-corporate-id', 'tpp-redirect-uri']
