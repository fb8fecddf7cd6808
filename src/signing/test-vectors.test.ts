import { createPrivateKey } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { draftVectors as vectors } from '../test/draft-vectors'
import { parseCertificate } from './certificate'
import { digestHeader } from './digest'
import { formatKeyId } from './key-id'
import { readPemBlocks } from './pem'
import { importPrivateKeyPem, pkcs1ToPkcs8 } from './private-key'
import { RSA_SHA256, signRsaSha256, verifyRsaSha256 } from './rsa'
import { formatSignatureHeader, parseSignatureHeader } from './signature-header'
import { buildSigningString } from './signing-string'
import { verifySignedRequest } from './verifier'
import { type X509Certificate, X509CertificateGenerator } from './x509'

const { request } = vectors

function spkiDer(pem: string) {
  const [block] = readPemBlocks(pem)
  if (!block) throw new Error('no PEM block')
  return block.der
}

let privateKey: CryptoKey
let publicKey: CryptoKey
// The draft publishes no certificate: a self-signed one for its key lets whole requests be verified.
let vectorCertificate: X509Certificate
beforeAll(async () => {
  privateKey = await importPrivateKeyPem(vectors.privateKeyPem)
  publicKey = await crypto.subtle.importKey('spki', spkiDer(vectors.publicKeyPem), RSA_SHA256, true, [
    'verify',
  ])
  vectorCertificate = await X509CertificateGenerator.createSelfSigned({
    serialNumber: '01',
    name: 'CN=draft-cavage test key',
    notBefore: new Date('2014-01-01T00:00:00Z'),
    notAfter: new Date('2015-01-01T00:00:00Z'),
    keys: { privateKey, publicKey },
  })
})

describe.each(vectors.cases)('draft-cavage-10 $name', (vector) => {
  const headerNames = vector.headers?.split(' ') ?? ['date']

  it('builds the signing string byte for byte', () => {
    const built = buildSigningString({
      headerNames,
      method: request.method,
      url: request.path,
      headers: request.headers,
    })
    expect(built).toEqual({ ok: true, value: vector.signingString })
  })

  it('signs to the published signature and verifies it', async () => {
    expect(await signRsaSha256(privateKey, vector.signingString)).toBe(vector.signature)
    expect(await verifyRsaSha256(publicKey, vector.signingString, vector.signature)).toBe(true)
    expect(await verifyRsaSha256(publicKey, `${vector.signingString} `, vector.signature)).toBe(false)
  })

  it('verifies as a whole request carrying a certificate for the draft key', async () => {
    const certificate = await parseCertificate(new Uint8Array(vectorCertificate.rawData))
    const signature = formatSignatureHeader({
      keyId: formatKeyId(certificate),
      algorithm: 'rsa-sha256',
      headers: headerNames,
      signature: vector.signature,
    })
    const result = await verifySignedRequest(
      {
        method: request.method,
        url: request.path,
        headers: {
          ...request.headers,
          Signature: signature,
          'TPP-Signature-Certificate': certificate.base64Der,
        },
        body: request.body,
      },
      { now: new Date(Date.parse(request.headers.Date ?? '')), requiredHeaders: ['date'], minKeyBits: 1024 },
    )
    expect(result).toMatchObject({
      ok: true,
      signingString: vector.signingString,
      signedHeaders: headerNames,
    })
  })
})

describe('the draft key', () => {
  it('is refused below the default minimum of 2048 bits', async () => {
    const certificate = await parseCertificate(new Uint8Array(vectorCertificate.rawData))
    expect(certificate.keyBits).toBe(1024)
    const result = await verifySignedRequest(
      {
        method: request.method,
        url: request.path,
        headers: {
          ...request.headers,
          Signature: `keyId="${formatKeyId(certificate)}",algorithm="rsa-sha256",signature="${vectors.cases[0]?.signature}"`,
          'TPP-Signature-Certificate': certificate.base64Der,
        },
        body: request.body,
      },
      { now: new Date('2014-01-05T21:31:40Z'), requiredHeaders: ['date'] },
    )
    expect(result).toMatchObject({
      ok: false,
      code: 'CERTIFICATE_INVALID',
      part: 'TPP-Signature-Certificate',
      reason: 'TPP-Signature-Certificate has a 1024-bit key; at least 2048 bits are required',
    })
  })

  it('is wrapped from PKCS#1 into the same PKCS#8 bytes as OpenSSL writes', () => {
    const [pkcs1] = readPemBlocks(vectors.privateKeyPem)
    const openssl = createPrivateKey(vectors.privateKeyPem).export({ type: 'pkcs8', format: 'der' })
    expect(pkcs1?.label).toBe('RSA PRIVATE KEY')
    expect(pkcs1ToPkcs8(pkcs1?.der ?? new Uint8Array())).toEqual(new Uint8Array(openssl))
  })
})

describe('Digest of the draft request', () => {
  it('matches the request and the empty body', async () => {
    expect(await digestHeader(request.body)).toBe(request.headers.Digest)
    expect(await digestHeader(new TextEncoder().encode(request.body))).toBe(request.headers.Digest)
    expect(await digestHeader()).toBe(vectors.emptyBodyDigest)
    expect(await digestHeader('')).toBe(vectors.emptyBodyDigest)
  })
})

describe('the draft Signature header of C.1', () => {
  it('parses, with the default headers list when none is given', () => {
    const signature = vectors.cases[0]?.signature ?? ''
    expect(parseSignatureHeader(`keyId="Test",algorithm="rsa-sha256",signature="${signature}"`)).toEqual({
      ok: true,
      value: { keyId: 'Test', algorithm: 'rsa-sha256', headers: ['date'], signature },
    })
  })
})
