import { beforeAll, expect, it } from 'vitest'
import { type Certificate, parseCertificate } from '../certificate'
import { generateDevIdentity } from '../dev-identity'
import { OFFLINE_TEST_IDENTITY } from '../offline-test-identity'
import { readCertificate } from './certificate'

const PEM = OFFLINE_TEST_IDENTITY.certificatePem
const NOT_A_CERTIFICATE = 'bm90IGEgY2VydA=='
let ours: Certificate
beforeAll(async () => {
  ours = await parseCertificate(PEM)
})

const said = (reading: Awaited<ReturnType<typeof readCertificate>>) => ({
  findings: reading.findings.map((f) => `${f.id}/${f.verdict}`),
  source: reading.source,
  serial: reading.certificate?.serialHex,
})

it('notes a pasted certificate it cannot read, and refuses a missing header with or without one', async () => {
  const unreadable = await readCertificate(undefined, NOT_A_CERTIFICATE)
  expect(said(unreadable)).toEqual({
    findings: ['certificate-invalid/note', 'certificate-missing/refused'],
    source: undefined,
    serial: undefined,
  })
  expect(unreadable.findings[1]?.explanation).toContain('Paste the certificate below')
  const pasted = await readCertificate('  ', PEM)
  expect(said(pasted)).toEqual({
    findings: ['certificate-missing/refused'],
    source: 'pasted',
    serial: ours.serialHex,
  })
  expect(pasted.findings[0]?.explanation).toContain('the pasted certificate was used')
})

it("falls back to the pasted certificate when the header's cannot be read", async () => {
  expect(said(await readCertificate(NOT_A_CERTIFICATE, PEM))).toEqual({
    findings: ['certificate-invalid/refused'],
    source: 'pasted',
    serial: ours.serialHex,
  })
  expect(said(await readCertificate(NOT_A_CERTIFICATE, undefined))).toEqual({
    findings: ['certificate-invalid/refused'],
    source: undefined,
    serial: undefined,
  })
})

it('refuses PEM armour in the header but reads through it, and names a pasted certificate that differs', async () => {
  const other = await generateDevIdentity({ commonName: 'Other', now: new Date('2026-11-26T12:00:00Z') })
  const armoured = await readCertificate(PEM.replaceAll('\n', '\\n'), other.certificatePem)
  expect(said(armoured)).toEqual({
    findings: ['certificate-pem/refused', 'certificate-differs/note'],
    source: 'request',
    serial: ours.serialHex,
  })
  expect(armoured.otherCandidate?.base64Der).toBe((await parseCertificate(other.certificatePem)).base64Der)
  const same = await readCertificate(ours.base64Der, PEM)
  expect([said(same).findings, same.otherCandidate]).toEqual([[], undefined])
})
