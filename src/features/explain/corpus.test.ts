import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { digestHeader } from '../../signing'
import { diagnoseRequest } from '../../signing/diagnosis'
import { readRequest } from './read-request'

// Requests signed with the offline TEST identity and broken one way each, written by
// scripts/generate-diagnosis-corpus.ts; what the diagnosis must say of each is in expected.json.
const corpus = new URL('./corpus/', import.meta.url)
const file = (name: string) => new Uint8Array(readFileSync(new URL(name, corpus)))

interface Expected {
  verdict: string
  certificate?: string
  harEntry?: number
  findings: { id: string; verdict: string; says: string }[]
}
const { now, requests } = JSON.parse(readFileSync(new URL('expected.json', corpus), 'utf8')) as {
  now: string
  requests: Record<string, Expected>
}

async function diagnoseFile(name: string, expected: Pick<Expected, 'certificate' | 'harEntry'> = {}) {
  const reading = readRequest({ bytes: file(name) }, expected.harEntry)
  if (!reading.ok) throw new Error(`${name}: ${reading.reason}`)
  const certificate = expected.certificate ? new TextDecoder().decode(file(expected.certificate)) : undefined
  const diagnosis = await diagnoseRequest(reading.request, {
    now: new Date(now),
    ...(certificate ? { certificate } : {}),
  })
  return { reading, diagnosis }
}

describe('the diagnosis corpus', () => {
  it('holds at least 15 broken requests and some good ones, each file with its expectation', () => {
    const good = Object.values(requests).filter((r) => r.verdict === 'accepted' && r.findings.length === 0)
    expect(Object.keys(requests).length - good.length).toBeGreaterThanOrEqual(15)
    expect(good.length).toBeGreaterThanOrEqual(3)
    const onDisk = readdirSync(corpus).filter((name) => !/\.(json|pem)$/.test(name))
    expect(onDisk.sort()).toEqual(Object.keys(requests).sort())
  })

  for (const [name, expected] of Object.entries(requests)) {
    it(`${name}: ${expected.findings.map((f) => f.id).join(', ') || 'no problem found'}`, async () => {
      const { diagnosis } = await diagnoseFile(name, expected)
      expect(diagnosis.verdict.ok ? 'accepted' : diagnosis.verdict.code).toBe(expected.verdict)
      expect(diagnosis.findings.map(({ id, verdict }) => ({ id, verdict }))).toEqual(
        expected.findings.map(({ id, verdict }) => ({ id, verdict })),
      )
      expected.findings.forEach((want, i) => {
        const got = diagnosis.findings[i]
        expect(`${got?.title} ${got?.explanation} ${got?.fix}`).toContain(want.says)
      })
      // What the sandbox does and what the diagnosis says agree: refused exactly when a finding says so.
      expect(diagnosis.verdict.ok).toBe(!diagnosis.findings.some((f) => f.verdict === 'refused'))
    })
  }

  // Spec §5.3: the sandbox refuses a keyId with raw non-ASCII, and Explain says why in the same words,
  // whether its bytes came as UTF-8 (the file) or as the letters themselves (pasted text).
  it.each(['file', 'pasted text'])('refuses a keyId not RFC 2047-encoded, read from a %s', async (from) => {
    const bytes = file('keyid-not-rfc2047.http')
    const reading = readRequest(from === 'file' ? { bytes } : { text: new TextDecoder().decode(bytes) })
    if (!reading.ok) throw new Error(reading.reason)
    const diagnosis = await diagnoseRequest(reading.request, { now: new Date(now) })
    expect(diagnosis.verdict).toMatchObject({ ok: false, code: 'SIGNATURE_INVALID' })
    expect(diagnosis.verdict.ok ? '' : diagnosis.verdict.reason).toMatch(/RFC 2047/)
    expect(diagnosis.findings.map((f) => [f.id, f.verdict])).toEqual([['rfc2047-needed', 'refused']])
    expect(diagnosis.findings[0]?.title).toMatch(/RFC 2047/)
  })

  it('shows both hashes for a Digest over other bytes', async () => {
    const { reading, diagnosis } = await diagnoseFile('digest-reserialised.curl')
    const compact = JSON.stringify(
      JSON.parse(new TextDecoder().decode(reading.ok ? reading.request.body : undefined)),
    )
    expect(diagnosis.findings[0]?.details).toEqual([
      { label: 'Digest in the request', value: await digestHeader(compact) },
      {
        label: 'Digest of the body as received',
        value: await digestHeader(reading.ok ? reading.request.body : undefined),
      },
    ])
  })

  it('says that line endings may have changed when the body was pasted as text', async () => {
    const pasted = new TextDecoder().decode(file('digest-trailing-newline.http'))
    const reading = readRequest({ text: pasted })
    if (!reading.ok) throw new Error(reading.reason)
    expect(reading.request.bodySource).toBe('pasted-text')
    const diagnosis = await diagnoseRequest(reading.request, { now: new Date(now) })
    expect(diagnosis.findings[0]?.explanation).toContain(
      'line endings (CRLF or LF) or its charset may have changed',
    )
  })

  it('rebuilds the signing string the bank builds', async () => {
    const { diagnosis } = await diagnoseFile('signing-string-order.http')
    expect(diagnosis.signingString).toBe(
      'date: Mon, 23 Nov 2026 12:00:00 GMT\ndigest: SHA-256=2AIm5GPA3nw4wRvnerfF1eu4GU1ii4JjNvJMxiQvjQM=\nx-request-id: 3f1c9a52-6d0e-4b8a-9c21-5e7f0a4d2b11',
    )
    expect(diagnosis.findings[0]?.details.map((d) => d.label)).toEqual([
      'What the client signed',
      'What the bank builds',
    ])
  })
})
