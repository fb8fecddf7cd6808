import type { signatureErrorCodes } from '../contract/errors'
import { type Certificate, CertificateError } from './certificate'
import { createCertificateCache } from './certificate-cache'
import { digestHeader } from './digest'
import { duplicateHeaderKeys, headerValues } from './headers'
import { keyIdMismatch } from './key-id'
import type { HttpRequestParts } from './request'
import { verifyRsaSha256 } from './rsa'
import { parseSignatureHeader, unencodedParameter } from './signature-header'
import { DEFAULT_SIGNED_HEADERS, SIGNED_WHEN_PRESENT } from './signed-headers'
import { buildSigningString } from './signing-string'

/**
 * Berlin Group codes (docs/decisions.md#error-codes): SIGNATURE_MISSING and the CERTIFICATE_* ones, else
 * SIGNATURE_INVALID.
 */
export type VerificationCode = (typeof signatureErrorCodes)[number]

export type CertificateSummary = Pick<
  Certificate,
  'serialHex' | 'issuerDn' | 'subjectDn' | 'notBefore' | 'notAfter' | 'keyBits'
>

export type VerificationResult =
  | {
      ok: true
      keyId: string
      signingString: string
      signedHeaders: string[]
      certificate: CertificateSummary
    }
  | {
      ok: false
      code: VerificationCode
      /** Says what did not match, naming the header (and parameter) at fault. */
      reason: string
      /** The request header at fault: Signature, TPP-Signature-Certificate, Digest, Date, or a signed header. */
      part: string
      keyId?: string
      signingString?: string
    }

export interface VerifyOptions {
  now?: Date
  /** How far Date may be from `now`, either way. */
  maxClockSkewSeconds?: number
  /**
   * Headers the signature must cover. date, psu-id, psu-corporate-id and tpp-redirect-uri are required
   * exactly when the request carries them, whether listed here or not.
   */
  requiredHeaders?: readonly string[]
  minKeyBits?: number
}

const parseCachedCertificate = createCertificateCache(64)
/** Required signed whenever the request carries them, and only then. */
const SIGNED_WHERE_AVAILABLE: readonly string[] = ['date', ...SIGNED_WHEN_PRESENT]
const IMF_FIXDATE = /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/

/** Checks a signed request (docs/decisions.md#signing) and says precisely what is wrong when it is not. */
export async function verifySignedRequest(
  request: HttpRequestParts,
  options: VerifyOptions = {},
): Promise<VerificationResult> {
  const { now = new Date(), maxClockSkewSeconds = 300, requiredHeaders = DEFAULT_SIGNED_HEADERS } = options
  const { minKeyBits = 2048 } = options
  const header = (name: string) => headerValues(request.headers, name)[0]
  const fail = (code: VerificationCode, part: string, reason: string, more: { keyId?: string } = {}) =>
    ({ ok: false, code, part, reason, ...more }) as const

  const duplicate = duplicateHeaderKeys(request.headers)
  if (duplicate) {
    return fail(
      'SIGNATURE_INVALID',
      duplicate[0] ?? '',
      `header given more than once: ${duplicate.join(', ')}`,
    )
  }
  const signatureHeader = header('signature')
  if (signatureHeader === undefined)
    return fail('SIGNATURE_MISSING', 'Signature', 'the Signature header is missing')
  const parsed = parseSignatureHeader(signatureHeader)
  if (!parsed.ok) return fail('SIGNATURE_INVALID', 'Signature', parsed.reason)
  const { keyId, algorithm, headers: signedHeaders, signature } = parsed.value
  const unencoded = unencodedParameter(signatureHeader)
  if (unencoded) {
    const { name, characters } = unencoded
    return fail(
      'SIGNATURE_INVALID',
      'Signature',
      `Signature ${name} holds characters outside ASCII (${JSON.stringify(characters)}) without RFC 2047 encoding: a value that is not plain ASCII must travel as an encoded word, ${name}="=?utf-8?B?<base64 of its UTF-8 bytes>?=" (spec §5.3)`,
      { keyId },
    )
  }
  const invalid = (part: string, reason: string) => fail('SIGNATURE_INVALID', part, reason, { keyId })
  if (algorithm !== 'rsa-sha256') {
    return invalid('Signature', `Signature algorithm is "${algorithm}", expected "rsa-sha256"`)
  }

  const read = await signingCertificate(header('tpp-signature-certificate'), now, minKeyBits)
  if (!read.ok) return fail(read.code, 'TPP-Signature-Certificate', read.reason, { keyId })
  const { certificate } = read

  const digestRefusal = await digestHeaderProblem(header('digest'), request.body, requiredHeaders)
  if (digestRefusal) return invalid('Digest', digestRefusal)

  const date = header('date')
  if (date !== undefined) {
    const problem = dateProblem(date, now, maxClockSkewSeconds)
    if (problem) return invalid('Date', problem)
  }

  const [unsigned] = unsignedHeaders(request.headers, signedHeaders, requiredHeaders)
  if (unsigned) {
    return invalid(
      'Signature',
      `header ${unsigned} must be signed, but Signature headers is "${signedHeaders.join(' ')}"`,
    )
  }

  const signingString = buildSigningString({
    headerNames: signedHeaders,
    method: request.method,
    url: request.url,
    headers: request.headers,
  })
  if (!signingString.ok) return invalid(signingString.header, signingString.reason)
  const withString = { keyId, signingString: signingString.value }

  const mismatch = keyIdMismatch(keyId, certificate)
  if (mismatch) return { ...invalid('Signature', mismatch), ...withString }
  const unverified = await signatureProblem(
    signature,
    signingString.value,
    certificate,
    request,
    signedHeaders,
  )
  if (unverified) return { ...invalid('Signature', unverified), ...withString }
  const { serialHex, issuerDn, subjectDn, notBefore, notAfter, keyBits } = certificate
  return {
    ok: true,
    ...withString,
    signedHeaders,
    certificate: { serialHex, issuerDn, subjectDn, notBefore, notAfter, keyBits },
  }
}

/** The certificate of TPP-Signature-Certificate, if it is there, reads and is valid `now`; else why not. */
async function signingCertificate(
  header: string | undefined,
  now: Date,
  minKeyBits: number,
): Promise<{ ok: true; certificate: Certificate } | { ok: false; code: VerificationCode; reason: string }> {
  if (!header?.trim()) {
    return {
      ok: false,
      code: 'CERTIFICATE_MISSING',
      reason: 'the TPP-Signature-Certificate header is missing',
    }
  }
  let certificate: Certificate
  try {
    certificate = await parseCachedCertificate(header)
  } catch (error) {
    if (!(error instanceof CertificateError)) throw error
    return { ok: false, code: 'CERTIFICATE_INVALID', reason: `TPP-Signature-Certificate: ${error.message}` }
  }
  const problem = validityProblem(certificate, now, minKeyBits)
  if (!problem) return { ok: true, certificate }
  const [code, reason] = problem
  return { ok: false, code, reason: `TPP-Signature-Certificate ${reason}` }
}

/** Why the RSA-SHA256 `signature` does not verify over `signingString`, with the likeliest cause. */
async function signatureProblem(
  signature: string,
  signingString: string,
  certificate: Certificate,
  request: HttpRequestParts,
  signedHeaders: readonly string[],
): Promise<string | undefined> {
  if (await verifyRsaSha256(certificate.publicKey, signingString, signature)) return undefined
  // The likeliest cause when the method and path are signed: a signature made for another request.
  const target = signedHeaders.includes('(request-target)')
    ? `; it signs (request-target), here "${request.method.toLowerCase()} ${request.url}": was it made for another method or path?`
    : ''
  return `the RSA-SHA256 signature does not verify with the certificate's public key${target}`
}

export function validityProblem(
  certificate: Certificate,
  now: Date,
  minKeyBits: number,
): [VerificationCode, string] | undefined {
  if (now < certificate.notBefore) {
    return ['CERTIFICATE_INVALID', `is not valid before ${certificate.notBefore.toISOString()}`]
  }
  if (now > certificate.notAfter)
    return ['CERTIFICATE_EXPIRED', `expired at ${certificate.notAfter.toISOString()}`]
  if (certificate.keyBits < minKeyBits) {
    return [
      'CERTIFICATE_INVALID',
      `has a ${certificate.keyBits}-bit key; at least ${minKeyBits} bits are required`,
    ]
  }
  return undefined
}

/** The Date header's problem: not an IMF-fixdate, or too far from `now`. */
export function dateProblem(date: string, now: Date, maxSkewSeconds: number): string | undefined {
  return dateFormatProblem(date) ?? dateSkewProblem(date, now, maxSkewSeconds)
}

export function dateFormatProblem(date: string): string | undefined {
  const time = Date.parse(date)
  // The round trip also rejects impossible dates and wrong weekdays.
  if (!IMF_FIXDATE.test(date) || Number.isNaN(time) || new Date(time).toUTCString() !== date) {
    return `Date "${date}" is not an RFC 7231 IMF-fixdate such as "Sun, 06 Nov 1994 08:49:37 GMT"`
  }
  return undefined
}

/** For a Date that is an IMF-fixdate. */
export function dateSkewProblem(date: string, now: Date, maxSkewSeconds: number): string | undefined {
  const time = Date.parse(date)
  const skew = Math.round((time - now.getTime()) / 1000)
  if (Math.abs(skew) <= maxSkewSeconds) return undefined
  return `Date ${date} is ${Math.abs(skew)} seconds ${skew < 0 ? 'behind' : 'ahead of'} the verifier's clock (${now.toUTCString()}); at most ${maxSkewSeconds} seconds are allowed`
}

/** Why the Digest header does not vouch for `body`: missing where it is required, or not its hash. */
async function digestHeaderProblem(
  digest: string | undefined,
  body: HttpRequestParts['body'],
  requiredHeaders: readonly string[],
): Promise<string | undefined> {
  if (digest !== undefined) return digestProblem(digest, body)
  return requiredHeaders.includes('digest') ? 'the Digest header is missing' : undefined
}

/** Why `digest` does not vouch for `body`: its SHA-256 entry is absent or hashes other bytes. */
export async function digestProblem(
  digest: string,
  body: HttpRequestParts['body'],
): Promise<string | undefined> {
  const expected = await digestHeader(body)
  const sha256 = digest
    .split(',')
    .map((entry) => entry.trim())
    .find((entry) => entry.toUpperCase().startsWith('SHA-256='))
  if (sha256?.slice('SHA-256='.length) === expected.slice('SHA-256='.length)) return undefined
  return `Digest does not match the body: expected ${expected}, got ${digest}`
}

/**
 * The headers the signature must cover and `signedHeaders` leaves out. They are signed "each where
 * available": a request without Date need not sign it (a browser's fetch may not set one), but one that
 * carries it must (docs/decisions.md#signing).
 */
export function unsignedHeaders(
  headers: HttpRequestParts['headers'],
  signedHeaders: readonly string[],
  requiredHeaders: readonly string[] = DEFAULT_SIGNED_HEADERS,
): string[] {
  const required = [
    ...requiredHeaders.filter((name) => !SIGNED_WHERE_AVAILABLE.includes(name)),
    ...SIGNED_WHERE_AVAILABLE.filter((name) => headerValues(headers, name).length > 0),
  ]
  return required.filter((name) => !signedHeaders.includes(name))
}
