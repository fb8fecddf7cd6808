// The whole chain over real sockets: client -> console (proxy) -> local upstream that verifies every signature.
import { randomUUID } from 'node:crypto'
import type { Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { localToday } from '../src/contract'
import { createRequestSigner, parseCertificate } from '../src/signing'
import { loadPrivateKey } from '../src/signing/node/load-private-key'
import { OFFLINE_TEST_IDENTITY } from '../src/signing/offline-test-identity'
import { createApp } from './app'
import { type DevIdentity, loadOrCreateDevIdentity } from './identity'
import { type LocalUpstream, startLocalUpstream } from './local-upstream'
import { close, json, listen, send, traceOf } from './test-support/http'
import { tempFolder } from './test-support/temp-folder'

const dir = tempFolder('console-identity-')
let dev: DevIdentity
let upstream: LocalUpstream
let app: Server
let port = 0
const ACCOUNTS = '/api/v1/sandbox/card-accounts'
const REQUEST_ID = '5f0c1d2e-3b4a-4c5d-8e6f-7a8b9c0d1e2f'

beforeAll(async () => {
  dev = await loadOrCreateDevIdentity(dir)
  upstream = await startLocalUpstream({ trustedCa: dev.ca, maxBodyBytes: 1024 * 1024 })
  const signer = createRequestSigner(dev.identity)
  app = createApp({
    staticDir: dir,
    upstream: {
      baseUrl: upstream.url,
      sign: (request) => signer.sign(request),
      connectTimeoutMs: 2_000,
      totalTimeoutMs: 10_000,
      maxBodyBytes: 1024 * 1024,
    },
    log: () => {},
  })
  port = await listen(app)
}, 30_000)

afterAll(async () => {
  await close(app)
  await close(upstream.server)
})

// A new X-Request-ID for each request: the proxy never signs one twice.
const jsonHeaders = () => ({ 'content-type': 'application/json', 'x-request-id': randomUUID() })

async function createAccount(): Promise<string> {
  const answer = await send(port, ACCOUNTS, {
    method: 'POST',
    headers: jsonHeaders(),
    body: JSON.stringify({
      maskedPan: '1234********5678',
      currency: 'EUR',
      customerNumber: '13039319955',
      customerType: 'private',
    }),
  })
  expect(answer.status).toBe(201)
  return (json(answer) as { resourceId: string }).resourceId
}

describe('console -> proxy -> verifying local upstream', () => {
  it('creates a card account; the answer carries the verification, the trace and the request id', async () => {
    const answer = await send(port, ACCOUNTS, {
      method: 'POST',
      headers: { ...jsonHeaders(), 'x-request-id': REQUEST_ID },
      body: JSON.stringify({ maskedPan: '4321********8765', currency: 'EUR', customerNumber: '13039319955' }),
    })
    expect(answer.status).toBe(201)
    const account = json(answer) as { resourceId: string }
    expect(answer.headers.location).toBe(`${ACCOUNTS}/${account.resourceId}`)
    expect(answer.headers['x-request-id']).toBe(REQUEST_ID)
    const { certificate } = dev.identity
    const keyId = `SN=${certificate.serialHex},CA=${certificate.issuerDn}`
    expect(answer.headers['x-sandbox-verification']).toBe(`verified keyId=${keyId}`)

    const trace = traceOf(answer.headers)
    expect(trace.keyId).toBe(keyId)
    expect(trace.upstream).toBe(`${upstream.url.origin}/v1/sandbox/card-accounts`)
    expect(trace.requestHeaders).toMatchObject({
      'X-Request-ID': REQUEST_ID,
      'TPP-Signature-Certificate': certificate.base64Der,
      Signature: expect.stringContaining(`keyId="${keyId}"`),
    })
    expect(trace.signingString).toMatch(/^date: .+\ndigest: SHA-256=.+\nx-request-id: 5f0c1d2e-/)
    // The key itself never leaves the proxy.
    expect(JSON.stringify(answer.headers)).not.toMatch(/PRIVATE KEY/)
  })

  it('lists and reads card accounts', async () => {
    const id = await createAccount()
    const list = await send(port, ACCOUNTS)
    expect(list.status).toBe(200)
    expect((json(list) as { cardAccounts: Array<{ resourceId: string }> }).cardAccounts).toContainEqual(
      expect.objectContaining({ resourceId: id }),
    )
    const one = await send(port, `${ACCOUNTS}/${id}`)
    expect(one.status).toBe(200)
    expect(json(one)).toMatchObject({ resourceId: id, maskedPan: '1234********5678' })
  })

  it('adds transactions and lists them with filters and pagination', async () => {
    const id = await createAccount()
    const today = localToday()
    const booked = (day: string, amount: string) => ({
      bookingStatus: 'booked',
      transactionDate: day,
      bookingDate: day,
      transactionAmount: { currency: 'EUR', amount },
      originalAmount: { currency: 'EUR', amount },
      merchantCategoryCode: '5411',
    })
    const added = await send(port, `${ACCOUNTS}/${id}/transactions`, {
      method: 'POST',
      headers: { ...jsonHeaders(), 'psu-id': '13039319955' },
      body: JSON.stringify([booked(today, '-12.50'), booked(today, '-3.00'), booked(today, '7.25')]),
    })
    expect(added.status).toBe(201)
    // PSU-ID is present, so it is signed.
    expect(traceOf(added.headers).signingString).toContain('\npsu-id: 13039319955')

    const page = await send(
      port,
      `${ACCOUNTS}/${id}/transactions?bookingStatus=booked&fromDate=${today}&toDate=${today}&offset=1&limit=1`,
    )
    expect(page.status).toBe(200)
    const body = json(page) as {
      cardTransactions: { booked: Array<{ transactionAmount: { amount: string } }> }
    }
    expect(body.cardTransactions.booked).toHaveLength(1)
    expect(body.cardTransactions.booked[0]?.transactionAmount.amount).toBe('-3.00')
  })

  it('lets the sandbox 404 and 400 through unchanged, with their tppMessages and X-Request-ID', async () => {
    const missingId = randomUUID()
    const missing = await send(port, `${ACCOUNTS}/no-such-account/transactions?bookingStatus=booked`, {
      headers: { 'x-request-id': missingId },
    })
    expect(missing.status).toBe(404)
    expect(missing.headers['x-request-id']).toBe(missingId)
    expect(json(missing)).toMatchObject({ tppMessages: [{ code: 'RESOURCE_UNKNOWN' }] })

    const id = await createAccount()
    const badId = randomUUID()
    const bad = await send(port, `${ACCOUNTS}/${id}/transactions?bookingStatus=sometimes`, {
      headers: { 'x-request-id': badId },
    })
    expect(bad.status).toBe(400)
    expect(bad.headers['x-request-id']).toBe(badId)
    expect(bad.headers['x-sandbox-verification']).toMatch(/^verified keyId=/)
    expect(json(bad)).toMatchObject({ tppMessages: [{ code: 'FORMAT_ERROR', path: 'bookingStatus' }] })
  })
})

describe('the local upstream verifies strictly', () => {
  const path = '/v1/sandbox/card-accounts'

  async function signedWith(
    identity: { privateKey: CryptoKey; certificate: Awaited<ReturnType<typeof parseCertificate>> },
    init: { now?: Date; signedHeaders?: string[]; headers?: Record<string, string> } = {},
  ) {
    const signer = createRequestSigner({
      ...identity,
      ...(init.now ? { now: () => init.now as Date } : {}),
      ...(init.signedHeaders ? { signedHeaders: init.signedHeaders } : {}),
    })
    return (await signer.sign({ method: 'GET', url: path, headers: init.headers ?? {} })).headers
  }

  async function direct(headers: Record<string, string>, body?: string) {
    const answer = await send(Number(upstream.url.port), path, {
      method: body ? 'POST' : 'GET',
      headers,
      ...(body === undefined ? {} : { body }),
    })
    return { status: answer.status, message: (json(answer) as { tppMessages?: unknown[] }).tppMessages?.[0] }
  }

  it('accepts a request signed with the development identity', async () => {
    expect((await direct(await signedWith(dev.identity))).status).toBe(200)
  })

  it.each([
    ['no Signature', (h: Record<string, string>) => ({ ...h, Signature: undefined }), 'SIGNATURE_MISSING'],
    [
      'no certificate',
      (h: Record<string, string>) => ({ ...h, 'TPP-Signature-Certificate': undefined }),
      'CERTIFICATE_MISSING',
    ],
    [
      'a garbled certificate',
      (h: Record<string, string>) => ({ ...h, 'TPP-Signature-Certificate': 'bm90IGEgY2VydA==' }),
      'CERTIFICATE_INVALID',
    ],
    [
      'a changed X-Request-ID',
      (h: Record<string, string>) => ({ ...h, 'X-Request-ID': REQUEST_ID }),
      'SIGNATURE_INVALID',
    ],
  ])('refuses %s', async (_name, tamper, code) => {
    const headers = Object.fromEntries(
      Object.entries(tamper(await signedWith(dev.identity))).filter(([, value]) => value !== undefined),
    ) as Record<string, string>
    expect(await direct(headers)).toMatchObject({ status: 401, message: { code } })
  })

  it('refuses a body that does not match the Digest', async () => {
    const headers = await signedWith(dev.identity)
    const answer = await direct({ ...headers, 'content-type': 'application/json' }, '{"maskedPan":"x"}')
    expect(answer).toMatchObject({ status: 401, message: { code: 'SIGNATURE_INVALID', path: 'Digest' } })
  })

  it('refuses a Date more than 5 minutes off', async () => {
    const headers = await signedWith(dev.identity, { now: new Date(Date.now() - 6 * 60_000) })
    expect(await direct(headers)).toMatchObject({
      status: 401,
      message: { code: 'SIGNATURE_INVALID', path: 'Date' },
    })
  })

  it('refuses a signature that leaves out a required header', async () => {
    const headers = await signedWith(dev.identity, { signedHeaders: ['date', 'x-request-id'] })
    expect(await direct(headers)).toMatchObject({
      status: 401,
      message: { code: 'SIGNATURE_INVALID', text: expect.stringContaining('digest') },
    })
  })

  it('refuses a keyId that names another certificate', async () => {
    const headers = await signedWith(dev.identity)
    const forged = headers.Signature?.replace(/SN=[0-9A-F]+/, 'SN=1234') ?? ''
    expect(await direct({ ...headers, Signature: forged })).toMatchObject({
      status: 401,
      message: { code: 'SIGNATURE_INVALID', text: expect.stringContaining('keyId') },
    })
  })

  it('refuses a valid certificate from a CA it does not trust', async () => {
    const foreign = {
      privateKey: await loadPrivateKey(OFFLINE_TEST_IDENTITY.privateKeyPem),
      certificate: await parseCertificate(OFFLINE_TEST_IDENTITY.certificatePem),
    }
    expect(await direct(await signedWith(foreign))).toMatchObject({
      status: 401,
      message: { code: 'CERTIFICATE_INVALID', path: 'TPP-Signature-Certificate' },
    })
  })
})
