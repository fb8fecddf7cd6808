import { headerNames, type Problem, problem } from '../contract'
import { type VerificationResult, verifySignedRequest } from '../signing'
import { dnOrder } from '../signing/dn'
import { readKeyId } from '../signing/key-id'
import type { Authenticate } from './handlers'
import { defaultPersonality, type SignatureRules } from './personality'
import { requestIdMemory } from './request-id-memory'

type Verified = Extract<VerificationResult, { ok: true }>

/** The verifier's Date window, either side of now: a Date outside it is refused anyway. */
const DATE_WINDOW_MS = 300_000
/**
 * The most X-Request-IDs remembered at once. An id is kept until its Date leaves the window, so at most
 * 600 s (a Date up to 300 s ahead, then 300 s) of verified requests: this many is 333 a second, sustained.
 */
const MAX_REMEMBERED_IDS = 200_000

/**
 * A verified request's X-Request-ID may not come again while its Date would still pass: otherwise the
 * headers of one signed read, captured, would be accepted again, even with another method (draft-cavage
 * signs no request target by default). Only verified requests spend an id, so an unsigned flood cannot.
 */
function replayProblem(
  memory: ReturnType<typeof requestIdMemory>,
  requestId: string | null,
  date: string | undefined,
): Problem | null {
  if (requestId === null) return null
  const now = Date.now()
  const signedAt = date === undefined ? Number.NaN : Date.parse(date)
  const claim = memory.claim(requestId, (Number.isNaN(signedAt) ? now : signedAt) + DATE_WINDOW_MS, now)
  if (claim === 'used') {
    const text =
      `X-Request-ID ${requestId} was already used by a verified request whose Date is still within ` +
      `${DATE_WINDOW_MS / 1000} seconds: a signed request is accepted once; sign a new one with a new X-Request-ID`
    return problem(401, 'SIGNATURE_INVALID', text, headerNames.requestId)
  }
  if (claim === 'full') {
    const text =
      `The sandbox verified ${MAX_REMEMBERED_IDS.toLocaleString('en')} requests within the Date window and ` +
      'remembers no more X-Request-IDs to refuse replays; it accepts new ones as they leave the window'
    return problem(429, 'ACCESS_EXCEEDED', text, headerNames.requestId)
  }
  return null
}

/**
 * Why a strict bank refuses a keyId the verifier took: it compares the serial's hex digits and the issuer's
 * RDNs in the certificate's order, where the verifier compares the serial as a number and the issuer in
 * either order.
 */
function strictKeyIdProblem(verified: Verified): Problem | null {
  const { serialHex, issuerDn } = verified.certificate
  const named = readKeyId(verified.keyId)
  if (named === undefined) return null
  if (named.serial.toUpperCase() !== serialHex.toUpperCase()) {
    const text = `keyId serial SN=${named.serial} is not written as the certificate's serial ${serialHex}: this sandbox compares the digits as they are`
    return problem(401, 'SIGNATURE_INVALID', text, headerNames.signature)
  }
  if (dnOrder(named.ca, issuerDn) !== 'same') {
    const text = `keyId CA "${named.ca}" does not list the issuer's RDNs in the certificate's order ("${issuerDn}"): this sandbox compares them in order`
    return problem(401, 'SIGNATURE_INVALID', text, headerNames.signature)
  }
  return null
}

/** The request's headers by name, with the Date a browser carried in `dateFrom` back in its place. */
function headersAsSigned(sent: Headers, dateFrom: string | undefined): Record<string, string> {
  const headers = Object.fromEntries(sent)
  if (dateFrom === undefined || headers.date !== undefined) return headers
  const carried = sent.get(dateFrom)
  if (carried === null) return headers
  headers.date = carried
  delete headers[dateFrom.toLowerCase()]
  return headers
}

/**
 * The sandbox's 401 rules as an `authenticate` for the handlers: draft-cavage signature, Digest, keyId,
 * signed header list, Date skew, certificate validity, (request-target) when signed, and an X-Request-ID
 * used once within its Date's window, as far as the personality's `rules` ask (the contract's when the
 * handlers pass none). `trust` may refuse a well-signed request (e.g. a certificate from an
 * unknown CA); `onVerified` reports a request that passed.
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
  const usedIds = requestIdMemory({ maxIds: MAX_REMEMBERED_IDS, sweepEveryMs: 30_000 })

  /** What refuses a request the verifier took: `trust`, then the rules' strict keyId and replayed id. */
  const refusalOfVerified = async (
    request: Request,
    verified: Verified,
    rules: SignatureRules,
    date: string | undefined,
  ): Promise<Problem | null> => {
    const refused = trust
      ? await trust(request.headers.get(headerNames.tppSignatureCertificate) ?? '', verified)
      : null
    if (refused) return refused
    const strict = rules.keyId === 'strict' ? strictKeyIdProblem(verified) : null
    if (strict) return strict
    if (rules.reusedRequestId !== 'refused') return null
    return replayProblem(usedIds, request.headers.get(headerNames.requestId), date)
  }

  return async (request, body, rules = defaultPersonality.signatureRules) => {
    const url = new URL(request.url)
    const headers = headersAsSigned(request.headers, dateFrom)
    if (rules.dateHeader === 'required' && headers.date === undefined && headers.signature !== undefined) {
      const text = 'the Date header is missing: this sandbox requires a signed Date on every request'
      return problem(401, 'SIGNATURE_INVALID', text, headerNames.date)
    }
    const result = await verifySignedRequest({
      method: request.method,
      url: `${url.pathname}${url.search}`,
      headers,
      body,
    })
    if (!result.ok) return problem(401, result.code, result.reason, result.part)
    const refused = await refusalOfVerified(request, result, rules, headers.date)
    if (refused) return refused
    onVerified?.(result)
    return null
  }
}
