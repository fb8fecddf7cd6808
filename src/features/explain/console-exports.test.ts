// @vitest-environment happy-dom
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiClient, createApiClient, type RequestLogEntry } from '../../api'
import { API_BASE } from '../../contract'
import { setupSandboxServer } from '../../sandbox-http/node'
import { createRequestSigner, importPrivateKeyPem, parseCertificate } from '../../signing'
import { OFFLINE_TEST_IDENTITY } from '../../signing/offline-test-identity'
import type { TamperScenario } from '../../signing/tamper-scenarios'
import { signedUpstreamRequest } from '../../signing/upstream-request'
import { transaction } from '../../test/seed'
import { curlCommand, proxyCurlCommand, signedCurlCommand } from '../inspector/curl'
import { toHar } from '../share/har'
import { REDACTED } from '../share/redact'
import { CONSOLE_HAR_CREATOR, type Explanation, explainRequest } from './console-exports'
import { readRequest } from './read-request'

const { server } = setupSandboxServer({
  basePath: new URL(API_BASE, location.href).href,
  proxyStandIn: true,
})
let offline: RequestLogEntry[]
let proxied: RequestLogEntry[]

/** A session the console really sent offline: an account created, transactions added and read. */
async function offlineSession(api: ApiClient): Promise<RequestLogEntry[]> {
  const created = await api.createCardAccount({
    maskedPan: '525412******3241',
    currency: 'NOK',
    customerNumber: '13039319955',
  })
  const id = created.id ?? ''
  await api.createTransactions(id, [transaction()])
  await api.listTransactions(id, { bookingStatus: 'both' }, { corporateId: 'ACME-4711' })
  return api.log.snapshot().filter((entry): entry is RequestLogEntry => entry.kind === 'request')
}

/**
 * The same session as the proxy would have logged it: the browser's request unsigned, and the request the
 * proxy signed with the same signer, spoiled as the Signature switch asks, and sent upstream, as
 * server/proxy/forward.ts builds it.
 */
async function asProxied(entries: RequestLogEntry[], tamper?: TamperScenario): Promise<RequestLogEntry[]> {
  const signer = createRequestSigner({
    privateKey: await importPrivateKeyPem(OFFLINE_TEST_IDENTITY.privateKeyPem),
    certificate: await parseCertificate(OFFLINE_TEST_IDENTITY.certificatePem),
  })
  const browserSigned = ['signature', 'digest', 'tpp-signature-certificate', 'x-console-date', 'x-request-id']
  return Promise.all(
    entries.map(async (entry) => {
      const requestHeaders = entry.requestHeaders.filter(([name]) => !browserSigned.includes(name))
      const path = entry.url.slice(API_BASE.length)
      const body = entry.requestBody === undefined ? undefined : new TextEncoder().encode(entry.requestBody)
      const { headers, trace } = await signedUpstreamRequest({
        sign: (parts, options) => signer.sign(parts, options),
        request: {
          method: entry.method,
          url: path,
          headers: Object.fromEntries(requestHeaders),
          ...(body ? { body } : {}),
        },
        tamper,
        upstream: `https://sandbox.bank.test${path}`,
        host: 'sandbox.bank.test',
        ...(body ? { contentLength: body.byteLength } : {}),
        fullTrace: true,
      })
      return {
        ...entry,
        requestHeaders,
        upstream: {
          url: `https://sandbox.bank.test${path}`,
          headers: Object.entries(headers),
          signing: { signingString: trace.signingString, keyId: trace.keyId },
        },
      }
    }),
  )
}

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' })
  offline = await offlineSession(createApiClient({ mode: 'offline' }))
  proxied = await asProxied(offline)
})
afterAll(() => server.close())

async function explain(text: string, { entry = 0, now = new Date() } = {}): Promise<Explanation> {
  const reading = readRequest({ text }, entry)
  if (!reading.ok) throw new Error(reading.reason)
  return explainRequest(reading.request, { now, harCreator: reading.creator })
}

/** Each entry of the HAR, opened an hour after it was exported. */
async function explainHar(har: ReturnType<typeof toHar>): Promise<Explanation[]> {
  const text = JSON.stringify(har)
  const now = new Date(Date.now() + 3_600_000)
  return Promise.all(har.log.entries.map((_, entry) => explain(text, { entry, now })))
}

const findingsOf = (explanations: Explanation[]) =>
  explanations.flatMap((e) => e.diagnosis?.findings ?? []).map((f) => `${f.id}: ${f.title}`)

describe("Explain reads every export of the console's own", () => {
  it('a session of three requests, all signed and accepted', () => {
    expect(offline.map((e) => `${e.method} ${e.status}`)).toEqual(['GET 200', 'POST 201', 'POST 201'])
  })

  it('the offline HAR: signed as the proxy signs, its Date sent as Date, no finding', async () => {
    const har = toHar(offline, location.origin, { redact: false })
    expect(har.log.creator.name).toBe(CONSOLE_HAR_CREATOR)
    const explanations = await explainHar(har)
    expect(findingsOf(explanations)).toEqual([])
    for (const explanation of explanations) {
      expect(explanation.diagnosis?.verdict.ok).toBe(true)
      expect(explanation.information).toEqual([expect.stringMatching(/^Judged as of its Date/)])
    }
  })

  it('the Proxy mode HAR, of the requests the proxy signed: no finding', async () => {
    const explanations = await explainHar(toHar(proxied, location.origin, { redact: false }))
    expect(findingsOf(explanations)).toEqual([])
    expect(explanations.map((e) => e.diagnosis?.verdict.ok)).toEqual([true, true, true])
  })

  it('the signed upstream curl: no finding', async () => {
    const explanations = await Promise.all(proxied.map((e) => explain(signedCurlCommand(e) ?? '')))
    expect(findingsOf(explanations)).toEqual([])
    expect(explanations.map((e) => e.diagnosis?.verdict.ok)).toEqual([true, true, true])
  })

  it('"Copy as curl" of both modes: a request for the proxy, which signs it, said so and not judged', async () => {
    const commands = [
      ...proxied.map((e) => curlCommand(e, location.origin)),
      ...offline.map((e) => proxyCurlCommand(e, location.origin)),
    ]
    const explanations = await Promise.all(commands.map((command) => explain(command)))
    expect(findingsOf(explanations)).toEqual([])
    for (const explanation of explanations) {
      expect(explanation.diagnosis).toBeUndefined()
      expect(explanation.information.join()).toMatch(/addressed to the console's proxy/)
      // The way to the signed request is named as it exists in either mode: offline has no signed curl copy.
      expect(explanation.information.join()).toContain(
        'paste the signed request instead: a HAR from Explain & share → Share… → Export HAR, or, in Proxy mode, the inspector\'s "Copy signed request as curl"',
      )
    }
  })

  it('a HAR exported with personal values redacted: "cannot be verified: redacted", never a finding', async () => {
    const har = toHar(offline, location.origin, { redact: true })
    expect(JSON.stringify(har)).toContain(REDACTED)
    const explanations = await explainHar(har)
    expect(findingsOf(explanations)).toEqual([])
    // Oldest first, as HAR lists them.
    const [createAccount, createTransactions, read] = explanations
    // The read signs its PSU-Corporate-ID; the account's body holds the customer number.
    expect(read?.unverifiable).toBe(true)
    expect(read?.information.join()).toMatch(/The signature cannot be verified: redacted.*psu-corporate-id/)
    expect(createAccount?.unverifiable).toBe(true)
    expect(createAccount?.information.join()).toMatch(/The Digest cannot be verified: redacted/)
    // Nothing personal in it, but its signature's value is redacted too: nothing replays from the file.
    expect(createTransactions?.unverifiable).toBe(true)
    expect(createTransactions?.information.join()).toMatch(/replaced the Signature's value/)
  })
})

describe('Explain of the signed upstream curl of a request the Signature switch spoiled', () => {
  /** The findings for "Copy signed request as curl" of the session's POST of transactions, pasted. */
  async function findingsWith(tamper: TamperScenario) {
    const [, createTransactions] = await asProxied(offline, tamper)
    const explanation = await explain(createTransactions ? (signedCurlCommand(createTransactions) ?? '') : '')
    expect(explanation.diagnosis?.verdict).toMatchObject({ ok: false, code: 'SIGNATURE_INVALID' })
    return explanation.diagnosis?.findings ?? []
  }

  // A first-time tester was told the certificate did not match the key, of a request whose certificate
  // and key were right: only the signature's bytes had been changed.
  it('Bad signature: says the signature does not verify, and names both causes with a fix each', async () => {
    const findings = await findingsWith('bad-signature')
    expect(
      findings.map(({ id, verdict, title, explanation, fix }) => ({ id, verdict, title, explanation, fix })),
    ).toEqual([
      {
        id: 'signature-does-not-verify',
        verdict: 'refused',
        title: "The signature does not verify with the certificate's public key",
        explanation:
          "Read with the public key of the certificate in TPP-Signature-Certificate, the signature holds no hash of anything, and the request alone cannot tell why. Either the client signed with another key than this certificate's, or the signature's value was changed after signing (cut short, re-encoded or altered on the way).",
        fix: 'If the client signs with another key: send the certificate that belongs to the signing key (and name its serial and issuer in keyId), or sign with the key of the certificate you send. If the value was changed: send the Signature header exactly as the signer wrote it.',
      },
    ])
  })

  it('the other switches keep their precise diagnoses', async () => {
    const ids = async (tamper: TamperScenario) =>
      (await findingsWith(tamper)).map((f) => `${f.id}: ${f.title}`)
    expect(await ids('missing-digest')).toEqual([
      'digest-missing: The Digest header is missing',
      'header-listed-absent: The headers list names digest, but the request does not carry it',
    ])
    // Signed ten minutes ago, whole: its age is all that is wrong with it.
    expect(await ids('stale-date')).toEqual(['date-stale: The Date is too far from now'])
    // keyId still names the certificate that signed: the request itself says another one was sent.
    expect(await ids('wrong-certificate')).toEqual([
      "keyid-serial-mismatch: The keyId serial is not the certificate's serial",
      'certificate-key-mismatch: The certificate does not match the key that signed',
    ])
  })
})
