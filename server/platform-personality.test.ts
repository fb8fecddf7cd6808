// `npm start` against a sandbox shaped like the bank's platform (SANDBOX_PERSONALITY=platform's handlers)
// behind /api-sandbox over HTTPS, signing with an encrypted key whose CA has a name that is not ASCII (not
// even Latin-1): the keyId's CA= travels RFC 2047-encoded, and the sandbox, pinned to that CA, only answers
// when our verifier and our DN handling agree with our signer. Then the console's whole path, through /api.
import { createPrivateKey } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseJsonLossless } from '../src/contract'
import { personalities } from '../src/sandbox-http/personality'
import { type Certificate, parseCertificate } from '../src/signing'
import { decodeConsoleTrace } from '../src/signing/console-trace'
import { generateDevIdentity } from '../src/signing/dev-identity'
import { sameDn } from '../src/signing/dn'
import { decodeParameterValue, encodeParameterValue } from '../src/signing/rfc2047'
import { parseSignatureHeader } from '../src/signing/signature-header'
import { platformExamples } from '../src/test/platform/examples'
import { createSandboxService } from './sandbox-service'
import { type ConsoleServer, startConsoleServer } from './test-support/console-process'
import { close, listen } from './test-support/http'
import { type TlsFront, tlsFront } from './test-support/tls-front'

const PASSPHRASE = 'bånk pässphrase'
const CA_DN = 'CN=Bånk Tëst CA,O=Sandbox Øst,L=Łódź'
const ACCOUNTS = '/api/v1/sandbox/card-accounts'
const ENC_ID = /^enc!![A-Za-z0-9_-]{86}==$/

let dir: string
let sandbox: Server
let front: TlsFront
let app: ConsoleServer
let ca: Certificate
let tpp: Certificate

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'platform-personality-'))
  const identity = await generateDevIdentity({
    commonName: 'Plätform TPP',
    organization: 'Test TPP',
    caDn: CA_DN,
  })
  ca = await parseCertificate(identity.caCertificatePem)
  tpp = await parseCertificate(identity.certificatePem)
  const platform = personalities.platform
  sandbox = createSandboxService({
    personality: platform,
    signatures: { kind: 'verify', trustedCa: ca },
    maxBodyBytes: 1024 * 1024,
  })
  front = await tlsFront(await listen(sandbox))
  const encryptedKey = createPrivateKey(identity.privateKeyPem).export({
    type: 'pkcs8',
    format: 'pem',
    cipher: 'aes-256-cbc',
    passphrase: PASSPHRASE,
  })
  writeFileSync(join(dir, 'tpp-cert.pem'), identity.certificatePem)
  writeFileSync(join(dir, 'tpp-key.pem'), encryptedKey, { mode: 0o600 })
  writeFileSync(join(dir, 'sandbox-tls.pem'), front.certificatePem)
  app = await startConsoleServer({
    SANDBOX_BASE_URL: `${front.url}${platform.basePath}`,
    TPP_CERT: join(dir, 'tpp-cert.pem'),
    TPP_KEY: join(dir, 'tpp-key.pem'),
    TPP_KEY_PASSPHRASE: PASSPHRASE,
    NODE_EXTRA_CA_CERTS: join(dir, 'sandbox-tls.pem'),
  })
}, 60_000)

afterAll(async () => {
  await app?.stop()
  await front?.close()
  if (sandbox) await close(sandbox)
  rmSync(dir, { recursive: true, force: true })
})

const post = (path: string, body: string) =>
  fetch(`${app.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })

describe('the signature of a CA whose name is not ASCII', () => {
  it('names the CA in RFC 4514 with its letters, and the keyId travels as an RFC 2047 word', async () => {
    expect(ca.subjectDn).toBe(CA_DN)
    expect(tpp.issuerDn).toBe(CA_DN)
    expect(app.output()).toContain(
      `signing as CN=Plätform TPP,O=Test TPP (keyId SN=${tpp.serialHex},CA=${CA_DN})`,
    )

    const created = await post(ACCOUNTS, platformExamples.cardAccountCreate)
    expect(created.status).toBe(201)
    const trace = decodeConsoleTrace(created.headers.get('x-console-trace'))
    const signature = Object.entries(trace?.requestHeaders ?? {}).find(
      ([name]) => name.toLowerCase() === 'signature',
    )?.[1]
    const keyId = `SN=${tpp.serialHex},CA=${CA_DN}`
    expect(signature).toContain(`keyId="${encodeParameterValue(keyId)}"`)
    expect(encodeParameterValue(keyId)).toMatch(/^=\?utf-8\?B\?[A-Za-z0-9+/=]+\?=$/)
    // This caller sends no console secret, so the trace withholds the signature's value: parse the rest.
    expect(signature).toContain('signature="(withheld)"')
    const parsed = parseSignatureHeader((signature ?? '').replace('(withheld)', 'AA=='))
    expect(parsed.ok && parsed.value.keyId).toBe(keyId)
    const decoded = decodeParameterValue(encodeParameterValue(keyId))
    expect(decoded.ok && sameDn(decoded.value.replace(/^SN=[0-9A-F]+,CA=/, ''), ca.subjectDn)).toBe(true)
    // The sandbox pinned to that CA verified it (a 201), and, shaped like the bank, adds no header of its own.
    expect(created.headers.get('x-sandbox-verification')).toBeNull()
    expect(trace?.upstream).toBe(`${front.url}/api-sandbox/v1/sandbox/card-accounts`)
  }, 30_000)
})

describe("the platform personality's OpenAPI document", () => {
  it('describes what it offers, where: no account list, served under /api-sandbox', async () => {
    // Behind its TLS front, whose certificate only the console process trusts: read it on the plain port.
    const origin = `http://127.0.0.1:${(sandbox.address() as AddressInfo).port}`
    expect((await fetch(`${origin}/openapi.json`)).status).toBe(404)
    const plain = await fetch(`${origin}/api-sandbox/openapi.json`)
    const document = (await plain.json()) as {
      servers: { url: string }[]
      paths: Record<string, Record<string, unknown>>
    }
    expect(document.servers[0]?.url).toBe('/api-sandbox')
    expect(Object.keys(document.paths['/v1/sandbox/card-accounts'] ?? {})).toEqual(['post'])
  })
})

describe('npm start against the platform personality behind /api-sandbox', () => {
  it('relays the missing account list as the 405 it is, allowing POST', async () => {
    const answer = await fetch(`${app.url}${ACCOUNTS}`)
    expect(answer.status).toBe(405)
    expect(answer.headers.get('allow')).toBe('POST, OPTIONS')
    expect(await answer.json()).toMatchObject({ tppMessages: [{ code: 'SERVICE_INVALID' }] })
  }, 30_000)

  it('creates an account, reads it by its enc!! id, adds transactions and lists them as the platform writes them', async () => {
    const created = await post(ACCOUNTS, platformExamples.cardAccountCreate)
    expect(created.status).toBe(201)
    const createdText = await created.text()
    expect(createdText).toContain('"creditLimit":{"currency":"NOK","amount":"1000"}')
    const { resourceId } = parseJsonLossless(createdText) as { resourceId: string }
    expect(resourceId).toMatch(ENC_ID)
    const accountPath = `${ACCOUNTS}/${encodeURIComponent(resourceId)}`
    // The proxy maps the upstream's Location (under /api-sandbox) onto its own /api.
    expect(created.headers.get('location')).toBe(accountPath)

    const read = await fetch(`${app.url}${accountPath}`)
    expect(read.status).toBe(200)
    const readText = await read.text()
    expect((parseJsonLossless(readText) as { resourceId: string }).resourceId).toBe(resourceId)
    expect(readText).toContain('"status":"ENABLED"')

    const added = await post(`${accountPath}/transactions`, platformExamples.cardTransactionsCreate)
    expect(added.status).toBe(201)
    expect(await added.text()).toBe('')
    const pending = JSON.stringify([
      {
        cardTransactionId: 'test-3',
        bookingStatus: 'pending',
        transactionDate: '2019-05-10',
        transactionAmount: { currency: 'NOK', amount: '12345678901234.567' },
        originalAmount: { currency: 'EUR', amount: '-0.9' },
        merchantCategoryCode: 'TEST',
      },
    ])
    expect((await post(`${accountPath}/transactions`, pending)).status).toBe(201)

    const listed = await fetch(`${app.url}${accountPath}/transactions?bookingStatus=both`)
    expect(listed.status).toBe(200)
    const text = await listed.text()
    expect(text).toContain('"transactionAmount":{"currency":"NOK","amount":"100"}')
    const page = parseJsonLossless(text) as {
      cardAccount: { maskedPan: string }
      cardTransactions: {
        booked: { cardTransactionId: string }[]
        pending: unknown[]
        _links: { first: { href: string } }
      }
    }
    expect(page.cardAccount.maskedPan).toBe('1234xxxxxxxx4321')
    expect(page.cardTransactions.booked.map((tx) => tx.cardTransactionId)).toEqual(['test-2', 'test-1'])
    expect(page.cardTransactions.pending).toEqual(['test-3 2019-05-10 12345678901234.567 NOK TEST'])
    // The platform links under its base path; the proxy maps that onto its own /api
    // (docs/decisions.md#links-through-the-proxy).
    expect(page.cardTransactions._links.first.href).toBe(
      `/api/v1/sandbox/card-accounts/${encodeURIComponent(resourceId)}/transactions?bookingStatus=both&offset=0&limit=200`,
    )
  }, 30_000)
})

describe('npm start with SANDBOX_PERSONALITY=platform', () => {
  it('shapes its own local sandbox like the platform, under /api-sandbox', async () => {
    const local = await startConsoleServer({ SANDBOX_PERSONALITY: 'platform' })
    try {
      expect(local.output()).toMatch(
        /\/api -> signing proxy -> http:\/\/127\.0\.0\.1:\d+\/api-sandbox \(local sandbox/,
      )
      expect(local.output()).toContain('personality platform:')
      expect((await fetch(`${local.url}${ACCOUNTS}`)).status).toBe(405)
      const created = await fetch(`${local.url}${ACCOUNTS}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: platformExamples.cardAccountCreate,
      })
      expect(created.status).toBe(201)
      expect((parseJsonLossless(await created.text()) as { resourceId: string }).resourceId).toMatch(ENC_ID)
    } finally {
      await local.stop()
    }
  }, 60_000)
})
