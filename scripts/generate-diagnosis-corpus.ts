/**
 * Writes src/features/explain/corpus/: requests signed with the offline TEST identity
 * (src/signing/offline-test-identity.ts), each broken in one way a client gets wrong, as a raw HTTP file,
 * a curl command or a HAR file, plus good ones. Their expected diagnoses are in corpus/expected.json,
 * written by hand. Run with `npx tsx scripts/generate-diagnosis-corpus.ts` and commit the files; the Date
 * of every request is NOW below, and the tests judge them at that time.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { bytesToBase64 } from '../src/signing/base64'
import { type Certificate, parseCertificate } from '../src/signing/certificate'
import { generateDevIdentity } from '../src/signing/dev-identity'
import { digestHeader } from '../src/signing/digest'
import { formatKeyId } from '../src/signing/key-id'
import { OFFLINE_TEST_IDENTITY } from '../src/signing/offline-test-identity'
import { readPemBlocks } from '../src/signing/pem'
import { importPrivateKeyPem } from '../src/signing/private-key'
import { encodeParameterValue } from '../src/signing/rfc2047'
import { signRsaSha256 } from '../src/signing/rsa'

const OUT = new URL('../src/features/explain/corpus/', import.meta.url)
const NOW = new Date('2026-11-23T12:00:00Z')
const HOST = '127.0.0.1:4010'
const REQUEST_ID = '3f1c9a52-6d0e-4b8a-9c21-5e7f0a4d2b11'
const ACCOUNT = '/v1/sandbox/card-accounts/ca-7d1f0e'
const TRANSACTIONS = `${ACCOUNT}/transactions`
const TRANSACTION = {
  cardTransactionId: 'tx-1001',
  bookingDate: '2026-11-20',
  transactionDate: '2026-11-19',
  transactionAmount: { currency: 'NOK', amount: '-129.90' },
  originalAmount: { currency: 'NOK', amount: '-129.90' },
  merchantCategoryCode: '5411',
}
const COMPACT = JSON.stringify([TRANSACTION])
const PRETTY = `${JSON.stringify([TRANSACTION], null, 2)}`

interface Identity {
  certificate: Certificate
  privateKey: CryptoKey
}

const offline: Identity = {
  certificate: await parseCertificate(OFFLINE_TEST_IDENTITY.certificatePem),
  privateKey: await importPrivateKeyPem(OFFLINE_TEST_IDENTITY.privateKeyPem),
}
const stranger = await identityOf(await generateDevIdentity({ commonName: 'Another TPP', now: NOW }))
const expired = await identityOf(
  await generateDevIdentity({ commonName: 'Expired TPP', days: 30, now: new Date('2026-01-01T00:00:00Z') }),
)

async function identityOf(pems: { certificatePem: string; privateKeyPem: string }): Promise<Identity> {
  return {
    certificate: await parseCertificate(pems.certificatePem),
    privateKey: await importPrivateKeyPem(pems.privateKeyPem),
  }
}

interface Recipe {
  method?: string
  url?: string
  body?: Uint8Array | string
  /** The Digest header; by default that of the body. */
  digest?: (body: Uint8Array) => Promise<string>
  date?: string
  extraHeaders?: [string, string][]
  /** The headers parameter as written; by default `date digest x-request-id` and psu-id when sent. */
  headersParameter?: string
  /** The names as the signing string is built, in order; by default the parameter's, lower-case. */
  signingNames?: string[]
  keyId?: string
  /** Written as is, not RFC 2047-encoded. */
  rawKeyId?: boolean
  algorithm?: string
  signWith?: Identity
  certificateOf?: Identity
  /** The TPP-Signature-Certificate value; undefined leaves the header out. */
  certificateHeader?: (certificate: Certificate) => string | undefined
  hash?: 'SHA-256' | 'SHA-512'
}

interface Built {
  method: string
  url: string
  headers: [string, string][]
  body: Uint8Array
}

async function build(recipe: Recipe): Promise<Built> {
  const signer = recipe.signWith ?? offline
  const sent = recipe.certificateOf ?? signer
  const body =
    typeof recipe.body === 'string'
      ? new TextEncoder().encode(recipe.body)
      : (recipe.body ?? new Uint8Array())
  const headers: [string, string][] = [
    ['Host', HOST],
    ['X-Request-ID', REQUEST_ID],
    ['Date', recipe.date ?? NOW.toUTCString()],
    ['Digest', await (recipe.digest ?? digestHeader)(body)],
    ...(body.length > 0 ? [['Content-Type', 'application/json'] as [string, string]] : []),
    ...(recipe.extraHeaders ?? []),
  ]
  const certificateHeader = (recipe.certificateHeader ?? ((c) => c.base64Der))(sent.certificate)
  if (certificateHeader !== undefined) headers.push(['TPP-Signature-Certificate', certificateHeader])
  headers.push(['Signature', await signatureOf(recipe, headers, signer, sent.certificate)])
  return {
    method: recipe.method ?? (body.length > 0 ? 'POST' : 'GET'),
    url: recipe.url ?? TRANSACTIONS,
    headers,
    body,
  }
}

/**
 * The Signature header over `headers`, made with `signer`'s key and naming `certificate`, spoiled as the
 * recipe says: its headers parameter, the names signed, the hash, the keyId and the algorithm.
 */
async function signatureOf(
  recipe: Recipe,
  headers: [string, string][],
  signer: Identity,
  certificate: Certificate,
): Promise<string> {
  const psu = headers.some(([name]) => name.toLowerCase() === 'psu-id')
  const parameter = recipe.headersParameter ?? `date digest x-request-id${psu ? ' psu-id' : ''}`
  const names = recipe.signingNames ?? parameter.toLowerCase().split(' ')
  const signingString = names
    .map((name) => `${name}: ${headers.find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1]}`)
    .join('\n')
  const signature =
    recipe.hash === 'SHA-512'
      ? await signSha512(signer, signingString)
      : await signRsaSha256(signer.privateKey, signingString)
  const keyId = recipe.keyId ?? formatKeyId(certificate)
  return [
    `keyId="${recipe.rawKeyId ? keyId : encodeParameterValue(keyId)}"`,
    `algorithm="${recipe.algorithm ?? 'rsa-sha256'}"`,
    `headers="${parameter}"`,
    `signature="${signature}"`,
  ].join(',')
}

/** The offline key imported again for SHA-512: what a client does that signs with the wrong hash. */
async function signSha512(identity: Identity, text: string): Promise<string> {
  const der = readPemBlocks(OFFLINE_TEST_IDENTITY.privateKeyPem)[0]?.der
  if (!der || identity !== offline) throw new Error('SHA-512 signing is set up for the offline identity only')
  const key = await crypto.subtle.importKey(
    'pkcs8',
    der,
    { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-512' },
    false,
    ['sign'],
  )
  return bytesToBase64(
    new Uint8Array(await crypto.subtle.sign('RSASSA-PKCS1-v1_5', key, new TextEncoder().encode(text))),
  )
}

function rawHttp({ method, url, headers, body }: Built): Uint8Array {
  const head = [`${method} ${url} HTTP/1.1`, ...headers.map(([n, v]) => `${n}: ${v}`), '', ''].join('\r\n')
  const bytes = new TextEncoder().encode(head)
  const out = new Uint8Array(bytes.length + body.length)
  out.set(bytes)
  out.set(body, bytes.length)
  return out
}

const quote = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`

function curl({ method, url, headers, body }: Built): string {
  const lines = [`curl -X ${method} ${quote(`http://${HOST}${url}`)}`]
  for (const [name, value] of headers) if (name !== 'Host') lines.push(`  -H ${quote(`${name}: ${value}`)}`)
  if (body.length > 0) lines.push(`  --data-raw ${quote(new TextDecoder().decode(body))}`)
  return `${lines.join(' \\\n')}\n`
}

function har(built: Built[], { base64 = false } = {}): string {
  const entries = built.map(({ method, url, headers, body }) => ({
    startedDateTime: NOW.toISOString(),
    time: 12,
    request: {
      method,
      url: `http://${HOST}${url}`,
      httpVersion: 'HTTP/1.1',
      headers: headers.map(([name, value]) => ({ name, value })),
      queryString: [],
      cookies: [],
      headersSize: -1,
      bodySize: body.length,
      ...(body.length > 0
        ? {
            postData: base64
              ? { mimeType: 'application/json', text: bytesToBase64(body), encoding: 'base64' }
              : { mimeType: 'application/json', text: new TextDecoder().decode(body) },
          }
        : {}),
    },
    response: {
      status: 401,
      statusText: 'Unauthorized',
      httpVersion: 'HTTP/1.1',
      headers: [],
      cookies: [],
      content: { size: 0, mimeType: 'application/json' },
      redirectURL: '',
      headersSize: -1,
      bodySize: -1,
    },
    cache: {},
    timings: { send: 0, wait: 12, receive: 0 },
  }))
  return `${JSON.stringify({ log: { version: '1.2', creator: { name: 'diagnosis corpus', version: '1' }, entries } }, null, 2)}\n`
}

const issuer = offline.certificate.issuerDn
const serial = offline.certificate.serialHex
const latin1 = (text: string) => Uint8Array.from(text, (ch) => ch.charCodeAt(0))
const sha256Of = async (text: string) => digestHeader(new TextEncoder().encode(text))

const files: Record<string, string | Uint8Array> = {
  // Good requests: no problem found.
  'good-post.http': rawHttp(await build({ body: COMPACT })),
  'good-get.curl': curl(await build({ url: `${TRANSACTIONS}?bookingStatus=booked` })),
  'good-psu-id.http': rawHttp(await build({ body: COMPACT, extraHeaders: [['PSU-ID', '13039319955']] })),
  'good-post.har': har([await build({ body: PRETTY })]),
  'good-post-base64.har': har([await build({ body: PRETTY })], { base64: true }),

  // Broken ones, one mistake each (the expected diagnosis is in expected.json).
  'digest-reserialised.curl': curl(await build({ body: PRETTY, digest: () => sha256Of(COMPACT) })),
  'digest-trailing-newline.http': rawHttp(
    await build({ body: COMPACT, digest: () => sha256Of(`${COMPACT}\n`) }),
  ),
  'digest-charset.http': rawHttp(
    await build({
      body: latin1(COMPACT.replace('tx-1001', 'Tromsø kiosk')),
      digest: () => sha256Of(COMPACT.replace('tx-1001', 'Tromsø kiosk')),
    }),
  ),
  'digest-no-prefix.curl': curl(
    await build({ body: COMPACT, digest: async (b) => (await digestHeader(b)).slice('SHA-256='.length) }),
  ),
  'digest-crlf.har': har([
    await build({ body: PRETTY, digest: () => sha256Of(PRETTY.replaceAll('\n', '\r\n')) }),
  ]),
  'headers-unsigned.http': rawHttp(
    await build({
      body: COMPACT,
      extraHeaders: [['PSU-ID', '13039319955']],
      headersParameter: 'date digest',
    }),
  ),
  'header-names-upper-signed.http': rawHttp(
    await build({
      body: COMPACT,
      headersParameter: 'Date Digest X-Request-ID',
      signingNames: ['Date', 'Digest', 'X-Request-ID'],
    }),
  ),
  'header-names-upper-list.http': rawHttp(
    await build({ body: COMPACT, headersParameter: 'Date Digest X-Request-ID' }),
  ),
  'signing-string-order.http': rawHttp(
    await build({ body: COMPACT, signingNames: ['x-request-id', 'date', 'digest'] }),
  ),
  'date-stale.curl': curl(await build({ date: new Date(NOW.getTime() - 600_000).toUTCString() })),
  'date-iso.http': rawHttp(await build({ body: COMPACT, date: NOW.toISOString() })),
  'keyid-serial-decimal.http': rawHttp(
    await build({ body: COMPACT, keyId: `SN=${BigInt(`0x${serial}`).toString(10)},CA=${issuer}` }),
  ),
  'keyid-serial-leading-zeros.http': rawHttp(
    await build({ body: COMPACT, keyId: `SN=00${serial},CA=${issuer}` }),
  ),
  'keyid-ca-reversed.curl': curl(
    await build({
      keyId: `SN=${serial},CA=C=NO,L=Tromsø,O=Sandbox Console Test CA\\, Inc.,CN=Sandbox Console Offline Test CA`,
    }),
  ),
  'keyid-ca-unescaped.http': rawHttp(
    await build({ body: COMPACT, keyId: `SN=${serial},CA=${issuer.replace('\\,', ',')}` }),
  ),
  'keyid-ca-subject.http': rawHttp(
    await build({ body: COMPACT, keyId: `SN=${serial},CA=${offline.certificate.subjectDn}` }),
  ),
  'keyid-not-rfc2047.http': rawHttp(await build({ body: COMPACT, rawKeyId: true })),
  'certificate-pem.http': rawHttp(
    await build({
      body: COMPACT,
      certificateHeader: (c) => `-----BEGIN CERTIFICATE-----${c.base64Der}-----END CERTIFICATE-----`,
    }),
  ),
  'certificate-key-mismatch.curl': curl(
    await build({ body: COMPACT, signWith: stranger, certificateOf: offline }),
  ),
  'certificate-expired.http': rawHttp(await build({ body: COMPACT, signWith: expired })),
  'certificate-missing.curl': curl(await build({ body: COMPACT, certificateHeader: () => undefined })),
  'algorithm-hmac.http': rawHttp(await build({ body: COMPACT, algorithm: 'hmac-sha256' })),
  'algorithm-sha512.http': rawHttp(await build({ body: COMPACT, hash: 'SHA-512' })),
  'several-mistakes.har': har([
    await build({ url: `${TRANSACTIONS}?bookingStatus=both` }),
    await build({
      body: PRETTY,
      digest: () => sha256Of(COMPACT),
      date: new Date(NOW.getTime() - 3_600_000).toUTCString(),
      keyId: `SN=00${serial},CA=${issuer}`,
    }),
  ]),
  // The certificate pasted beside certificate-missing.curl.
  'offline-certificate.pem': OFFLINE_TEST_IDENTITY.certificatePem,
}

mkdirSync(OUT, { recursive: true })
for (const [name, content] of Object.entries(files)) writeFileSync(new URL(name, OUT), content)
console.log(`${Object.keys(files).length} files in ${OUT.pathname}`)
