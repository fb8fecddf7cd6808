import { beforeAll, describe, expect, it } from 'vitest'
import { bytesToBase64 } from './base64'
import { CertificateError, parseCertificate } from './certificate'
import { concatBytes, encodeTlv } from './der'
import { formatKeyId, keyIdMismatch } from './key-id'
import { toPem } from './pem'
import { RSA_SHA256 } from './rsa'
import { createRequestSigner } from './signer'
import { verifySignedRequest } from './verifier'
import { type JsonNameParams, Name, X509CertificateGenerator } from './x509'

let keys: CryptoKeyPair
beforeAll(async () => {
  keys = await crypto.subtle.generateKey(
    { ...RSA_SHA256, modulusLength: 2048, publicExponent: Uint8Array.of(1, 0, 1) },
    false,
    ['sign', 'verify'],
  )
})

const VALIDITY = { notBefore: new Date('2026-01-01T00:00:00Z'), notAfter: new Date('2036-01-01T00:00:00Z') }

async function certificateDer(serialNumber: string, issuer: JsonNameParams): Promise<Uint8Array> {
  const certificate = await X509CertificateGenerator.create({
    serialNumber,
    issuer: new Name(issuer),
    subject: 'CN=Test TPP',
    ...VALIDITY,
    publicKey: keys.publicKey,
    signingKey: keys.privateKey,
  })
  return new Uint8Array(certificate.rawData)
}

describe('parseCertificate: serial and issuer as keyId needs them', () => {
  it('drops the zero byte DER puts before a serial with the high bit set', async () => {
    const der = await certificateDer('c3aa0001', [{ CN: ['CA'] }])
    // 02 05 00 C3 AA 00 01: the INTEGER as it is on the wire.
    expect(Buffer.from(der).includes(Buffer.from([0x02, 0x05, 0x00, 0xc3, 0xaa, 0x00, 0x01]))).toBe(true)
    const certificate = await parseCertificate(der)
    expect(certificate.serialHex).toBe('C3AA0001')
    expect(formatKeyId(certificate)).toBe('SN=C3AA0001,CA=CN=CA')
  })

  it('keeps a one-byte serial as two hex digits', async () => {
    const certificate = await parseCertificate(await certificateDer('01', [{ CN: ['CA'] }]))
    expect(formatKeyId(certificate)).toBe('SN=01,CA=CN=CA')
  })

  it('writes the issuer most specific first, with RFC 4514 escapes', async () => {
    const certificate = await parseCertificate(
      await certificateDer('01', [
        { C: ['DE'] },
        { ST: ['Bayern'] },
        { O: [{ utf8String: 'Müller, Söhne & Co.' }] },
        { OU: ['R+D'] },
        { CN: [{ utf8String: '#1 "Root" <CA>; x\\y ' }] },
      ]),
    )
    expect(certificate.issuerDn).toBe(
      'CN=\\#1 \\"Root\\" \\<CA\\>\\; x\\\\y\\ ,OU=R\\+D,O=Müller\\, Söhne & Co.,ST=Bayern,C=DE',
    )
  })

  it('writes multi-valued RDNs with +, other string types as text, unknown types as #hex', async () => {
    const certificate = await parseCertificate(
      await certificateDer('01', [
        { '1.2.3.4': [{ utf8String: 'x' }] },
        { O: [{ bmpString: 'Ωmega' }] },
        { CN: ['Signing CA'], '0.9.2342.19200300.100.1.1': ['ca-7'] },
      ]),
    )
    expect(certificate.issuerDn).toBe('CN=Signing CA+UID=ca-7,O=Ωmega,1.2.3.4=#0C0178')
  })
})

describe('keyIdMismatch', () => {
  const certificate = {
    serialHex: 'C3AA0001',
    issuerDn: 'CN=Test CA,O=Sandbox Console Test CA\\, Inc.,L=Tromsø,C=NO',
  }

  it.each([
    ['exactly as formatted', 'SN=C3AA0001,CA=CN=Test CA,O=Sandbox Console Test CA\\, Inc.,L=Tromsø,C=NO'],
    [
      'with leading zeros and lower case',
      'SN=00c3aa0001,CA=CN=Test CA,O=Sandbox Console Test CA\\, Inc.,L=Tromsø,C=NO',
    ],
    [
      'in DER order with spaces',
      'SN=C3AA0001,CA=C=NO, L=Tromsø, O=Sandbox Console Test CA\\, Inc., CN=Test CA',
    ],
    [
      'with other case and hex escapes',
      'SN=C3AA0001,CA=cn=TEST CA,o=sandbox console test ca\\2C inc.,l=troms\\C3\\B8,c=no',
    ],
  ])('accepts the keyId %s', (_, keyId) => {
    expect(keyIdMismatch(keyId, certificate)).toBeUndefined()
  })

  it.each([
    ['Test', 'keyId "Test" is not of the form SN=<serial hex>,CA=<issuer DN>'],
    [
      'SN=C3AA0002,CA=CN=Test CA',
      "keyId serial SN=C3AA0002 does not match the certificate's serial C3AA0001",
    ],
    [
      'SN=C3AA0001,CA=CN=Test CA,O=Sandbox Console Test CA, Inc.,L=Tromsø,C=NO',
      'keyId CA "CN=Test CA,O=Sandbox Console Test CA, Inc.,L=Tromsø,C=NO" is not a distinguished name: unknown attribute type Inc',
    ],
    [
      'SN=C3AA0001,CA=CN=Test CA,O=Sandbox Console Test CA\\, Inc.,C=NO',
      'keyId CA "CN=Test CA,O=Sandbox Console Test CA\\, Inc.,C=NO" does not match the certificate\'s issuer "CN=Test CA,O=Sandbox Console Test CA\\, Inc.,L=Tromsø,C=NO"',
    ],
  ])('refuses %s', (keyId, reason) => {
    expect(keyIdMismatch(keyId, certificate)).toBe(reason)
  })
})

describe('parseCertificate: validity', () => {
  // RFC 5280 §4.1.2.5: UTCTime through 2049, GeneralizedTime from 2050; both read to the second, in UTC.
  it('reads UTCTime and GeneralizedTime alike', async () => {
    const certificate = await X509CertificateGenerator.create({
      serialNumber: '01',
      issuer: 'CN=CA',
      subject: 'CN=Test TPP',
      notBefore: new Date('2049-12-31T23:59:58Z'),
      notAfter: new Date('2051-06-30T12:34:56Z'),
      publicKey: keys.publicKey,
      signingKey: keys.privateKey,
    })
    const parsed = await parseCertificate(new Uint8Array(certificate.rawData))
    expect(parsed.notBefore.toISOString()).toBe('2049-12-31T23:59:58.000Z')
    expect(parsed.notAfter.toISOString()).toBe('2051-06-30T12:34:56.000Z')
    expect(parsed.subjectDn).toBe('CN=Test TPP')
    expect(parsed.keyBits).toBe(2048)
  })
})

describe('parseCertificate: inputs', () => {
  it('reads DER, base64 DER and PEM alike', async () => {
    const der = await certificateDer('01', [{ CN: ['CA'] }])
    const fromDer = await parseCertificate(der)
    expect(await parseCertificate(bytesToBase64(der))).toEqual(fromDer)
    expect(await parseCertificate(`junk before\n${toPem('CERTIFICATE', der)}`)).toEqual(fromDer)
    expect(fromDer).toMatchObject({
      base64Der: bytesToBase64(der),
      subjectDn: 'CN=Test TPP',
      keyBits: 2048,
      ...VALIDITY,
    })
  })

  it('reads a version 1 certificate and verifies requests signed with its key', async () => {
    const der = await version1Certificate()
    const certificate = await parseCertificate(der)
    expect(der[4]).toBe(0x30) // the TBSCertificate starts with its serial: no [0] version field
    expect(der[8]).toBe(0x02)
    expect(certificate).toMatchObject({ serialHex: '01', issuerDn: 'CN=Version 1 CA,C=NO', keyBits: 2048 })
    const signer = createRequestSigner({
      privateKey: keys.privateKey,
      certificate,
      now: () => new Date('2027-01-01T00:00:00Z'),
    })
    const { headers } = await signer.sign({ method: 'GET', url: '/v1/sandbox/card-accounts', headers: {} })
    const result = await verifySignedRequest(
      { method: 'GET', url: '/v1/sandbox/card-accounts', headers },
      { now: new Date('2027-01-01T00:00:00Z') },
    )
    expect(result).toMatchObject({ ok: true, keyId: 'SN=01,CA=CN=Version 1 CA,C=NO' })
  })

  it.each([
    ['text that is not base64', 'not a certificate', 'not base64'],
    [
      'PEM without a certificate',
      toPem('PUBLIC KEY', Uint8Array.of(1, 2, 3)),
      'the PEM text has no CERTIFICATE block',
    ],
    ['an empty value', '', 'empty'],
  ])('refuses %s', async (_, input, message) => {
    await expect(parseCertificate(input)).rejects.toThrow(new CertificateError(message))
  })

  it('refuses a certificate whose key is not RSA', async () => {
    const ec = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, [
      'sign',
      'verify',
    ])
    const certificate = await X509CertificateGenerator.createSelfSigned({
      name: 'CN=EC',
      keys: ec,
      ...VALIDITY,
    })
    await expect(parseCertificate(new Uint8Array(certificate.rawData))).rejects.toThrow(
      new CertificateError("the certificate's key is ECDSA, not RSA"),
    )
  })
})

/** X509CertificateGenerator writes version 3 only: a version 1 certificate is assembled by hand. */
async function version1Certificate(): Promise<Uint8Array> {
  const sha256WithRsa = Uint8Array.of(
    0x30,
    0x0d,
    0x06,
    0x09,
    0x2a,
    0x86,
    0x48,
    0x86,
    0xf7,
    0x0d,
    0x01,
    0x01,
    0x0b,
    0x05,
    0x00,
  )
  const utcTime = (text: string) => encodeTlv(0x17, new TextEncoder().encode(text))
  const name = new Uint8Array(new Name([{ C: ['NO'] }, { CN: ['Version 1 CA'] }]).toArrayBuffer())
  const tbs = encodeTlv(
    0x30,
    concatBytes(
      encodeTlv(0x02, Uint8Array.of(0x01)),
      sha256WithRsa,
      name,
      encodeTlv(0x30, concatBytes(utcTime('260101000000Z'), utcTime('360101000000Z'))),
      name,
      new Uint8Array(await crypto.subtle.exportKey('spki', keys.publicKey)),
    ),
  )
  const signature = new Uint8Array(await crypto.subtle.sign(RSA_SHA256, keys.privateKey, tbs))
  return encodeTlv(
    0x30,
    concatBytes(tbs, sha256WithRsa, encodeTlv(0x03, concatBytes(Uint8Array.of(0), signature))),
  )
}
