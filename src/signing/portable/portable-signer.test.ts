import { createSign, webcrypto } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { draftVectors as vectors } from '../../test/draft-vectors'
import { OFFLINE_TEST_IDENTITY } from '../offline-test-identity'
import { portableSigner, requestSigner } from './portable-signer.js'

const signer = portableSigner()

describe('the portable signer against draft-cavage-10 (PKCS#1 key)', () => {
  it.each(vectors.cases)('$name signs to the published signature', (vector) => {
    expect(signer.signRsaSha256(vectors.privateKeyPem, vector.signingString)).toBe(vector.signature)
  })

  it('computes the draft request Digest and the empty body one', () => {
    expect(signer.digestHeader(vectors.request.body)).toBe(vectors.request.headers.Digest)
    expect(signer.digestHeader('')).toBe(vectors.emptyBodyDigest)
  })
})

describe('the portable signer against node:crypto (PKCS#8, 2048 bits)', () => {
  const texts = [
    'date: Mon, 23 Nov 2026 10:00:00 GMT\ndigest: SHA-256=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=',
    'name: Trøndelag 😀 “quoted”',
    'x'.repeat(1000),
  ]
  it.each(texts)('signs %# byte for byte as node:crypto does', (text) => {
    const expected = createSign('sha256')
      .update(text, 'utf8')
      .sign(OFFLINE_TEST_IDENTITY.privateKeyPem, 'base64')
    expect(signer.signRsaSha256(OFFLINE_TEST_IDENTITY.privateKeyPem, text)).toBe(expected)
  })

  it('hashes UTF-8 across SHA-256 block boundaries as node:crypto does', async () => {
    const { createHash } = await import('node:crypto')
    for (const length of [0, 55, 56, 63, 64, 65, 119, 120, 1000]) {
      const body = 'é'.repeat(length)
      expect(signer.digestHeader(body)).toBe(`SHA-256=${createHash('sha256').update(body).digest('base64')}`)
    }
  })

  it('refuses an encrypted key in words', () => {
    expect(() => signer.signRsaSha256('-----BEGIN ENCRYPTED PRIVATE KEY-----\nAAAA\n', 'x')).toThrow(
      'the private key is encrypted',
    )
  })
})

describe('the request signer through WebCrypto', () => {
  const viaSubtle = requestSigner(webcrypto.subtle)

  it('takes crypto.subtle when given it', () => {
    expect(viaSubtle.via).toBe('crypto.subtle')
    expect(requestSigner(undefined).via).toBe('JavaScript')
  })

  it.each(vectors.cases)(
    '$name signs to the published signature with the PKCS#1 key, wrapped as PKCS#8',
    async (vector) => {
      expect(await viaSubtle.signRsaSha256(vectors.privateKeyPem, vector.signingString)).toBe(
        vector.signature,
      )
    },
  )

  it('signs byte for byte as the pure-JS signer does with a PKCS#8 key, and hashes the same Digest', async () => {
    const text = 'name: Trøndelag 😀 “quoted”'
    expect(await viaSubtle.signRsaSha256(OFFLINE_TEST_IDENTITY.privateKeyPem, text)).toBe(
      signer.signRsaSha256(OFFLINE_TEST_IDENTITY.privateKeyPem, text),
    )
    expect(await viaSubtle.digestHeader(vectors.request.body)).toBe(vectors.request.headers.Digest)
  })
})
