import { headerNames, type Problem, problem } from '../contract'
import { type VerificationResult, verifySignedRequest } from '../signing'
import type { Authenticate } from './handlers'

type Verified = Extract<VerificationResult, { ok: true }>

/**
 * The sandbox's 401 rules as an `authenticate` for the handlers: draft-cavage signature, Digest, keyId,
 * signed header list, Date skew and certificate validity. `trust` may refuse a well-signed request
 * (e.g. a certificate from an unknown CA); `onVerified` reports a request that passed.
 */
export function requireSignature({
  trust,
  onVerified,
  dateFrom,
}: {
  trust?: (certificateBase64: string, verified: Verified) => Promise<Problem | null>
  onVerified?: (verified: Verified) => void
  /** Where a browser carries the Date it signed: fetch may not set `Date` itself (a forbidden header). */
  dateFrom?: string
} = {}): Authenticate {
  return async (request, body) => {
    const url = new URL(request.url)
    const headers = Object.fromEntries(request.headers)
    const carried = dateFrom === undefined ? undefined : request.headers.get(dateFrom)
    if (carried !== undefined && carried !== null && headers.date === undefined) {
      headers.date = carried
      delete headers[(dateFrom as string).toLowerCase()]
    }
    const result = await verifySignedRequest({
      method: request.method,
      url: `${url.pathname}${url.search}`,
      headers,
      body,
    })
    if (!result.ok) return problem(401, result.code, result.reason, result.part)
    const refused = trust
      ? await trust(request.headers.get(headerNames.tppSignatureCertificate) ?? '', result)
      : null
    if (refused) return refused
    onVerified?.(result)
    return null
  }
}
