import { beforeAll, describe, expect, it } from 'vitest'
import { draftVectors as vectors } from '../../test/draft-vectors'
import { httpSignature } from '../../test/http-signature'
import { type Certificate, parseCertificate } from '../certificate'
import { OFFLINE_TEST_IDENTITY } from '../offline-test-identity'
import { toPem } from '../pem'
import { importPrivateKeyPem } from '../private-key'
import { createRequestSigner } from '../signer'
import { webSigningCrypto } from '../signing-crypto'
import { verifySignedRequest } from '../verifier'
import { createNodeRequestSigner, nodeSigningCrypto } from './node-signing-crypto'

const NOW = new Date('2026-03-02T10:20:30Z')
const request = {
  method: 'POST',
  url: '/v1/sandbox/card-accounts/abc/transactions',
  headers: {
    'Content-Type': 'application/json',
    'X-Request-ID': '99391c7e-ad88-49ec-a2ad-99ddcb1f7721',
    'PSU-Corporate-ID': 'corp 1',
  },
  body: '[{"transactionAmount":{"currency":"EUR","amount":"-12.30"}}]',
}

let certificate: Certificate
let privateKey: CryptoKey
beforeAll(async () => {
  certificate = await parseCertificate(OFFLINE_TEST_IDENTITY.certificatePem)
  privateKey = await importPrivateKeyPem(OFFLINE_TEST_IDENTITY.privateKeyPem)
})

describe('nodeSigningCrypto', () => {
  it.each(vectors.cases)('signs the draft vector $name to the published signature', async (vector) => {
    const node = nodeSigningCrypto(await importPrivateKeyPem(vectors.privateKeyPem))
    expect(await node.signRsaSha256(vector.signingString)).toBe(vector.signature)
  })

  it('digests like WebCrypto: the draft body, the empty body, non-ASCII bytes', async () => {
    const node = nodeSigningCrypto(privateKey)
    const web = webSigningCrypto(privateKey)
    const bodies = [
      new TextEncoder().encode(vectors.request.body),
      new Uint8Array(0),
      Uint8Array.of(0xc3, 0xb8),
    ]
    for (const body of bodies) expect(await node.digestHeader(body)).toBe(await web.digestHeader(body))
    expect(await node.digestHeader(new Uint8Array(0))).toBe(vectors.emptyBodyDigest)
  })
})

describe('createNodeRequestSigner', () => {
  it('sends exactly the headers the WebCrypto signer sends', async () => {
    const node = await createNodeRequestSigner({ privateKey, certificate, now: () => NOW }).sign(request)
    const web = await createRequestSigner({ privateKey, certificate, now: () => NOW }).sign(request)
    expect(node).toEqual(web)
  })

  it('is verified by our verifier and by the http-signature package', async () => {
    const signed = await createNodeRequestSigner({ privateKey, certificate }).sign(request)
    const verified = await verifySignedRequest({ ...request, headers: signed.headers })
    expect(verified).toMatchObject({
      ok: true,
      signedHeaders: ['date', 'digest', 'x-request-id', 'psu-corporate-id'],
    })

    const lowerCased = Object.fromEntries(
      Object.entries(signed.headers).map(([k, v]) => [k.toLowerCase(), v]),
    )
    const parsed = httpSignature.parseRequest({ ...request, httpVersion: '1.1', headers: lowerCased })
    const spki = new Uint8Array(await crypto.subtle.exportKey('spki', certificate.publicKey))
    expect(httpSignature.verifySignature(parsed, toPem('PUBLIC KEY', spki))).toBe(true)
  })
})
