import { createPublicKey, createVerify } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { httpSignature } from '../test/http-signature'
import { type Certificate, parseCertificate } from './certificate'
import { digestHeader } from './digest'
import { OFFLINE_TEST_IDENTITY } from './offline-test-identity'
import { toPem } from './pem'
import { importPrivateKeyPem } from './private-key'
import { createRequestSigner, type RequestSigner } from './signer'
import { SigningError } from './signing-error'

const NOW = new Date('2026-03-02T10:20:30Z')
const REQUEST_ID = '99391c7e-ad88-49ec-a2ad-99ddcb1f7721'
const BODY = '[{"transactionAmount":{"currency":"EUR","amount":"-12.30"}}]'
const KEY_ID =
  'SN=80B52E56E54D28AE63C049962238A481,CA=CN=Sandbox Console Offline Test CA,O=Sandbox Console Test CA\\, Inc.,L=Tromsø,C=NO'

let certificate: Certificate
let privateKey: CryptoKey
let signer: RequestSigner
beforeAll(async () => {
  certificate = await parseCertificate(OFFLINE_TEST_IDENTITY.certificatePem)
  privateKey = await importPrivateKeyPem(OFFLINE_TEST_IDENTITY.privateKeyPem)
  signer = createRequestSigner({ privateKey, certificate, now: () => NOW })
})

const post = (headers: Record<string, string>, url = '/v1/sandbox/card-accounts/abc/transactions') => ({
  method: 'POST',
  url,
  headers: { 'Content-Type': 'application/json', ...headers },
  body: BODY,
})

describe('createRequestSigner', () => {
  it('adds the five headers and signs date, digest and x-request-id', async () => {
    const signed = await signer.sign(post({ 'x-request-id': REQUEST_ID }))
    const digest = await digestHeader(BODY)
    expect(signed.keyId).toBe(KEY_ID)
    expect(signed.signingString).toBe(
      `date: Mon, 02 Mar 2026 10:20:30 GMT\ndigest: ${digest}\nx-request-id: ${REQUEST_ID}`,
    )
    expect(Object.keys(signed.headers)).toEqual([
      'Content-Type',
      'X-Request-ID',
      'Date',
      'Digest',
      'TPP-Signature-Certificate',
      'Signature',
    ])
    expect(signed.headers['X-Request-ID']).toBe(REQUEST_ID)
    expect(signed.headers.Date).toBe('Mon, 02 Mar 2026 10:20:30 GMT')
    expect(signed.headers.Digest).toBe(digest)
    expect(signed.headers['TPP-Signature-Certificate']).toBe(certificate.base64Der)
    const encodedKeyId = `=?utf-8?B?${Buffer.from(KEY_ID).toString('base64')}?=`
    expect(signed.headers.Signature).toMatch(
      new RegExp(
        `^keyId="${escapeRegExp(encodedKeyId)}",algorithm="rsa-sha256",headers="date digest x-request-id",signature="[A-Za-z0-9+/]{342}=="$`,
      ),
    )
  })

  it('replaces an X-Request-ID that is not a UUID, and anything the caller set that the signer owns', async () => {
    const signed = await signer.sign(
      post({ 'X-Request-Id': 'abc', date: 'yesterday', DIGEST: 'SHA-256=x', signature: 'forged' }),
    )
    expect(signed.headers['X-Request-ID']).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    )
    expect(signed.headers['X-Request-ID']).not.toBe('abc')
    expect(Object.keys(signed.headers)).toEqual([
      'Content-Type',
      'X-Request-ID',
      'Date',
      'Digest',
      'TPP-Signature-Certificate',
      'Signature',
    ])
  })

  it('signs psu-id, psu-corporate-id and tpp-redirect-uri when present, in the spec order', async () => {
    const signed = await signer.sign(
      post({
        'TPP-Redirect-URI': 'https://tpp.example/cb',
        'PSU-Corporate-ID': 'corp 1',
        'PSU-ID': '18129215603',
      }),
    )
    expect(signed.signingString.split('\n').slice(3)).toEqual([
      'psu-id: 18129215603',
      'psu-corporate-id: corp 1',
      'tpp-redirect-uri: https://tpp.example/cb',
    ])
    expect(signed.headers.Signature).toContain(
      ',headers="date digest x-request-id psu-id psu-corporate-id tpp-redirect-uri",',
    )
  })

  it('signs a configured list, (request-target) included', async () => {
    const custom = createRequestSigner({
      privateKey,
      certificate,
      now: () => NOW,
      signedHeaders: ['(request-target)', 'date', 'digest', 'x-request-id', 'content-type'],
    })
    const signed = await custom.sign(post({ 'X-Request-ID': REQUEST_ID }, '/v1/x?a=1&b=%C3%B8'))
    expect(signed.signingString.split('\n')).toEqual([
      '(request-target): post /v1/x?a=1&b=%C3%B8',
      'date: Mon, 02 Mar 2026 10:20:30 GMT',
      `digest: ${await digestHeader(BODY)}`,
      `x-request-id: ${REQUEST_ID}`,
      'content-type: application/json',
    ])
  })

  it('digests the empty body of a GET', async () => {
    const signed = await signer.sign({ method: 'GET', url: '/v1/sandbox/card-accounts', headers: {} })
    expect(signed.headers.Digest).toBe('SHA-256=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=')
  })

  it.each([
    ['CR', { 'PSU-ID': 'a\rb' }, 'HEADER_VALUE_INVALID', 'header PSU-ID contains CR or LF'],
    ['LF', { 'X-Other': 'a\nInjected: yes' }, 'HEADER_VALUE_INVALID', 'header X-Other contains CR or LF'],
    [
      'a duplicate',
      { 'PSU-ID': '1', 'psu-id': '2' },
      'HEADER_DUPLICATE',
      'header given more than once: PSU-ID, psu-id',
    ],
  ])('refuses %s', async (_, headers, code, message) => {
    const error = await signer.sign(post(headers)).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SigningError)
    expect(error).toMatchObject({ code, message })
  })

  it('refuses a listed header that is absent, and a full URL', async () => {
    const custom = createRequestSigner({ privateKey, certificate, signedHeaders: ['date', 'host'] })
    await expect(custom.sign(post({}))).rejects.toMatchObject({
      code: 'HEADER_MISSING',
      message: 'header host is listed in headers but absent',
    })
    await expect(signer.sign(post({}, 'https://bank.example/v1'))).rejects.toMatchObject({
      code: 'URL_INVALID',
      message: 'url must be the path and query, got "https://bank.example/v1"',
    })
  })

  it('refuses a bad configuration', async () => {
    expect(() => createRequestSigner({ privateKey, certificate, signedHeaders: ['Date'] })).toThrow(
      new SigningError(
        'HEADER_LIST_INVALID',
        'signedHeaders must be distinct lower-case header names; "Date" is not',
      ),
    )
    expect(() => createRequestSigner({ privateKey: certificate.publicKey, certificate })).toThrow(
      'the private key must be an RSASSA-PKCS1-v1_5 SHA-256 signing key',
    )
  })
})

describe('signatures checked by others', () => {
  it('verify with node:crypto', async () => {
    const signed = await signer.sign(post({}))
    const signature = /signature="([^"]+)"/.exec(signed.headers.Signature ?? '')?.[1] ?? ''
    const verify = createVerify('RSA-SHA256').update(signed.signingString)
    expect(verify.verify(createPublicKey(OFFLINE_TEST_IDENTITY.certificatePem), signature, 'base64')).toBe(
      true,
    )
  })

  it('verify with the http-signature package', async () => {
    // A real clock: http-signature rejects a Date more than 300 s from its own now.
    const signed = await createRequestSigner({ privateKey, certificate }).sign(
      post({ 'X-Request-ID': REQUEST_ID, 'PSU-Corporate-ID': 'corp 1' }),
    )
    const headers = Object.fromEntries(Object.entries(signed.headers).map(([k, v]) => [k.toLowerCase(), v]))
    const parsed = httpSignature.parseRequest(
      { method: 'POST', url: '/v1/sandbox/card-accounts/abc/transactions', httpVersion: '1.1', headers },
      { headers: ['date', 'digest', 'x-request-id', 'psu-corporate-id'] },
    )
    expect(parsed.signingString).toBe(signed.signingString)
    // http-signature hands keyId back untouched (it verifies with the key it is given), so the RFC 2047
    // word that the shipped identity's non-ASCII issuer needs does not get in its way.
    expect(parsed.keyId).toBe(`=?utf-8?B?${Buffer.from(KEY_ID).toString('base64')}?=`)
    const spki = await crypto.subtle.exportKey('spki', certificate.publicKey)
    expect(httpSignature.verifySignature(parsed, toPem('PUBLIC KEY', new Uint8Array(spki)))).toBe(true)
    const tampered = { ...parsed, signingString: parsed.signingString.replace('corp 1', 'corp 2') }
    expect(httpSignature.verifySignature(tampered, toPem('PUBLIC KEY', new Uint8Array(spki)))).toBe(false)
  })
})

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
