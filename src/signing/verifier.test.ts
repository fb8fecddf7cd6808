import { beforeAll, describe, expect, it } from 'vitest'
import { type Certificate, parseCertificate } from './certificate'
import { generateDevIdentity } from './dev-identity'
import { digestHeader } from './digest'
import { OFFLINE_TEST_IDENTITY } from './offline-test-identity'
import { importPrivateKeyPem } from './private-key'
import type { HttpRequestParts } from './request'
import { REQUEST_TARGET_SIGNED_HEADERS } from './signed-headers'
import { createRequestSigner, type RequestSigner } from './signer'
import { verifySignedRequest } from './verifier'

const NOW = new Date('2027-03-02T10:20:30Z')
const DATE = 'Tue, 02 Mar 2027 10:20:30 GMT'
const REQUEST_ID = '99391c7e-ad88-49ec-a2ad-99ddcb1f7721'
const URL = '/v1/sandbox/card-accounts/abc/transactions'
const BODY = '[{"transactionAmount":{"currency":"EUR","amount":"-12.30"}}]'

interface Identity {
  certificate: Certificate
  privateKey: CryptoKey
  signer: RequestSigner
}

async function identity(pems: { certificatePem: string; privateKeyPem: string }): Promise<Identity> {
  const certificate = await parseCertificate(pems.certificatePem)
  const privateKey = await importPrivateKeyPem(pems.privateKeyPem)
  return { certificate, privateKey, signer: createRequestSigner({ privateKey, certificate, now: () => NOW }) }
}

let tpp: Identity
let other: Identity
let expired: Identity
beforeAll(async () => {
  ;[tpp, other, expired] = await Promise.all([
    identity(
      await generateDevIdentity({ commonName: 'Verifier Test TPP', now: new Date('2027-01-01T00:00:00Z') }),
    ),
    identity(await generateDevIdentity({ commonName: 'Another TPP', now: new Date('2027-01-01T00:00:00Z') })),
    identity(
      await generateDevIdentity({ commonName: 'Old TPP', days: 30, now: new Date('2026-01-01T00:00:00Z') }),
    ),
  ])
})

async function signed(
  by: Identity = tpp,
  headers: Record<string, string> = {},
): Promise<HttpRequestParts & { headers: Record<string, string> }> {
  const request = {
    method: 'POST',
    url: URL,
    headers: { 'X-Request-ID': REQUEST_ID, ...headers },
    body: BODY,
  }
  return { ...request, headers: (await by.signer.sign(request)).headers }
}

const verify = (request: HttpRequestParts) => verifySignedRequest(request, { now: NOW })
const SIGNING_STRING = async () =>
  `date: ${DATE}\ndigest: ${await digestHeader(BODY)}\nx-request-id: ${REQUEST_ID}`

describe('verifySignedRequest accepts', () => {
  it('what the signer made', async () => {
    expect(await verify(await signed())).toEqual({
      ok: true,
      keyId: `SN=${tpp.certificate.serialHex},CA=CN=Sandbox Console Development Development CA,O=Sandbox Console Development`,
      signingString: await SIGNING_STRING(),
      signedHeaders: ['date', 'digest', 'x-request-id'],
      certificate: {
        serialHex: tpp.certificate.serialHex,
        issuerDn: 'CN=Sandbox Console Development Development CA,O=Sandbox Console Development',
        subjectDn: 'CN=Verifier Test TPP,O=Sandbox Console Development',
        notBefore: new Date('2026-12-31T23:00:00Z'),
        notAfter: new Date('2027-12-31T23:00:00Z'),
        keyBits: 2048,
      },
    })
  })

  it('the shipped offline identity, whose keyId travels RFC 2047-encoded', async () => {
    const result = await verify(await signed(await identity(OFFLINE_TEST_IDENTITY)))
    expect(result).toMatchObject({
      ok: true,
      keyId:
        'SN=80B52E56E54D28AE63C049962238A481,CA=CN=Sandbox Console Offline Test CA,O=Sandbox Console Test CA\\, Inc.,L=Tromsø,C=NO',
    })
  })

  it('header names in any case, a Date 300 s off, and psu-corporate-id when signed', async () => {
    const request = await signed(tpp, { 'PSU-Corporate-ID': 'corp 1' })
    const lower = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k.toLowerCase(), v]))
    const result = await verifySignedRequest(
      { ...request, headers: lower },
      { now: new Date(NOW.getTime() + 300_000) },
    )
    expect(result).toMatchObject({
      ok: true,
      signedHeaders: ['date', 'digest', 'x-request-id', 'psu-corporate-id'],
    })
  })

  it('a request without a Date header that does not sign date (signed "each where available")', async () => {
    const undated = createRequestSigner({ ...tpp, now: () => NOW, signedHeaders: ['digest', 'x-request-id'] })
    const request = { method: 'POST', url: URL, headers: { 'X-Request-ID': REQUEST_ID }, body: BODY }
    const { Date: _, ...headers } = (await undated.sign(request)).headers
    expect(await verify({ ...request, headers })).toMatchObject({
      ok: true,
      signedHeaders: ['digest', 'x-request-id'],
    })
  })
})

describe('verifySignedRequest refuses, saying why', () => {
  // Spec §5.3: a value that is not ASCII is MIME-encoded per RFC 2047. Raw, its bytes reach a server as
  // ISO-8859-1 (ø is 0xF8) or as UTF-8 read as ISO-8859-1 (Ã¸): neither names the issuer reliably.
  it.each([
    ['ISO-8859-1 bytes', 'Tromsø'],
    ['UTF-8 bytes read as ISO-8859-1', 'TromsÃ¸'],
  ])('a keyId with raw non-ASCII (%s) rather than an RFC 2047 word', async (_, town) => {
    const request = await signed(await identity(OFFLINE_TEST_IDENTITY))
    const keyId = `SN=80B52E56E54D28AE63C049962238A481,CA=CN=Sandbox Console Offline Test CA,O=Sandbox Console Test CA\\, Inc.,L=${town},C=NO`
    request.headers.Signature = (request.headers.Signature ?? '').replace(/keyId="[^"]*"/, `keyId="${keyId}"`)
    expect(await verify(request)).toMatchObject({
      ok: false,
      code: 'SIGNATURE_INVALID',
      part: 'Signature',
      reason: expect.stringMatching(/^Signature keyId holds characters outside ASCII .*RFC 2047/),
    })
  })

  it('a missing Signature', async () => {
    const { Signature: _, ...headers } = (await signed()).headers
    expect(await verify({ method: 'GET', url: URL, headers })).toEqual({
      ok: false,
      code: 'SIGNATURE_MISSING',
      part: 'Signature',
      reason: 'the Signature header is missing',
    })
  })

  it('an unparsable Signature', async () => {
    const request = await signed()
    request.headers.Signature = 'keyId=abc'
    expect(await verify(request)).toEqual({
      ok: false,
      code: 'SIGNATURE_INVALID',
      part: 'Signature',
      reason: 'Signature header: the value of keyId must be a double-quoted string',
    })
  })

  it('an algorithm other than rsa-sha256', async () => {
    const request = await signed()
    request.headers.Signature = request.headers.Signature?.replace('rsa-sha256', 'hmac-sha256') ?? ''
    expect(await verify(request)).toMatchObject({
      code: 'SIGNATURE_INVALID',
      part: 'Signature',
      reason: 'Signature algorithm is "hmac-sha256", expected "rsa-sha256"',
    })
  })

  it('a tampered body', async () => {
    const request = { ...(await signed()), body: BODY.replace('-12.30', '-99.30') }
    expect(await verify(request)).toMatchObject({
      ok: false,
      code: 'SIGNATURE_INVALID',
      part: 'Digest',
      reason: `Digest does not match the body: expected ${await digestHeader(request.body)}, got ${await digestHeader(BODY)}`,
    })
  })

  it('a missing Digest', async () => {
    const { Digest: _, ...headers } = (await signed()).headers
    expect(await verify({ method: 'POST', url: URL, headers, body: BODY })).toMatchObject({
      code: 'SIGNATURE_INVALID',
      part: 'Digest',
      reason: 'the Digest header is missing',
    })
  })

  it('a tampered signature', async () => {
    const request = await signed()
    const other = (await signed(tpp, { 'X-Request-ID': 'a5c3e0a8-0d4e-4b8e-9d4e-1e6f4c1f2a3b' })).headers
      .Signature
    request.headers.Signature = other ?? ''
    expect(await verify(request)).toEqual({
      ok: false,
      code: 'SIGNATURE_INVALID',
      part: 'Signature',
      reason: "the RSA-SHA256 signature does not verify with the certificate's public key",
      keyId: `SN=${tpp.certificate.serialHex},CA=CN=Sandbox Console Development Development CA,O=Sandbox Console Development`,
      signingString: await SIGNING_STRING(),
    })
  })

  it('a signature over the method and path, sent with another path: asks whether it was made for it', async () => {
    const signer = createRequestSigner({
      ...tpp,
      signedHeaders: REQUEST_TARGET_SIGNED_HEADERS,
      now: () => NOW,
    })
    const request = { method: 'POST', url: URL, headers: { 'X-Request-ID': REQUEST_ID }, body: BODY }
    const { headers } = await signer.sign(request)
    const result = await verify({ ...request, url: '/v1/sandbox/card-accounts/xyz/transactions', headers })
    expect(result.ok ? '' : result.reason).toBe(
      `the RSA-SHA256 signature does not verify with the certificate's public key; it signs (request-target), here "post /v1/sandbox/card-accounts/xyz/transactions": was it made for another method or path?`,
    )
  })

  it('a required header that is not signed', async () => {
    const partial = createRequestSigner({ ...tpp, now: () => NOW, signedHeaders: ['date', 'x-request-id'] })
    const request = { method: 'POST', url: URL, headers: { 'X-Request-ID': REQUEST_ID }, body: BODY }
    expect(await verify({ ...request, headers: (await partial.sign(request)).headers })).toMatchObject({
      code: 'SIGNATURE_INVALID',
      part: 'Signature',
      reason: 'header digest must be signed, but Signature headers is "date x-request-id"',
    })
  })

  it('a Date header that is not signed', async () => {
    const undated = createRequestSigner({ ...tpp, now: () => NOW, signedHeaders: ['digest', 'x-request-id'] })
    const request = { method: 'POST', url: URL, headers: { 'X-Request-ID': REQUEST_ID }, body: BODY }
    expect(await verify({ ...request, headers: (await undated.sign(request)).headers })).toMatchObject({
      code: 'SIGNATURE_INVALID',
      part: 'Signature',
      reason: 'header date must be signed, but Signature headers is "digest x-request-id"',
    })
  })

  it.each([
    ['PSU-ID', '13039319955'],
    ['PSU-Corporate-ID', 'corp 1'],
    ['TPP-Redirect-URI', 'https://tpp.example/done'],
  ])('a %s added after signing', async (name, value) => {
    const request = await signed()
    request.headers[name] = value
    expect(await verify(request)).toMatchObject({
      code: 'SIGNATURE_INVALID',
      part: 'Signature',
      reason: `header ${name.toLowerCase()} must be signed, but Signature headers is "date digest x-request-id"`,
    })
  })

  it('a signed header that is absent', async () => {
    const request = await signed(tpp, { 'PSU-ID': '18129215603' })
    const { 'PSU-ID': _, ...headers } = request.headers
    expect(await verify({ ...request, headers })).toMatchObject({
      code: 'SIGNATURE_INVALID',
      part: 'psu-id',
      reason: 'header psu-id is listed in headers but absent',
    })
  })

  it('a stale Date', async () => {
    const result = await verifySignedRequest(await signed(), { now: new Date(NOW.getTime() + 301_000) })
    expect(result).toMatchObject({
      code: 'SIGNATURE_INVALID',
      part: 'Date',
      reason: `Date ${DATE} is 301 seconds behind the verifier's clock (Tue, 02 Mar 2027 10:25:31 GMT); at most 300 seconds are allowed`,
    })
  })

  it.each([
    ['an ISO date', '2027-03-02T10:20:30Z'],
    ['a wrong weekday', 'Wed, 02 Mar 2027 10:20:30 GMT'],
    ['an impossible day', 'Wed, 31 Feb 2027 10:20:30 GMT'],
  ])('a Date that is %s', async (_, date) => {
    const request = await signed()
    request.headers.Date = date
    expect(await verify(request)).toMatchObject({
      code: 'SIGNATURE_INVALID',
      part: 'Date',
      reason: `Date "${date}" is not an RFC 7231 IMF-fixdate such as "Sun, 06 Nov 1994 08:49:37 GMT"`,
    })
  })

  it('an expired certificate', async () => {
    expect(await verify(await signed(expired))).toMatchObject({
      code: 'CERTIFICATE_EXPIRED',
      part: 'TPP-Signature-Certificate',
      reason: 'TPP-Signature-Certificate expired at 2026-01-30T23:00:00.000Z',
    })
  })

  it('a certificate that verified before but has expired since (parsed certificates are reused)', async () => {
    const request = await signed()
    expect(await verify(request)).toMatchObject({ ok: true })
    const later = new Date('2028-01-01T00:00:00Z')
    request.headers.Date = later.toUTCString()
    expect(await verifySignedRequest(request, { now: later })).toMatchObject({
      code: 'CERTIFICATE_EXPIRED',
      reason: 'TPP-Signature-Certificate expired at 2027-12-31T23:00:00.000Z',
    })
  })

  it('a certificate not yet valid', async () => {
    const result = await verifySignedRequest(await signed(), { now: new Date('2026-06-01T00:00:00Z') })
    expect(result).toMatchObject({
      code: 'CERTIFICATE_INVALID',
      reason: 'TPP-Signature-Certificate is not valid before 2026-12-31T23:00:00.000Z',
    })
  })

  it('the certificate of another TPP', async () => {
    const request = await signed()
    request.headers['TPP-Signature-Certificate'] = other.certificate.base64Der
    expect(await verify(request)).toMatchObject({
      code: 'SIGNATURE_INVALID',
      part: 'Signature',
      reason: `keyId serial SN=${tpp.certificate.serialHex} does not match the certificate's serial ${other.certificate.serialHex}`,
    })
  })

  it('a keyId naming another CA', async () => {
    const request = await signed()
    request.headers.Signature =
      request.headers.Signature?.replace(
        /keyId="[^"]*"/,
        `keyId="SN=${tpp.certificate.serialHex},CA=CN=Other CA"`,
      ) ?? ''
    expect(await verify(request)).toMatchObject({
      code: 'SIGNATURE_INVALID',
      part: 'Signature',
      reason:
        'keyId CA "CN=Other CA" does not match the certificate\'s issuer "CN=Sandbox Console Development Development CA,O=Sandbox Console Development"',
    })
  })

  it('a missing certificate', async () => {
    const { 'TPP-Signature-Certificate': _, ...headers } = (await signed()).headers
    expect(await verify({ method: 'POST', url: URL, headers, body: BODY })).toMatchObject({
      code: 'CERTIFICATE_MISSING',
      part: 'TPP-Signature-Certificate',
      reason: 'the TPP-Signature-Certificate header is missing',
    })
  })

  it.each([
    ['not base64', '%%%not base64%%%', 'TPP-Signature-Certificate: not base64'],
    [
      'not X.509',
      'MAMCAQE=',
      'TPP-Signature-Certificate: not an X.509 certificate (tbsCertificate has DER tag 0x2, not 0x30)',
    ],
  ])('a certificate that is %s', async (_, value, reason) => {
    const request = await signed()
    request.headers['TPP-Signature-Certificate'] = value
    expect(await verify(request)).toMatchObject({
      code: 'CERTIFICATE_INVALID',
      part: 'TPP-Signature-Certificate',
      reason,
    })
  })

  it('a header given twice', async () => {
    const request = await signed()
    request.headers.date = DATE
    expect(await verify(request)).toMatchObject({
      code: 'SIGNATURE_INVALID',
      part: 'Date',
      reason: 'header given more than once: Date, date',
    })
  })
})
