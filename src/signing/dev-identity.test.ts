import { describe, expect, it } from 'vitest'
import { parseCertificate } from './certificate'
import { type DevIdentity, generateDevIdentity } from './dev-identity'
import { formatKeyId } from './key-id'
import { OFFLINE_TEST_IDENTITY } from './offline-test-identity'
import { importPrivateKeyPem } from './private-key'
import { signRsaSha256, verifyRsaSha256 } from './rsa'
import { X509Certificate } from './x509'

async function checkIdentity(identity: DevIdentity) {
  const ca = new X509Certificate(identity.caCertificatePem)
  const tpp = new X509Certificate(identity.certificatePem)
  const certificate = await parseCertificate(identity.certificatePem)
  const privateKey = await importPrivateKeyPem(identity.privateKeyPem)
  return {
    certificate,
    issuedByCa: await tpp.verify({ publicKey: ca, signatureOnly: true }),
    caSelfSigned: await ca.isSelfSigned(),
    keyMatches: await verifyRsaSha256(certificate.publicKey, 'x', await signRsaSha256(privateKey, 'x')),
    caSubjectIsIssuer: (await parseCertificate(identity.caCertificatePem)).subjectDn === certificate.issuerDn,
  }
}

describe('generateDevIdentity', () => {
  it('issues a 2048-bit TPP certificate from a fresh CA', async () => {
    const identity = await generateDevIdentity({
      commonName: 'Dev TPP',
      organization: 'Acme, Inc.',
      days: 10,
      now: new Date('2027-05-01T12:00:00Z'),
    })
    const checked = await checkIdentity(identity)
    expect(checked).toMatchObject({
      issuedByCa: true,
      caSelfSigned: true,
      keyMatches: true,
      caSubjectIsIssuer: true,
    })
    expect(checked.certificate).toMatchObject({
      subjectDn: 'CN=Dev TPP,O=Acme\\, Inc.',
      issuerDn: 'CN=Acme\\, Inc. Development CA,O=Acme\\, Inc.',
      notBefore: new Date('2027-05-01T11:00:00Z'),
      notAfter: new Date('2027-05-11T11:00:00Z'),
      keyBits: 2048,
    })
    // The serial's high bit is set, so DER carries a leading zero byte that keyId must not show.
    expect(checked.certificate.serialHex).toMatch(/^[89A-F][0-9A-F]{31}$/)
    expect(identity.privateKeyPem).toMatch(/^-----BEGIN PRIVATE KEY-----\n/)
  })
})

describe('the shipped offline identity', () => {
  it('is test material with a CA name that needs escaping and RFC 2047, valid for ten years', async () => {
    const checked = await checkIdentity(OFFLINE_TEST_IDENTITY)
    expect(checked).toMatchObject({
      issuedByCa: true,
      caSelfSigned: true,
      keyMatches: true,
      caSubjectIsIssuer: true,
    })
    expect(formatKeyId(checked.certificate)).toBe(
      'SN=80B52E56E54D28AE63C049962238A481,CA=CN=Sandbox Console Offline Test CA,O=Sandbox Console Test CA\\, Inc.,L=Tromsø,C=NO',
    )
    expect(checked.certificate.subjectDn).toBe(
      'CN=Sandbox Console Offline TPP (TEST),O=Sandbox Console Test TPP',
    )
    expect(checked.certificate.keyBits).toBe(2048)
    const { notBefore, notAfter } = checked.certificate
    expect((notAfter.getTime() - notBefore.getTime()) / 86_400_000).toBe(3653)
  })
})
