import type { Certificate } from '../certificate'
import { parseSignatureHeader, readSignatureParameters, type SignatureParameters } from '../signature-header'
import { buildSigningString } from '../signing-string'
import {
  dateFormatProblem,
  dateSkewProblem,
  unsignedHeaders,
  type VerificationResult,
  validityProblem,
  verifySignedRequest,
} from '../verifier'
import { readCertificate } from './certificate'
import { type BodySource, digestFindings } from './digest'
import { type Finding, finding } from './finding'
import { keyIdFindings } from './key-id'
import { signatureFindings } from './signature'
import { firstValue, type HeaderList, wireHeaders } from './wire'

/** A request from another client, as read from a raw HTTP request, a curl command or a HAR entry. */
export interface SuspectRequest {
  method: string
  /** Path and query as on the request line. */
  url: string
  headers: HeaderList
  body?: Uint8Array
  bodySource: BodySource
}

export interface DiagnoseOptions {
  /** The certificate pasted beside the request (PEM or base64 DER), for a request that lacks one. */
  certificate?: string
  /** The clock the Date and the certificate's validity are judged against. */
  now: Date
}

export interface Diagnosis {
  /** The verifier's own answer to the request as sent: what this sandbox does with it. */
  verdict: VerificationResult
  /**
   * The verdict hangs on a body the request only names (curl's -d @file): without its bytes the verifier
   * judged an empty body, so its refusal of the Digest says nothing.
   */
  needsBody: boolean
  /** Every problem found, refused ones first. */
  findings: Finding[]
  /** The signing string the bank builds from the Signature's headers list, when it can. */
  signingString?: string
  certificate?: Pick<Certificate, 'serialHex' | 'issuerDn' | 'subjectDn' | 'notBefore' | 'notAfter'> & {
    source: 'request' | 'pasted'
  }
}

const MAX_SKEW_SECONDS = 300
const MIN_KEY_BITS = 2048
const ORDER = { refused: 0, 'accepted-here': 1, note: 2 }

/**
 * The request judged by the sandbox's verifier (the verdict), then every rule of the verifier checked on
 * its own so that all problems are found, not only the first, each explained with its fix.
 */
export async function diagnoseRequest(request: SuspectRequest, options: DiagnoseOptions): Promise<Diagnosis> {
  const { now } = options
  const headers = wireHeaders(request.headers)
  const body = request.bodySource === 'none' ? undefined : request.body
  const verdict = await verifySignedRequest(
    { method: request.method, url: request.url, headers, ...(body ? { body } : {}) },
    { now },
  )
  const findings: Finding[] = []

  const repeated = request.headers
    .map(([name]) => name.toLowerCase())
    .filter((name, i, names) => names.indexOf(name) !== i)
  if (repeated.length > 0) {
    findings.push(
      finding(
        'header-duplicate',
        'refused',
        `Header ${[...new Set(repeated)].join(', ')} is given more than once`,
        'A signed header must appear once: with two values a server may read either, and the signature covers one.',
        'Send each header once.',
      ),
    )
  }

  const certificates = await readCertificate(
    firstValue(request.headers, 'tpp-signature-certificate'),
    options.certificate,
  )
  findings.push(...certificates.findings)
  const { certificate } = certificates
  if (certificate) findings.push(...validityFindings(certificate, now))

  findings.push(...(await digestFindings(firstValue(request.headers, 'digest'), body, request.bodySource)))
  findings.push(...dateFindings(firstValue(request.headers, 'date'), now))

  const signatureHeader = firstValue(request.headers, 'signature')
  let signingString: string | undefined
  if (signatureHeader === undefined) {
    findings.push(
      finding(
        'signature-missing',
        'refused',
        'The Signature header is missing',
        'Every request to the bank is signed.',
        'Sign the request: Signature: keyId="SN=<serial hex>,CA=<issuer DN>",algorithm="rsa-sha256",headers="date digest x-request-id",signature="<base64>".',
      ),
    )
  } else {
    const signature = await signatureHeaderFindings(signatureHeader, request, headers, certificates)
    findings.push(...signature.findings)
    signingString = signature.signingString
  }

  const refused = findings.some((f) => f.verdict === 'refused')
  const needsBody = request.bodySource === 'unknown' && !verdict.ok && verdict.part === 'Digest'
  if (!verdict.ok && !refused && !needsBody) {
    // Never "no problem" for a request the sandbox refuses: its own words stand in for an explanation.
    findings.push(
      finding(
        'refused-otherwise',
        'refused',
        `The sandbox refuses it: ${verdict.reason}`,
        `The header at fault is ${verdict.part}.`,
        'Correct that header and sign again.',
      ),
    )
  }
  findings.sort((a, b) => ORDER[a.verdict] - ORDER[b.verdict])
  return {
    verdict,
    needsBody,
    findings,
    ...(signingString === undefined ? {} : { signingString }),
    ...(certificate && certificates.source
      ? {
          certificate: {
            serialHex: certificate.serialHex,
            issuerDn: certificate.issuerDn,
            subjectDn: certificate.subjectDn,
            notBefore: certificate.notBefore,
            notAfter: certificate.notAfter,
            source: certificates.source,
          },
        }
      : {}),
  }
}

function validityFindings(certificate: Certificate, now: Date): Finding[] {
  const problem = validityProblem(certificate, now, MIN_KEY_BITS)
  if (!problem) return []
  const [code, reason] = problem
  const validity = [
    { label: 'Valid from', value: certificate.notBefore.toISOString() },
    { label: 'Valid until', value: certificate.notAfter.toISOString() },
  ]
  if (code === 'CERTIFICATE_EXPIRED') {
    return [
      finding(
        'certificate-expired',
        'refused',
        'The certificate has expired',
        `The certificate ${reason}.`,
        'Renew the certificate and sign with the new key.',
        validity,
      ),
    ]
  }
  if (certificate.keyBits < MIN_KEY_BITS) {
    return [
      finding(
        'certificate-weak-key',
        'refused',
        'The certificate key is too short',
        `The certificate ${reason}.`,
        'Use a certificate with an RSA key of 2048 bits or more.',
      ),
    ]
  }
  return [
    finding(
      'certificate-not-yet-valid',
      'refused',
      'The certificate is not valid yet',
      `The certificate ${reason}; check the signing machine's clock.`,
      'Wait until it is valid, or use the current certificate.',
      validity,
    ),
  ]
}

function dateFindings(date: string | undefined, now: Date): Finding[] {
  if (date === undefined) {
    return [
      finding(
        'date-absent',
        'accepted-here',
        'The request has no Date header',
        'This sandbox signs Date "where available", so a request without one passes here (a browser may not set it); the bank may require a signed Date to refuse replayed requests.',
        "Send Date (an HTTP-date such as Sun, 06 Nov 1994 08:49:37 GMT) and list date in the Signature's headers.",
      ),
    ]
  }
  const format = dateFormatProblem(date)
  if (format) {
    const time = Date.parse(date)
    return [
      finding(
        'date-format',
        'refused',
        'The Date is not an HTTP-date',
        `${format}. ISO 8601 dates, other time zones than GMT and single-digit days are all refused.`,
        Number.isNaN(time)
          ? 'Send the time in the form Sun, 06 Nov 1994 08:49:37 GMT.'
          : `Send Date: ${new Date(time).toUTCString()} (the same instant).`,
        [{ label: 'Date', value: date }],
      ),
    ]
  }
  const skew = dateSkewProblem(date, now, MAX_SKEW_SECONDS)
  if (!skew) return []
  return [
    finding(
      'date-stale',
      'refused',
      'The Date is too far from now',
      `${skew}. A signed request must reach the bank within 5 minutes of its Date; if you captured it earlier, judge it as of when it was sent.`,
      "Sign the request anew just before sending it, and check the client's clock.",
      [
        { label: 'Date', value: date },
        { label: 'Judged at', value: now.toUTCString() },
      ],
    ),
  ]
}

function unparsableFinding(reason: string): Finding {
  return finding(
    'signature-unparsable',
    'refused',
    'The Signature header cannot be read',
    `${reason}. It is a list of name="value" pairs separated by commas: keyId, algorithm, headers and signature.`,
    'Write Signature: keyId="…",algorithm="rsa-sha256",headers="date digest x-request-id",signature="…".',
  )
}

function algorithmFindings(algorithm: string): Finding[] {
  if (algorithm === 'rsa-sha256') return []
  return [
    finding(
      'algorithm-mismatch',
      'refused',
      `The algorithm "${algorithm}" does not match the certificate's RSA key`,
      algorithm.startsWith('hmac')
        ? 'HMAC needs a secret shared with the bank; the bank checks the signature with the public key of the certificate, which takes rsa-sha256.'
        : 'The bank checks the signature with the RSA key of the certificate, which takes rsa-sha256 (RSASSA-PKCS1-v1_5 with SHA-256) only.',
      'Write algorithm="rsa-sha256" and sign with RSA and SHA-256.',
    ),
  ]
}

/** What is wrong with the Signature's headers list as written: names not in lower case, required ones left out. */
function headerListFindings(
  writtenHeaders: string,
  signedHeaders: string[],
  headers: ReturnType<typeof wireHeaders>,
): Finding[] {
  const findings: Finding[] = []
  if (writtenHeaders !== writtenHeaders.toLowerCase()) {
    findings.push(
      finding(
        'header-names-case',
        'accepted-here',
        'The headers list has names not in lower case',
        'This sandbox reads the list in lower case and builds the signing string with lower-case names; a stricter bank may refuse the list or look the names up as written.',
        `Write headers="${writtenHeaders.toLowerCase()}".`,
        [{ label: 'headers', value: writtenHeaders }],
      ),
    )
  }
  const unsigned = unsignedHeaders(headers, signedHeaders)
  if (unsigned.length > 0) {
    findings.push(
      finding(
        'headers-unsigned',
        'refused',
        `Required ${unsigned.length === 1 ? 'header is' : 'headers are'} not signed: ${unsigned.join(', ')}`,
        'The bank wants date, digest and x-request-id signed, and psu-id, psu-corporate-id and tpp-redirect-uri whenever the request carries them; a header it relies on that is not signed could be changed on the way.',
        `List them in the Signature's headers: headers="${[...signedHeaders, ...unsigned].join(' ')}", and sign again.`,
        [{ label: 'headers', value: writtenHeaders }],
      ),
    )
  }
  return findings
}

async function signatureHeaderFindings(
  header: string,
  request: SuspectRequest,
  headers: ReturnType<typeof wireHeaders>,
  certificates: Awaited<ReturnType<typeof readCertificate>>,
): Promise<{ findings: Finding[]; signingString?: string }> {
  const parameters = readSignatureParameters(header)
  if (!parameters.ok) return { findings: [unparsableFinding(parameters.reason)] }
  const parsed = parseSignatureHeader(header)
  if (!parsed.ok) return { findings: [unparsableFinding(parsed.reason)] }
  const value: SignatureParameters = parsed.value
  const findings: Finding[] = []
  const keyId = parameters.value.get('keyId')
  if (keyId) findings.push(...keyIdFindings(keyId.written, keyId.value, certificates.certificate))
  findings.push(...algorithmFindings(value.algorithm))
  const writtenHeaders = parameters.value.get('headers')?.value ?? 'date'
  findings.push(...headerListFindings(writtenHeaders, value.headers, headers))
  const built = buildSigningString({
    headerNames: value.headers,
    method: request.method,
    url: request.url,
    headers,
  })
  if (!built.ok) {
    findings.push(
      finding(
        'header-listed-absent',
        'refused',
        `The headers list names ${built.header}, but the request ${built.reason.includes('more than once') ? 'has it twice' : 'does not carry it'}`,
        `${built.reason}: the bank cannot build the signing string.`,
        `Send ${built.header} once, or leave it out of the headers list.`,
      ),
    )
    return { findings }
  }
  const { certificate } = certificates
  if (certificate && value.algorithm === 'rsa-sha256') {
    const caseFinding = findings.findIndex((f) => f.id === 'header-names-case')
    const found = await signatureFindings({
      signedHeaders: value.headers,
      writtenHeaders,
      signature: value.signature,
      signingString: built.value,
      method: request.method,
      url: request.url,
      headers,
      certificate,
      otherCandidate: certificates.otherCandidate,
      keyIdNamesAnother: findings.some((f) => f.id === 'keyid-serial-mismatch'),
    })
    for (const f of found) {
      // The signature shows the upper-case names were signed: the same finding, now refused.
      if (f.id === 'header-names-case' && caseFinding >= 0) findings.splice(caseFinding, 1)
      findings.push(f)
    }
  }
  return { findings, signingString: built.value }
}
