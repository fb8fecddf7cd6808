import { beforeAll, describe, expect, it } from 'vitest'
import { CertificateError, parseCertificate } from './certificate'
import { createCertificateCache } from './certificate-cache'
import { generateDevIdentity } from './dev-identity'
import { OFFLINE_TEST_IDENTITY } from './offline-test-identity'

let first: string
let second: string
let third: string
beforeAll(async () => {
  const base64 = async (pem: string) => (await parseCertificate(pem)).base64Der
  const [two, three] = await Promise.all([
    generateDevIdentity({ commonName: 'Cache TPP 2' }),
    generateDevIdentity({ commonName: 'Cache TPP 3' }),
  ])
  ;[first, second, third] = await Promise.all([
    base64(OFFLINE_TEST_IDENTITY.certificatePem),
    base64(two.certificatePem),
    base64(three.certificatePem),
  ])
})

describe('createCertificateCache', () => {
  it('parses a certificate once and hands the same one back, also to concurrent callers', async () => {
    const parse = createCertificateCache(4)
    const [a, b] = await Promise.all([parse(first), parse(first)])
    expect(a).toBe(b)
    expect(await parse(first)).toBe(a)
    expect(a.subjectDn).toBe((await parseCertificate(first)).subjectDn)
  })

  it("keeps no failure: a bad value is refused with the parser's reason every time", async () => {
    const parse = createCertificateCache(4)
    for (let i = 0; i < 2; i += 1) {
      await expect(parse('bm90IGEgY2VydGlmaWNhdGU=')).rejects.toBeInstanceOf(CertificateError)
    }
  })

  it('forgets the least recently used certificate past its capacity', async () => {
    const parse = createCertificateCache(2)
    const kept = await parse(first)
    const dropped = await parse(second)
    await parse(first)
    await parse(third)
    expect(await parse(first)).toBe(kept)
    expect(await parse(second)).not.toBe(dropped)
  })
})
