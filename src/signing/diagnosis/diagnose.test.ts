import { beforeAll, describe, expect, it } from 'vitest'
import { bytesToBase64 } from '../base64'
import { type Certificate, parseCertificate } from '../certificate'
import { generateDevIdentity } from '../dev-identity'
import { digestHeader } from '../digest'
import { OFFLINE_TEST_IDENTITY } from '../offline-test-identity'
import { importPrivateKeyPem } from '../private-key'
import { signRsaSha256 } from '../rsa'
import { createRequestSigner } from '../signer'
import { diagnoseRequest, type SuspectRequest } from '.'

const NOW = new Date('2027-03-02T10:20:30Z')
const URL = '/v1/sandbox/card-accounts/abc/transactions'
const BODY = '[{"merchantCategoryCode":"5411"}]'
let certificate: Certificate
let privateKey: CryptoKey

beforeAll(async () => {
  certificate = await parseCertificate(OFFLINE_TEST_IDENTITY.certificatePem)
  privateKey = await importPrivateKeyPem(OFFLINE_TEST_IDENTITY.privateKeyPem)
})

async function signed(
  extra: Record<string, string> = {},
): Promise<SuspectRequest & { headers: [string, string][] }> {
  const signer = createRequestSigner({ privateKey, certificate, now: () => NOW })
  const { headers } = await signer.sign({ method: 'POST', url: URL, headers: extra, body: BODY })
  return {
    method: 'POST',
    url: URL,
    headers: Object.entries(headers),
    body: new TextEncoder().encode(BODY),
    bodySource: 'exact',
  }
}

const withHeader = (request: SuspectRequest, name: string, value: string | undefined): SuspectRequest => ({
  ...request,
  headers: [
    ...request.headers.filter(([key]) => key.toLowerCase() !== name.toLowerCase()),
    ...(value === undefined ? [] : [[name, value] as const]),
  ],
})
const header = (request: SuspectRequest, name: string) =>
  request.headers.find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1] ?? ''

async function findings(request: SuspectRequest, certificateText?: string) {
  const diagnosis = await diagnoseRequest(request, {
    now: NOW,
    ...(certificateText ? { certificate: certificateText } : {}),
  })
  // The verdict and the findings never disagree about a refusal, unless the body needed to judge it is missing.
  expect(diagnosis.verdict.ok || diagnosis.needsBody).toBe(
    !diagnosis.findings.some((f) => f.verdict === 'refused'),
  )
  return diagnosis.findings.map((f) => `${f.id}/${f.verdict}`)
}

/** Signs `signingString` as a client would, into a Signature header with the given keyId and list. */
async function signature(signingString: string, headers: string, keyId: string) {
  const value = await signRsaSha256(privateKey, signingString)
  return `keyId="${keyId}",algorithm="rsa-sha256",headers="${headers}",signature="${value}"`
}

describe('diagnoseRequest beyond the corpus', () => {
  it('finds nothing in a request the signer made', async () => {
    expect(await findings(await signed({ 'PSU-ID': '13039319955' }))).toEqual([])
  })

  it('a missing or unreadable Signature', async () => {
    const request = await signed()
    expect(await findings(withHeader(request, 'Signature', undefined))).toEqual(['signature-missing/refused'])
    expect(await findings(withHeader(request, 'Signature', 'keyId=abc'))).toEqual([
      'signature-unparsable/refused',
    ])
    // Read as name="value" pairs, but short of what a signature needs: refused in the reader's words.
    const short = await diagnoseRequest(withHeader(request, 'Signature', 'keyId="k"'), { now: NOW })
    expect(short.findings.map((f) => [f.id, f.explanation.split('. ')[0]])).toEqual([
      ['signature-unparsable', 'Signature header: algorithm is missing or empty'],
    ])
  })

  it('no Date at all: accepted here, since date is signed where available', async () => {
    const signer = createRequestSigner({
      privateKey,
      certificate,
      now: () => NOW,
      signedHeaders: ['digest', 'x-request-id'],
    })
    const { headers } = await signer.sign({ method: 'GET', url: URL, headers: {} })
    const { Date: _, ...undated } = headers
    expect(
      await findings({ method: 'GET', url: URL, headers: Object.entries(undated), bodySource: 'none' }),
    ).toEqual(['date-absent/accepted-here'])
  })

  it('a header given twice, and a header listed but absent', async () => {
    const request = await signed()
    expect(
      await findings({
        ...request,
        headers: [...request.headers, ['x-request-id', header(request, 'X-Request-ID')]],
      }),
    ).toContain('header-duplicate/refused')
    const listed = withHeader(
      request,
      'Signature',
      header(request, 'Signature').replace('x-request-id"', 'x-request-id psu-id"'),
    )
    expect(await findings(listed)).toEqual(['header-listed-absent/refused'])
  })

  it('a keyId of another form, or naming another serial', async () => {
    const request = await signed()
    const sig = header(request, 'Signature')
    const colons = certificate.serialHex.match(/../g)?.join(':')
    expect(
      await findings(
        withHeader(request, 'Signature', sig.replace(/keyId="[^"]*"/, `keyId="SN=${colons},CA=x"`)),
      ),
    ).toEqual(['keyid-form/refused'])
    expect(
      await findings(
        withHeader(
          request,
          'Signature',
          sig.replace(/keyId="[^"]*"/, `keyId="SN=0A1B,CA=${certificate.issuerDn.replace('ø', 'o')}"`),
        ),
      ),
    ).toEqual(['keyid-serial-mismatch/refused', 'keyid-ca-mismatch/refused'])
  })

  it('a lower-case serial and an issuer not written verbatim pass here only', async () => {
    const request = await signed()
    const keyId = `SN=${certificate.serialHex.toLowerCase()},CA=${certificate.issuerDn.replaceAll(',', ', ').replace('\\, ', '\\,')}`
    const sig = header(request, 'Signature').replace(
      /keyId="[^"]*"/,
      `keyId="=?utf-8?B?${bytesToBase64(new TextEncoder().encode(keyId))}?="`,
    )
    expect(await findings(withHeader(request, 'Signature', sig))).toEqual([
      'keyid-serial-case/accepted-here',
      'keyid-ca-not-verbatim/accepted-here',
    ])
  })

  it('a signing string ending with a newline', async () => {
    const request = await signed()
    const lines = ['date', 'digest', 'x-request-id']
      .map((name) => `${name}: ${header(request, name)}`)
      .join('\n')
    const keyId = /keyId="([^"]*)"/.exec(header(request, 'Signature'))?.[1] ?? ''
    const sig = await signature(`${lines}\n`, 'date digest x-request-id', keyId)
    expect(await findings(withHeader(request, 'Signature', sig))).toEqual(['signing-string-format/refused'])
  })

  it('a Digest in hex names the cause; a body only named by curl is not judged', async () => {
    const request = await signed()
    const hex = Array.from(
      new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(BODY))),
      (b) => b.toString(16).padStart(2, '0'),
    ).join('')
    const diagnosis = await diagnoseRequest(withHeader(request, 'Digest', `SHA-256=${hex}`), { now: NOW })
    expect(diagnosis.findings[0]?.explanation).toContain('written in hex')
    expect(await findings({ ...request, body: new Uint8Array(), bodySource: 'unknown' })).toEqual([
      'body-unknown/note',
    ])
  })

  it('a certificate that cannot be read, and a pasted one whose key signed', async () => {
    const request = await signed()
    expect(await findings(withHeader(request, 'TPP-Signature-Certificate', 'bm90IGEgY2VydA=='))).toEqual([
      'certificate-invalid/refused',
    ])
    const other = await generateDevIdentity({ commonName: 'Other', now: NOW })
    const sent = withHeader(
      request,
      'TPP-Signature-Certificate',
      (await parseCertificate(other.certificatePem)).base64Der,
    )
    const diagnosis = await diagnoseRequest(sent, {
      now: NOW,
      certificate: OFFLINE_TEST_IDENTITY.certificatePem,
    })
    expect(diagnosis.findings.map((f) => f.id)).toEqual([
      'keyid-serial-mismatch',
      'keyid-ca-mismatch',
      'certificate-key-mismatch',
      'certificate-differs',
    ])
    expect(diagnosis.findings[2]?.explanation).toContain("made with the pasted certificate's key")
  })

  it('never says "no problem" of a request the sandbox refuses', async () => {
    // A Digest with two SHA-256 entries: the verifier reads the first.
    const request = await signed()
    const digest = await digestHeader('other')
    const diagnosis = await diagnoseRequest(
      withHeader(request, 'Digest', `${header(request, 'Digest')}, ${digest}`),
      { now: NOW },
    )
    expect(diagnosis.verdict.ok).toBe(false)
    expect(diagnosis.findings.map((f) => f.verdict)).toContain('refused')
  })

  it('judges a request whose header value runs to a megabyte, as a server reads it', async () => {
    // Such a value once overflowed the stack when re-read as ISO-8859-1, and Explain showed nothing.
    const request = withHeader(await signed(), 'X-Note', 'ø'.repeat(500_000))
    const diagnosis = await diagnoseRequest(request, { now: NOW })
    expect(diagnosis.verdict.ok).toBe(true)
  })
})
