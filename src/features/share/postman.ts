import type { RequestLogEntry } from '../../api'
import { API_BASE, headerNames, operationOf } from '../../contract'
import signerSource from '../../signing/portable/portable-signer.js?raw'

export const POSTMAN_SCHEMA = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json'

/** Set by the pre-request script on every send; a copy of the old ones would only be refused. */
const SET_BY_SIGNER = [
  headerNames.requestId,
  headerNames.date,
  headerNames.consoleDate,
  headerNames.digest,
  headerNames.tppSignatureCertificate,
  headerNames.signature,
  headerNames.consoleTamper,
  'content-length',
  'host',
  'cookie',
].map((name) => name.toLowerCase())

/**
 * Signs each request the way the sandbox verifies it: Date, Digest and X-Request-ID always, PSU ids and
 * TPP-Redirect-URI where the request carries them. The key and certificate are the user's own, in the
 * collection's variables; the signer is the console's portable one, embedded as it is built, which signs
 * with `crypto.subtle` where the Postman app offers it and in pure JavaScript where it does not.
 */
export const preRequestScript = `${signerSource.replace(/^export function /gm, 'function ')}
const signer = requestSigner(typeof crypto !== 'undefined' && crypto && crypto.subtle ? crypto.subtle : undefined)
const privateKeyPem = pm.variables.get('privateKeyPem')
if (!privateKeyPem) throw new Error('Set the collection variable privateKeyPem to your own unencrypted private key (PEM)')
const certificate = String(pm.variables.get('certificate') || '').replace(/-----[^-]+-----|\\s/g, '')
const body = pm.request.body && pm.request.body.mode === 'raw' ? pm.request.body.raw : ''
const set = (key, value) => pm.request.headers.upsert({ key, value })
set('X-Request-ID', pm.variables.replaceIn('{{$guid}}'))
set('Date', new Date().toUTCString())
set('TPP-Signature-Certificate', certificate)
const names = ['date', 'digest', 'x-request-id'].concat(
  ['psu-id', 'psu-corporate-id', 'tpp-redirect-uri'].filter((name) => pm.request.headers.has(name)),
)
const keyIdText = 'SN=' + pm.variables.get('keyIdSerial') + ',CA=' + pm.variables.get('keyIdCa')
// A value that is not plain printable ASCII (a CA named in Tromsø) travels as an RFC 2047 encoded word.
const text = portableSigner()
const keyId = /^[\\x20-\\x21\\x23-\\x7e]*$/.test(keyIdText) ? keyIdText : '=?utf-8?B?' + text.toBase64(text.utf8(keyIdText)) + '?='
// Postman ends a script once no timer is pending and sends the request: one holds it open until signed.
const holdOpen = setTimeout(() => {}, 60000)
signer
  .digestHeader(body)
  .then((digest) => {
    set('Digest', digest)
    const signingString = names.map((name) => name + ': ' + String(pm.request.headers.get(name)).trim()).join('\\n')
    return signer.signRsaSha256(privateKeyPem, signingString)
  })
  .then(
    (signature) => {
      set('Signature', 'keyId="' + keyId + '",algorithm="rsa-sha256",headers="' + names.join(' ') + '",signature="' + signature + '"')
      clearTimeout(holdOpen)
    },
    (error) => {
      // Thrown from a timer, it is the script's error: Postman reports it (a promise's would be lost).
      setTimeout(() => {
        throw error
      }, 0)
      clearTimeout(holdOpen)
    },
  )
`

export interface SigningIdentityParts {
  /** Base64 DER, public: the certificate that went out with the requests. */
  certificate: string
  keyIdSerial: string
  keyIdCa: string
}

/** The public half of the identity the log's requests were signed with, to prefill the variables. */
export function identityOf(entries: readonly RequestLogEntry[]): SigningIdentityParts {
  const signed = entries.find((entry) => entry.signing !== undefined)
  const headers = signed?.upstream?.headers ?? signed?.requestHeaders ?? []
  const certificate =
    headers.find(([name]) => name.toLowerCase() === headerNames.tppSignatureCertificate.toLowerCase())?.[1] ??
    ''
  const keyId = /^SN=([^,]*),CA=(.*)$/.exec(signed?.signing?.keyId ?? '')
  return { certificate, keyIdSerial: keyId?.[1] ?? '', keyIdCa: keyId?.[2] ?? '' }
}

/** `/api/v1/...` as the console sends it becomes `{{baseUrl}}/v1/...`, the path the bank serves. */
const upstreamPath = (url: string) => (url.startsWith(`${API_BASE}/`) ? url.slice(API_BASE.length) : url)

function item(entry: RequestLogEntry) {
  const path = upstreamPath(entry.url)
  const header = entry.requestHeaders
    .filter(([name]) => !SET_BY_SIGNER.includes(name.toLowerCase()))
    .map(([key, value]) => ({ key, value }))
  return {
    name: `${operationOf(entry.method, entry.url) ?? entry.method} ${path}`,
    request: {
      method: entry.method,
      header,
      url: `{{baseUrl}}${path}`,
      ...(entry.requestBody === undefined
        ? {}
        : { body: { mode: 'raw', raw: entry.requestBody, options: { raw: { language: 'json' } } } }),
    },
  }
}

/** A Postman v2.1 collection of the inspector's requests, oldest first, that signs each one when sent. */
export function toPostmanCollection(
  entries: readonly RequestLogEntry[],
  { baseUrl, identity }: { baseUrl: string; identity: SigningIdentityParts },
) {
  return {
    info: {
      name: 'Sandbox Console session',
      description:
        'Requests recorded by Sandbox Console. Before sending, set privateKeyPem to your own unencrypted private key (PEM) and certificate, keyIdSerial and keyIdCa to the certificate it belongs to; the pre-request script signs every request (draft-cavage-http-signatures, rsa-sha256).',
      schema: POSTMAN_SCHEMA,
    },
    variable: [
      { key: 'baseUrl', value: baseUrl },
      { key: 'privateKeyPem', value: '' },
      { key: 'certificate', value: identity.certificate },
      { key: 'keyIdSerial', value: identity.keyIdSerial },
      { key: 'keyIdCa', value: identity.keyIdCa },
    ],
    event: [
      { listen: 'prerequest', script: { type: 'text/javascript', exec: preRequestScript.split('\n') } },
    ],
    item: [...entries].reverse().map(item),
  }
}
