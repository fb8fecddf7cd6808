import { UUID } from '../contract/headers'
import type { Certificate } from './certificate'
import { bodyBytes } from './digest'
import { duplicateHeaderKeys, type HeaderRecord, headerValues } from './headers'
import { formatKeyId } from './key-id'
import type { HttpRequestParts } from './request'
import { RSA_SHA256 } from './rsa'
import { formatSignatureHeader } from './signature-header'
import { DEFAULT_SIGNED_HEADERS, REQUEST_TARGET_SIGNED_HEADERS, SIGNED_WHEN_PRESENT } from './signed-headers'
import { type SigningCrypto, webSigningCrypto } from './signing-crypto'
import { SigningError } from './signing-error'
import { buildSigningString } from './signing-string'

export interface RequestSignerOptions {
  /** RSASSA-PKCS1-v1_5 / SHA-256 private key matching `certificate`. */
  privateKey: CryptoKey
  certificate: Certificate
  /**
   * Headers always signed, in order; default `date digest x-request-id`. psu-id, psu-corporate-id and
   * tpp-redirect-uri are added whenever the request carries them: they are signed "each where available".
   */
  signedHeaders?: readonly string[]
  /** The clock behind the Date header. */
  now?: () => Date
  /** Hashing and signing with `privateKey`; WebCrypto's by default. */
  crypto?: SigningCrypto
}

export interface SignedRequestHeaders {
  /** Everything to send: the caller's headers plus X-Request-ID, Date, Digest, TPP-Signature-Certificate and Signature. */
  headers: HeaderRecord
  signingString: string
  keyId: string
}

export interface RequestSigner {
  sign(request: HttpRequestParts, options?: SignOptions): Promise<SignedRequestHeaders>
}

export interface SignOptions {
  /** Signs as of this long before the signer's now: the Date and the signature both say that moment. */
  ageMs?: number
  /** Signs as of this moment instead, to reproduce a request sent then (`npm run sign -- -H "Date: …"`). */
  date?: Date
}

export { DEFAULT_SIGNED_HEADERS, REQUEST_TARGET_SIGNED_HEADERS, SIGNED_WHEN_PRESENT }

const SET_BY_SIGNER = ['x-request-id', 'date', 'digest', 'tpp-signature-certificate', 'signature']
const TOKEN = /^[!#$%&'*+.^_`|~0-9a-z-]+$/

export function createRequestSigner(options: RequestSignerOptions): RequestSigner {
  const { privateKey, certificate, now = () => new Date() } = options
  const algorithm = privateKey.algorithm as Partial<RsaHashedKeyAlgorithm>
  if (
    privateKey.type !== 'private' ||
    algorithm.name !== RSA_SHA256.name ||
    algorithm.hash?.name !== 'SHA-256' ||
    !privateKey.usages.includes('sign')
  ) {
    throw new SigningError('KEY_INVALID', 'the private key must be an RSASSA-PKCS1-v1_5 SHA-256 signing key')
  }
  const base = options.signedHeaders ?? DEFAULT_SIGNED_HEADERS
  const invalid = base.find(
    (name, i) => !(name === '(request-target)' || TOKEN.test(name)) || base.indexOf(name) !== i,
  )
  if (base.length === 0 || invalid !== undefined) {
    throw new SigningError(
      'HEADER_LIST_INVALID',
      `signedHeaders must be distinct lower-case header names${invalid === undefined ? '' : `; "${invalid}" is not`}`,
    )
  }
  const keyId = formatKeyId(certificate)
  const { digestHeader, signRsaSha256 } = options.crypto ?? webSigningCrypto(privateKey)

  return {
    async sign(request, { ageMs = 0, date } = {}) {
      const duplicate = duplicateHeaderKeys(request.headers)
      if (duplicate) {
        throw new SigningError('HEADER_DUPLICATE', `header given more than once: ${duplicate.join(', ')}`)
      }
      if (!request.url.startsWith('/')) {
        throw new SigningError('URL_INVALID', `url must be the path and query, got "${request.url}"`)
      }
      const [callerRequestId = ''] = headerValues(request.headers, 'x-request-id')
      const headers: HeaderRecord = Object.fromEntries(
        Object.entries(request.headers).filter(([name]) => !SET_BY_SIGNER.includes(name.toLowerCase())),
      )
      headers['X-Request-ID'] = UUID.test(callerRequestId) ? callerRequestId : crypto.randomUUID()
      headers.Date = (date ?? new Date(now().getTime() - ageMs)).toUTCString()
      headers.Digest = await digestHeader(bodyBytes(request.body))
      headers['TPP-Signature-Certificate'] = certificate.base64Der
      for (const [name, value] of Object.entries(headers)) {
        // A CR or LF would let a value smuggle in headers the signature does not cover.
        if (/[\r\n]/.test(value)) {
          throw new SigningError('HEADER_VALUE_INVALID', `header ${name} contains CR or LF`)
        }
      }
      const headerNames = [
        ...base,
        ...SIGNED_WHEN_PRESENT.filter(
          (name) => !base.includes(name) && headerValues(headers, name).length > 0,
        ),
      ]
      const signingString = buildSigningString({
        headerNames,
        method: request.method,
        url: request.url,
        headers,
      })
      if (!signingString.ok) throw new SigningError('HEADER_MISSING', signingString.reason)
      const signature = await signRsaSha256(signingString.value)
      headers.Signature = formatSignatureHeader({
        keyId,
        algorithm: 'rsa-sha256',
        headers: headerNames,
        signature,
      })
      return { headers, signingString: signingString.value, keyId }
    },
  }
}
