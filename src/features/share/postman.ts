import { answersWithoutConsoleOperations, type RequestLogEntry } from '../../api'
import { API_BASE, CONSOLE_SANDBOX_PREFIX, headerNames, operationOf } from '../../contract'
import signerSource from '../../signing/portable/portable-signer.js?raw'
import { CREATED_BY } from '../../ui/download'

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
 * TPP-Redirect-URI where the request carries them. The certificate is in the collection's variables; the
 * key is read from the user's local environment or Postman's vault, never from a collection variable,
 * which Postman saves and syncs with the collection (a key there is refused). The signer is the console's
 * portable one, embedded as it is built, which signs with `crypto.subtle` where the Postman app offers it
 * and in pure JavaScript where it does not.
 */
/** Where the key goes instead, and why: said by the script, the collection's description and the dialog. */
export const KEY_PLACE =
  "Put your own unencrypted private key (PEM) in privateKeyPem of a local Postman environment (as its current value, which stays on this machine) or in Postman's vault, never in a collection variable: Postman saves collection variables with the collection and syncs them to its cloud and to everyone it is shared with."

const NO_KEY = `No private key to sign with. ${KEY_PLACE}`
const KEY_IN_COLLECTION = `privateKeyPem is a collection variable, which Postman saves and syncs: delete it there. ${KEY_PLACE}`

export const preRequestScript = `${signerSource.replace(/^export function /gm, 'function ')}
const signer = requestSigner(typeof crypto !== 'undefined' && crypto && crypto.subtle ? crypto.subtle : undefined)
if (pm.collectionVariables && pm.collectionVariables.get('privateKeyPem')) {
  throw new Error(${JSON.stringify(KEY_IN_COLLECTION)})
}
const keyInEnvironment = pm.environment ? pm.environment.get('privateKeyPem') : undefined
const keyInVault = !keyInEnvironment && pm.vault ? pm.vault.get('privateKeyPem') : undefined
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
Promise.resolve(keyInEnvironment || keyInVault)
  .then((privateKeyPem) => {
    if (!privateKeyPem) throw new Error(${JSON.stringify(NO_KEY)})
    return signer.digestHeader(body).then((digest) => ({ digest, privateKeyPem }))
  })
  .then(({ digest, privateKeyPem }) => {
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

/**
 * A console operation the sandbox said it has none of (a bank's 404 to the clock, say): sent again from
 * Postman it would say the same, and nothing more.
 */
const absentThere = (entry: RequestLogEntry) =>
  upstreamPath(entry.url).startsWith(`${CONSOLE_SANDBOX_PREFIX}/`) &&
  answersWithoutConsoleOperations(entry.status)

/** The local sandbox's address (`npm run sandbox`): the base URL of a session no proxy forwarded. */
const LOCAL_SANDBOX_BASE_URL = 'http://127.0.0.1:4010'

/**
 * Where the session's requests went: the base the proxy forwarded them to (a bank's `…/api-sandbox`, say),
 * read off a request it recorded as sent upstream; else (offline, whose stand-in forwards within the page's
 * own `origin`) the local sandbox's. Changed in Postman.
 */
export function postmanBaseUrl(entries: readonly RequestLogEntry[], origin: string): string {
  for (const entry of entries) {
    const path = upstreamPath(entry.url)
    const sent = entry.upstream?.url
    if (sent?.endsWith(path) && new URL(sent).origin !== origin)
      return sent.slice(0, sent.length - path.length)
  }
  return LOCAL_SANDBOX_BASE_URL
}

/** A Postman v2.1 collection of the inspector's requests, oldest first, that signs each one when sent. */
export function toPostmanCollection(
  entries: readonly RequestLogEntry[],
  { baseUrl, identity }: { baseUrl: string; identity: SigningIdentityParts },
) {
  return {
    info: {
      name: 'Sandbox Console session',
      description: `Requests recorded by ${CREATED_BY}; the pre-request script signs every request (draft-cavage-http-signatures, rsa-sha256). ${KEY_PLACE} The collection variables certificate, keyIdSerial and keyIdCa name the certificate the key belongs to.`,
      schema: POSTMAN_SCHEMA,
    },
    variable: [
      { key: 'baseUrl', value: baseUrl },
      { key: 'certificate', value: identity.certificate },
      { key: 'keyIdSerial', value: identity.keyIdSerial },
      { key: 'keyIdCa', value: identity.keyIdCa },
    ],
    event: [
      { listen: 'prerequest', script: { type: 'text/javascript', exec: preRequestScript.split('\n') } },
    ],
    item: [...entries]
      .reverse()
      .filter((entry) => !absentThere(entry))
      .map(item),
  }
}
