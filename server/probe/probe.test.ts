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
  PROBE_MAX_REQUESTS,
  type ProbeExchange,
  personalityProfiles,
  visibleTraits,
} from '../../src/contract/bank-profile'
import { personalityNames } from '../../src/contract/personality-names'
import { generateDevIdentity } from '../../src/signing/dev-identity'
import { createNodeRequestSigner } from '../../src/signing/node/node-signing-crypto'
import { loadIdentity } from '../identity'
import { createSandboxService } from '../sandbox-service'
import { readStandaloneSettings } from '../standalone-sandbox'
import { close, listen } from '../test-support/http'
import { type ProbeResult, probeReport, probeSandbox } from './probe'

let dir: string
let signer: ReturnType<typeof createNodeRequestSigner>
const servers: Server[] = []

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'probe-'))
  const made = await generateDevIdentity({ commonName: 'Probe TPP', organization: 'Probe Bank' })
  const certPath = join(dir, 'cert.pem')
  const keyPath = join(dir, 'key.pem')
  writeFileSync(certPath, made.certificatePem)
  writeFileSync(keyPath, made.privateKeyPem, { mode: 0o600 })
  signer = createNodeRequestSigner(await loadIdentity({ certPath, keyPath }))
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

function probe(baseUrl: URL) {
  return probeSandbox({ baseUrl, signer, customerNumber: '13039319955' })
}

/** Traits right of the traits the expected profile settles, as a line for the test's output. */
function score(label: string, expected: BankTraits, result: ProbeResult) {
  const defined = definedTraits(expected)
  const right = defined.filter(
    (name) => JSON.stringify(result.traits[name]) === JSON.stringify(expected[name]),
  )
  console.info(`${label}: ${right.length}/${defined.length} traits right, ${result.requests} requests`)
}

// No personality combines these: books only, absolute links, pages of at most 25, numbers, enc ids.
const combinedProfile: BankTraits = {
  ...personalityProfiles.console,
  basePath: '/bank/sandbox',
  ids: 'enc',
  amounts: 'number',
  bookedOnly: true,
  pending: 'unknown',
  links: 'absolute',
  pageSizeDefault: 25,
  pageCap: { max: 25, above: 'lowered' },
  accountList: 'absent',
  consoleOperations: false,
  consoleHeaders: false,
}

describe('the probe against each personality of npm run sandbox', () => {
  for (const name of personalityNames) {
    it(`derives the ${name} personality's profile exactly`, async () => {
      const result = await probe(await startSandbox(name))
      const expected = visibleTraits(personalityProfiles[name])
      score(name, expected, result)
      expect(result.stopped).toBeUndefined()
      expect(result.requests).toBeLessThanOrEqual(PROBE_MAX_REQUESTS)
      // Every trait it defines settled, and nothing settled that it leaves unknown.
      expect(result.traits).toEqual(expected)
    }, 60_000)
  }
})

describe('a sandbox served from a profile file', () => {
  it('is derived trait by trait', async () => {
    const path = join(dir, 'combined.json')
    writeFileSync(path, JSON.stringify(bankProfileFileOf(combinedProfile, { source: 'probe.test.ts' })))
    const result = await probe(await startSandbox(path))
    score('profile file', combinedProfile, result)
    expect(result.stopped).toBeUndefined()
    for (const name of bankTraitNames)
      expect({ [name]: result.traits[name] }).toEqual({ [name]: combinedProfile[name] })
  }, 60_000)

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

/** A small battery, signed: each answer's status and JSON shape. */
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
    return { status: answer.status, shape: answerText === '' ? 'empty' : shape(JSON.parse(answerText)) }
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
  return [
    list,
    { status: created.status, shape: shape(JSON.parse(createdText)) },
    await call('POST', `${path}/transactions`, [tx, tx]),
    await call('GET', path),
    await call('GET', `${path}/transactions?bookingStatus=both`),
    await call('GET', `${path}/transactions?bookingStatus=booked&limit=1`),
    await call('GET', `${path}/transactions?bookingStatus=booked&limit=1001`),
    await call('GET', `${accounts}/unknown-account/transactions?bookingStatus=booked`),
  ]
}

describe('npm run sandbox started with a derived profile', () => {
  for (const upstream of ['platform', 'combined'] as const) {
    it(`answers like the ${upstream} upstream it was learned from`, async () => {
      const setting = upstream === 'platform' ? 'platform' : join(dir, 'combined.json')
      if (upstream === 'combined') writeFileSync(setting, JSON.stringify(bankProfileFileOf(combinedProfile)))
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
    // In front of the platform: the fifth request on is 429, as a bank over its limit answers.
    let count = 0
    const front = createServer((req, res) => {
      count += 1
      if (count >= 5) {
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
    const result = await probe(new URL(`http://127.0.0.1:${port}/api-sandbox`))
    score('429 half-way', visibleTraits(personalityProfiles.platform), result)
    for (const line of probeReport(result)) console.info(line)
    expect(result.stopped).toMatch(/429 Too Many Requests \(Retry-After 3600\)/)
    expect(result.requests).toBe(5)
    // Learned before the 429: the list, the console's operations, the error body, the account's id.
    expect(result.traits).toMatchObject({ accountList: 'absent', consoleOperations: false, ids: 'enc' })
    expect(result.traits.errorBody).toBe('tppMessages')
    // Not learned: what only the reads would have said.
    expect(result.traits).toMatchObject({ amounts: 'unknown', pending: 'unknown', pageCap: 'unknown' })
  }, 60_000)
})

describe('the evidence', () => {
  it('names, for each settled trait, the signed requests whose answers settled it', async () => {
    const exchanges: ProbeExchange[] = []
    const baseUrl = await startSandbox('platform')
    const result = await probeSandbox({
      baseUrl,
      signer,
      customerNumber: '13039319955',
      onExchange: (exchange) => exchanges.push(exchange),
    })
    const account = `${baseUrl.pathname}/v1/sandbox/card-accounts/${encodeURIComponent(result.accountId ?? '')}`
    expect(
      exchanges.map(({ index, method, url, status }) => [index, method, new URL(url).pathname, status]),
    ).toEqual([
      [1, 'GET', `${baseUrl.pathname}/v1/sandbox/card-accounts`, 405],
      [2, 'GET', `${baseUrl.pathname}/v1/sandbox-console/clock`, 404],
      [3, 'GET', expect.stringMatching(/\/card-accounts\/probe-none-/), 404],
      [4, 'POST', `${baseUrl.pathname}/v1/sandbox/card-accounts`, 201],
      [5, 'POST', `${account}/transactions`, 201],
      [6, 'GET', `${account}/transactions`, 200],
      [7, 'GET', `${account}/transactions`, 200],
      [8, 'GET', `${account}/transactions`, 400],
      [9, 'GET', `${account}/transactions`, 200],
    ])
    expect(result.evidence).toEqual({
      accountList: [1],
      consoleOperations: [2],
      errorBody: [1],
      ids: [4],
      consoleHeaders: [4],
      transactionsCreated: [5],
      bookedOnly: [6],
      amounts: [6],
      links: [6],
      linksUnderBasePath: [6],
      pageSizeDefault: [6],
      pending: [7],
      extraFields: [4, 6, 7],
      pageCap: [9],
    })
    // The request as the bank got it: signed, the probe account's body as sent.
    const created = exchanges[3] as ProbeExchange
    expect(created.requestHeaders.map(([name]) => name.toLowerCase())).toContain('signature')
    expect(JSON.parse(created.requestBody ?? '')).toMatchObject({ customerNumber: '13039319955' })
    expect(exchanges[5]?.responseBody).toContain('"cardTransactions"')
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
