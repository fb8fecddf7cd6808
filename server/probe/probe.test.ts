// The probe learns each personality of `npm run sandbox` exactly, a profile no personality has when the
// sandbox serves it from a file, and keeps what it learned when the bank answers 429 half-way.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, request, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type BankTraits,
  bankProfileFileOf,
  bankTraitNames,
  definedTraits,
  personalityProfiles,
  visibleTraits,
} from '../../src/contract/bank-profile'
import { personalityNames } from '../../src/contract/personality-names'
import {
  NEEDS_BAD_SIGNATURES,
  PROBE_MAX_REQUESTS,
  type ProbeExchange,
  probeMaxRequests,
} from '../../src/contract/probe'
import type { createNodeRequestSigner } from '../../src/signing/node/node-signing-crypto'
import { createSandboxService } from '../sandbox-service'
import { readStandaloneSettings } from '../standalone-sandbox'
import { close, listen } from '../test-support/http'
import { probeIdentityIn } from '../test-support/probe-identity'
import type { BadSigners } from './bad-signatures'
import { type ProbeResult, probeReport, probeSandbox } from './probe'

let dir: string
let signer: ReturnType<typeof createNodeRequestSigner>
let badSigners: BadSigners
const servers: Server[] = []

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'probe-'))
  ;({ signer, badSigners } = await probeIdentityIn(dir))
}, 30_000)

afterAll(async () => {
  await Promise.all(servers.map(close))
  rmSync(dir, { recursive: true, force: true })
})

/** `npm run sandbox` with SANDBOX_PERSONALITY=<setting>, signatures checked, on a free port. */
async function startSandbox(setting: string) {
  const settings = await readStandaloneSettings({ SANDBOX_PERSONALITY: setting })
  const server = createSandboxService(settings)
  servers.push(server)
  const port = await listen(server)
  return new URL(`http://127.0.0.1:${port}${settings.personality.basePath}`)
}

/** The probe with the opt-in (the bad signatures) unless told otherwise. */
function probe(baseUrl: URL, { badSignatures = true } = {}) {
  return probeSandbox({
    baseUrl,
    signer,
    customerNumber: '13039319955',
    ...(badSignatures ? { badSigners } : {}),
  })
}

/** Traits right of the traits the expected profile settles, as a line for the test's output. */
function score(label: string, expected: BankTraits, result: ProbeResult) {
  const defined = definedTraits(expected)
  const right = defined.filter(
    (name) => JSON.stringify(result.traits[name]) === JSON.stringify(expected[name]),
  )
  console.info(`${label}: ${right.length}/${defined.length} traits right, ${result.requests} requests`)
}

/** Each trait's value as `{trait: value}`, so a failure names the trait. */
function expectTraits(result: ProbeResult, expected: BankTraits) {
  for (const name of bankTraitNames)
    expect({ [name]: result.traits[name] }).toEqual({ [name]: expected[name] })
}

// No personality combines these: books only, absolute links from the service root, pages of at most 25,
// numbers, enc ids, unknown parameters ignored, X-Request-IDs taken again.
const combinedProfile: BankTraits = {
  ...personalityProfiles.console,
  basePath: '/bank/sandbox',
  ids: 'enc',
  amounts: 'number',
  bookedOnly: true,
  pending: 'unknown',
  links: 'absolute',
  linksUnderBasePath: false,
  pageSizeDefault: 25,
  pageCap: { max: 25, above: 'lowered' },
  accountList: 'absent',
  consoleOperations: false,
  consoleHeaders: false,
  unknownQueryParams: 'ignored',
  reusedRequestId: 'accepted',
}

// Nor these: number amounts, an empty 201, strict keyIds, future dates accepted, problem details for
// errors, a signed Date required, accept-fix ignored, no pending array, no links, pages of 50 refused
// above 500, opaque ids.
const strictProfile: BankTraits = {
  ...personalityProfiles.console,
  basePath: '/psd2/sandbox',
  accountList: 'absent',
  ids: 'opaque',
  amounts: 'number',
  transactionsCreated: 'empty',
  keyId: 'strict',
  futureDates: 'accepted',
  errorBody: 'other',
  dateHeader: 'required',
  acceptFix: 'ignored',
  pending: 'absent',
  links: 'none',
  // No link shows where links start.
  linksUnderBasePath: 'unknown',
  pageSizeDefault: 50,
  pageCap: { max: 500, above: 'refused' },
  consoleOperations: false,
  consoleHeaders: false,
}

const madeProfiles = { combined: combinedProfile, strict: strictProfile }

describe('the probe against each personality of npm run sandbox', () => {
  for (const name of personalityNames) {
    it(`derives the ${name} personality's profile exactly`, async () => {
      const result = await probe(await startSandbox(name))
      const expected = visibleTraits(personalityProfiles[name])
      score(name, expected, result)
      expect(result.stopped).toBeUndefined()
      expect(result.requests).toBeLessThanOrEqual(probeMaxRequests(true))
      // Every trait it defines settled, and nothing settled that it leaves unknown.
      expect(result.traits).toEqual(expected)
    }, 60_000)
  }

  it('leaves Date and keyId unknown without the opt-in, saying why, and sends no bad signature', async () => {
    const result = await probe(await startSandbox('console'), { badSignatures: false })
    score('console without --bad-signatures', personalityProfiles.console, result)
    expect(result.traits).toEqual({ ...personalityProfiles.console, dateHeader: 'unknown', keyId: 'unknown' })
    expect(result.notProbed).toEqual({ dateHeader: NEEDS_BAD_SIGNATURES, keyId: NEEDS_BAD_SIGNATURES })
    expect(result.requests).toBeLessThanOrEqual(PROBE_MAX_REQUESTS)
  }, 60_000)
})

describe('a sandbox served from a profile file', () => {
  for (const [label, profile] of Object.entries(madeProfiles)) {
    it(`is derived trait by trait: ${label}`, async () => {
      const path = join(dir, `${label}.json`)
      writeFileSync(path, JSON.stringify(bankProfileFileOf(profile, { source: 'probe.test.ts' })))
      const result = await probe(await startSandbox(path))
      score(`profile file ${label}`, profile, result)
      expect(result.stopped).toBeUndefined()
      expect(result.requests).toBeLessThanOrEqual(probeMaxRequests(true))
      expectTraits(result, profile)
    }, 60_000)
  }

  it('refuses, at start, traits that contradict each other', async () => {
    const path = join(dir, 'unservable.json')
    writeFileSync(path, JSON.stringify(bankProfileFileOf({ ...combinedProfile, pageSizeDefault: 30 })))
    await expect(startSandbox(path)).rejects.toThrow(/pageSizeDefault 30 is above the page cap of 25/)
  })
})

/** A JSON value's shape: its keys and their types, an array as the shape of its first element. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.length === 0 ? [] : [shape(value[0])]
  if (typeof value !== 'object' || value === null) return value === null ? 'null' : typeof value
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, shape((value as Record<string, unknown>)[key])]),
  )
}

/** A page's rows and its links' form (absolute, from the base path or the root), for a page answer. */
function pageOf(json: unknown): { rows?: number; links?: string } {
  const lists = (json as { cardTransactions?: { booked?: unknown[]; _links?: { first?: { href: string } } } })
    ?.cardTransactions
  if (lists === undefined) return {}
  const href = lists._links?.first?.href
  return {
    rows: lists.booked?.length ?? 0,
    links:
      href === undefined
        ? 'none'
        : href.replace(/^https?:\/\/[^/]+/, 'origin').replace(/card-accounts\/.*$/, ''),
  }
}

/** A small battery, signed: each answer's status, JSON shape, and for a page its rows and link form. */
async function battery(baseUrl: URL) {
  const base = baseUrl.href.replace(/\/$/, '')
  async function call(method: string, path: string, body?: unknown) {
    const text = body === undefined ? undefined : JSON.stringify(body)
    const headers = {
      'X-Request-ID': crypto.randomUUID(),
      ...(text ? { 'Content-Type': 'application/json' } : {}),
    }
    const signed = await signer.sign({
      method,
      url: `${baseUrl.pathname.replace(/\/$/, '')}${path}`,
      headers,
      ...(text ? { body: text } : {}),
    })
    const answer = await fetch(`${base}${path}`, {
      method,
      headers: signed.headers,
      ...(text ? { body: text } : {}),
    })
    const answerText = await answer.text()
    const json = answerText === '' ? undefined : JSON.parse(answerText)
    return { status: answer.status, shape: json === undefined ? 'empty' : shape(json), ...pageOf(json) }
  }
  const accounts = '/v1/sandbox/card-accounts'
  const account = {
    customerNumber: '13039319955',
    maskedPan: '1234xxxxxxxx4321',
    currency: 'NOK',
    creditLimit: { currency: 'NOK', amount: 1000 },
    name: 'parity',
  }
  const list = await call('GET', accounts)
  const signedCreate = await signer.sign({
    method: 'POST',
    url: `${baseUrl.pathname.replace(/\/$/, '')}${accounts}`,
    headers: { 'X-Request-ID': crypto.randomUUID(), 'Content-Type': 'application/json' },
    body: JSON.stringify(account),
  })
  const created = await fetch(`${base}${accounts}`, {
    method: 'POST',
    headers: signedCreate.headers,
    body: JSON.stringify(account),
  })
  const createdText = await created.text()
  const id = (JSON.parse(createdText) as { resourceId: string }).resourceId
  const path = `${accounts}/${encodeURIComponent(id)}`
  const tx = {
    transactionDate: '2024-03-01',
    bookingDate: '2024-03-01',
    transactionAmount: { currency: 'NOK', amount: '12.50' },
    originalAmount: { currency: 'NOK', amount: '12.50' },
    merchantCategoryCode: 'TEST',
  }
  const nextYear = `${new Date().getUTCFullYear() + 1}-03-01`
  const many = Array.from({ length: 60 }, () => tx)
  return [
    list,
    { status: created.status, shape: shape(JSON.parse(createdText)) },
    await call('POST', `${path}/transactions`, many),
    await call('POST', `${path}/transactions`, [{ ...tx, transactionDate: nextYear, bookingDate: nextYear }]),
    await call('GET', path),
    await call('GET', `${path}/transactions?bookingStatus=both`),
    await call('GET', `${path}/transactions?bookingStatus=booked`),
    await call('GET', `${path}/transactions?bookingStatus=booked&limit=1`),
    await call('GET', `${path}/transactions?bookingStatus=booked&limit=1001`),
    await call('GET', `${path}/transactions?bookingStatus=booked&limit=501`),
    await call('GET', `${path}/transactions?bookingStatus=booked&dateFrom=2024-01-01`),
    await call('GET', `${accounts}/unknown-account/transactions?bookingStatus=booked`),
  ]
}

describe('npm run sandbox started with a derived profile', () => {
  for (const upstream of ['platform', 'combined', 'strict'] as const) {
    it(`answers like the ${upstream} upstream it was learned from`, async () => {
      const setting = upstream === 'platform' ? 'platform' : join(dir, `${upstream}-upstream.json`)
      if (upstream !== 'platform')
        writeFileSync(setting, JSON.stringify(bankProfileFileOf(madeProfiles[upstream])))
      const learnedFrom = await startSandbox(setting)
      const derived = join(dir, `derived-${upstream}.json`)
      writeFileSync(derived, JSON.stringify(bankProfileFileOf((await probe(learnedFrom)).traits)))
      const offline = await startSandbox(derived)
      expect(offline.pathname).toBe(learnedFrom.pathname)
      expect(await battery(offline)).toEqual(await battery(learnedFrom))
    }, 60_000)
  }
})

describe('a bank that answers 429 half-way', () => {
  it('stops, keeps what it learned and says why', async () => {
    const upstream = await startSandbox('platform')
    // In front of the platform: the sixth request on is 429, as a bank over its limit answers.
    let count = 0
    const front = createServer((req, res) => {
      count += 1
      if (count >= 6) {
        res.writeHead(429, { 'Retry-After': '3600', 'Content-Type': 'application/json' })
        res.end(JSON.stringify({ tppMessages: [{ category: 'ERROR', code: 'ACCESS_EXCEEDED' }] }))
        return
      }
      const forward = request(
        { host: '127.0.0.1', port: upstream.port, path: req.url, method: req.method, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(res)
        },
      )
      req.pipe(forward)
    })
    servers.push(front)
    const port = await listen(front)
    const result = await probe(new URL(`http://127.0.0.1:${port}/api-sandbox`), { badSignatures: false })
    score('429 half-way', visibleTraits(personalityProfiles.platform), result)
    for (const line of probeReport(result)) console.info(line)
    expect(result.stopped).toMatch(/429 Too Many Requests \(Retry-After 3600\)/)
    expect(result.requests).toBe(6)
    // Learned before the 429: the list, the console's operations, the error body, reuse, the account's id.
    expect(result.traits).toMatchObject({
      accountList: 'absent',
      consoleOperations: false,
      reusedRequestId: 'refused',
      ids: 'enc',
    })
    expect(result.traits.errorBody).toBe('tppMessages')
    // Not learned: what only the reads would have said.
    expect(result.traits).toMatchObject({ amounts: 'unknown', pending: 'unknown', pageCap: 'unknown' })
  }, 60_000)
})

describe('an address that is no sandbox', () => {
  it('stops at a web page answering 200, naming it, rather than reading it as a sandbox', async () => {
    // As the console's own address answers: its page on every path.
    const site = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
      res.end('<!doctype html><title>Sandbox Console</title>')
    })
    servers.push(site)
    const port = await listen(site)
    const result = await probe(new URL(`http://127.0.0.1:${port}`), { badSignatures: false })
    expect(result.stopped).toMatch(
      /^GET \/v1\/sandbox\/card-accounts: answered a web page \(text\/html; charset=utf-8\), not a sandbox's JSON: is http:\/\/127\.0\.0\.1:\d+ the sandbox's API base URL\?/,
    )
    expect(result.requests).toBe(1)
    expect(result.traits).toMatchObject({ accountList: 'unknown', consoleOperations: 'unknown' })
  }, 60_000)

  it('says a refused connection is one, with what to check', async () => {
    const closed = createServer()
    const port = await listen(closed)
    await close(closed)
    const result = await probe(new URL(`http://127.0.0.1:${port}`), { badSignatures: false })
    expect(result.stopped).toBe(
      "GET /v1/sandbox/card-accounts: nothing accepts connections at the upstream's address and port: check the port in SANDBOX_BASE_URL and that the sandbox runs (ECONNREFUSED)",
    )
    expect(probeReport(result)[0]).toBe('1 request sent; 1 of 21 traits settled')
  }, 60_000)
})

describe('the evidence', () => {
  it('names, for each settled trait, the signed requests whose answers settled it', async () => {
    const exchanges: ProbeExchange[] = []
    const baseUrl = await startSandbox('platform')
    const result = await probeSandbox({
      baseUrl,
      signer,
      badSigners,
      customerNumber: '13039319955',
      onExchange: (exchange) => exchanges.push(exchange),
    })
    const account = `${baseUrl.pathname}/v1/sandbox/card-accounts/${encodeURIComponent(result.accountId ?? '')}`
    const none = expect.stringMatching(/\/card-accounts\/probe-none-/)
    expect(
      exchanges.map(({ index, method, url, status }) => [index, method, new URL(url).pathname, status]),
    ).toEqual([
      [1, 'GET', `${baseUrl.pathname}/v1/sandbox/card-accounts`, 405],
      [2, 'GET', `${baseUrl.pathname}/v1/sandbox-console/clock`, 404],
      [3, 'GET', none, 404],
      [4, 'GET', none, 401],
      [5, 'GET', none, 404],
      [6, 'GET', none, 404],
      [7, 'POST', `${baseUrl.pathname}/v1/sandbox/card-accounts`, 201],
      [8, 'POST', `${account}/transactions`, 400],
      [9, 'POST', `${account}/transactions`, 201],
      [10, 'GET', `${account}/transactions`, 200],
      [11, 'GET', `${account}/transactions`, 200],
      [12, 'GET', `${account}/transactions`, 400],
      [13, 'GET', `${account}/transactions`, 400],
    ])
    expect(result.requests).toBe(probeMaxRequests(true))
    expect(result.evidence).toEqual({
      accountList: [1],
      consoleOperations: [2],
      errorBody: [1],
      reusedRequestId: [4],
      dateHeader: [5],
      keyId: [6],
      ids: [7],
      consoleHeaders: [7],
      futureDates: [8],
      transactionsCreated: [9],
      bookedOnly: [10],
      amounts: [10],
      links: [10],
      linksUnderBasePath: [10],
      pageSizeDefault: [10],
      acceptFix: [10],
      pending: [11],
      extraFields: [7, 10, 11],
      pageCap: [12],
      unknownQueryParams: [13],
    })
    // The reuse is the X-Request-ID of the request before it; the opt-in's signatures are as described.
    const header = (exchange: ProbeExchange | undefined, name: string) =>
      exchange?.requestHeaders.find(([key]) => key.toLowerCase() === name)?.[1]
    expect(header(exchanges[3], 'x-request-id')).toBe(header(exchanges[2], 'x-request-id'))
    expect(header(exchanges[4], 'date')).toBeUndefined()
    expect(exchanges[5]?.keyId).not.toBe(exchanges[2]?.keyId)
    // The request as the bank got it: signed, the probe account's body as sent.
    const created = exchanges[6] as ProbeExchange
    expect(created.requestHeaders.map(([name]) => name.toLowerCase())).toContain('signature')
    expect(JSON.parse(created.requestBody ?? '')).toMatchObject({ customerNumber: '13039319955' })
    expect(exchanges[9]?.responseBody).toContain('"cardTransactions"')
  }, 60_000)

  it('cancelled, sends nothing more and keeps what it learned', async () => {
    const cancel = new AbortController()
    const result = await probeSandbox({
      baseUrl: await startSandbox('platform'),
      signer,
      customerNumber: '13039319955',
      signal: cancel.signal,
      onExchange: ({ index }) => {
        if (index === 2) cancel.abort()
      },
    })
    expect(result.requests).toBe(2)
    expect(result.stopped).toMatch(/^cancelled before GET \/v1\/sandbox\/card-accounts\/probe-none-/)
    expect(result.traits).toMatchObject({ accountList: 'absent', consoleOperations: false })
  }, 60_000)
})
