// Issue 21: /openapi.json as a behavioural model. `npm run sandbox` and a Prism mock of the document it
// serves get the same battery of requests; where their status classes differ, the difference must be one
// a static mock cannot know (named below, each with its reason). Prism validates requests by default
// (a violation is a 4xx); `--errors` also makes an answer that breaks the document an error, so examples
// that drift from the schemas fail here too.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import type { Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays, localToday, type OperationName, pathTo } from '../src/contract'
import { operationExamples } from '../src/contract/openapi-examples'
import { operations } from '../src/contract/operations'
import { generateDevIdentity } from '../src/signing/dev-identity'
import { createNodeRequestSigner } from '../src/signing/node/node-signing-crypto'
import { testDataFill } from '../src/test-data'
import { loadIdentity, type SigningIdentity } from './identity'
import { createSandboxService } from './sandbox-service'
import { readStandaloneSettings } from './standalone-sandbox'
import { type Answer, close, json, listen, send } from './test-support/http'
import { examplesModule, fixedSetExamples } from './test-support/openapi-examples'

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url))
const PRISM = join(REPO_ROOT, 'node_modules/.bin/prism')
/** Small, so one request can pass it. */
const MAX_BODY_BYTES = 64 * 1024

/**
 * What a static mock of the document cannot know, by the battery's request names. A new disagreement
 * fails the test until the document says it (or it is named here, with its reason).
 */
const exceptions: Record<string, string> = {
  'unknown account':
    'stored data: 404 RESOURCE_UNKNOWN needs the accounts the sandbox holds; a mock knows only paths',
  'corporate account read without PSU-Corporate-ID':
    'stored data: only the stored account says it is corporate (docs/decisions.md#error-order)',
  'fromDate after toDate':
    'cross-field rule: PERIOD_INVALID compares two parameters; OpenAPI validates each alone',
  'bookingDate before transactionDate':
    'cross-field rule inside one transaction; JSON Schema has no such comparison',
  'a transaction dated in the future': 'the clock: "future" is after the sandbox clock’s today',
  'duplicate cardTransactionId in one batch':
    'duplicate ids: uniqueness of a field across array items (and against stored ones) is no schema rule',
  'unknown query parameter dateFrom':
    'unenforceable: OpenAPI lists query parameters one by one and Prism ignores others; the document says ' +
    'x-additional-query-parameters: false and the sandbox answers 400 PARAMETER_NOT_SUPPORTED',
  'limit written as 5.0':
    'Prism coerces the query to the integer before it validates, so it cannot see how the number was written; ' +
    'the sandbox takes digits only (docs/decisions.md#query-errors)',
  'a body over the server’s limit':
    'the server’s byte limit (SANDBOX_MAX_BODY_BYTES) is configuration, not shape',
}

let dir: string
let identity: SigningIdentity
let sandbox: Server
let sandboxPort = 0
let prism: ChildProcess
let prismPort = 0
let prismStartup = 0

/**
 * Prism on a port the system gives it (`--port 0`), read back from its banner: a port found free and closed
 * before Prism bound it was sometimes taken in between by the lane's other servers (EADDRINUSE).
 */
async function startPrism(document: string): Promise<void> {
  const started = performance.now()
  prism = spawn(PRISM, ['mock', document, '--port', '0', '--host', '127.0.0.1', '--errors'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  prism.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  prism.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      const listening = /Prism is listening on http:\/\/127\.0\.0\.1:([0-9]+)/.exec(output)
      if (listening) {
        prismPort = Number(listening[1])
        return resolve()
      }
      if (prism.exitCode !== null) return reject(new Error(`prism exited ${prism.exitCode}:\n${output}`))
      setTimeout(check, 50)
    }
    check()
  })
  prismStartup = performance.now() - started
  console.log(`Prism 5.14.2 started in ${(prismStartup / 1000).toFixed(1)} s`)
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'prism-parity-'))
  const made = await generateDevIdentity({ commonName: 'Parity TPP', organization: 'Parity Bank' })
  const certPath = join(dir, 'cert.pem')
  const keyPath = join(dir, 'key.pem')
  writeFileSync(certPath, made.certificatePem)
  writeFileSync(keyPath, made.privateKeyPem, { mode: 0o600 })
  identity = await loadIdentity({ certPath, keyPath })
  // `npm run sandbox` as started by default (signatures checked), with a small body limit.
  const settings = await readStandaloneSettings({ SANDBOX_MAX_BODY_BYTES: String(MAX_BODY_BYTES) })
  sandbox = createSandboxService(settings)
  sandboxPort = await listen(sandbox)
  // The document as a user gets it: from the running sandbox.
  const served = await send(sandboxPort, '/openapi.json')
  expect(served.status).toBe(200)
  const document = join(dir, 'openapi.json')
  writeFileSync(document, served.text)
  await startPrism(document)
}, 120_000)

afterAll(async () => {
  if (prism?.pid !== undefined && prism.exitCode === null) prism.kill()
  if (sandbox) await close(sandbox)
  rmSync(dir, { recursive: true, force: true })
})

interface Probe {
  name: string
  method?: string
  path: string
  body?: unknown
  /** Raw body text, sent as is. */
  raw?: string
  contentType?: string
  /** Headers to drop after signing, or to add. */
  drop?: string[]
  add?: Record<string, string>
  /** Sign without Date, as a browser's fetch must. */
  withoutDate?: boolean
  /** Its success answer, from both, must parse with this operation's wire schema. */
  answers?: OperationName
}

/** The request as the sandbox's signing client sends it; Prism gets the same bytes. */
async function prepare(probe: Probe) {
  const method = probe.method ?? (probe.body === undefined && probe.raw === undefined ? 'GET' : 'POST')
  const body = probe.raw ?? (probe.body === undefined ? undefined : JSON.stringify(probe.body))
  const headers: Record<string, string> = {
    'X-Request-ID': crypto.randomUUID(),
    ...(body === undefined ? {} : { 'Content-Type': probe.contentType ?? 'application/json' }),
    ...probe.add,
  }
  const signer = createNodeRequestSigner({
    ...identity,
    ...(probe.withoutDate ? { signedHeaders: ['digest', 'x-request-id'] } : {}),
  })
  const signed = await signer.sign({
    method,
    url: probe.path,
    headers,
    ...(body === undefined ? {} : { body }),
  })
  const sent = { ...signed.headers }
  for (const name of [...(probe.drop ?? []), ...(probe.withoutDate ? ['Date'] : [])]) delete sent[name]
  return { method, headers: sent, ...(body === undefined ? {} : { body }) }
}

const statusClass = (status: number) => `${Math.floor(status / 100)}xx`

interface Outcome {
  name: string
  sandbox: Answer
  prism: Answer
}

/** The ids the battery reads and writes; made by the sandbox before the battery runs. */
let kariId = ''
let nordlysId = ''

const accounts = testDataFill(localToday())
const kari = accounts[0]
const nordlys = accounts[1]
const tx = (id: string, fields: Record<string, unknown> = {}) => ({
  cardTransactionId: id,
  transactionDate: addDays(localToday(), -3),
  bookingDate: addDays(localToday(), -2),
  transactionAmount: { currency: 'NOK', amount: '-10.00' },
  originalAmount: { currency: 'NOK', amount: '-10.00' },
  merchantCategoryCode: '5411',
  ...fields,
})

function battery(): Probe[] {
  const account = { mockCardAccountId: kariId }
  const list = pathTo('listTransactions', account)
  const query = (q: string) => `${list}?${q}`
  const transactions = pathTo('createTransactions', account)
  return [
    // Every operation's happy path.
    { name: 'list card accounts', path: pathTo('listCardAccounts'), answers: 'listCardAccounts' },
    {
      name: 'create a card account',
      path: pathTo('createCardAccount'),
      body: kari?.account,
      answers: 'createCardAccount',
    },
    { name: 'read a card account', path: pathTo('getCardAccount', account), answers: 'getCardAccount' },
    {
      name: 'add transactions (an array)',
      path: transactions,
      body: [tx('p-1'), tx('p-2', { bookingStatus: 'pending', bookingDate: undefined })],
      answers: 'createTransactions',
    },
    {
      name: 'add one transaction (a single object)',
      path: transactions,
      body: tx('p-3'),
      answers: 'createTransactions',
    },
    { name: 'list transactions', path: query('bookingStatus=both'), answers: 'listTransactions' },
    {
      name: 'list one page',
      path: query('bookingStatus=booked&offset=1&limit=2'),
      answers: 'listTransactions',
    },
    { name: 'summarise', path: pathTo('summarizeTransactions', account), answers: 'summarizeTransactions' },
    { name: 'read the clock', path: pathTo('getSandboxClock'), answers: 'getSandboxClock' },
    {
      name: 'set the clock',
      path: pathTo('setSandboxClock'),
      body: { setting: { kind: 'follows', offsetDays: 0 }, settlePendingAfterDays: null },
      answers: 'setSandboxClock',
    },
    {
      name: 'settle a pending transaction',
      path: pathTo('settleTransactions', account),
      body: { transactions: [{ cardTransactionId: 'p-2' }] },
      answers: 'settleTransactions',
    },
    {
      name: 'delete a transaction',
      method: 'DELETE',
      path: pathTo('deleteTransaction', { ...account, cardTransactionId: 'p-3' }),
    },
    // Query errors.
    { name: 'limit=0', path: query('bookingStatus=both&limit=0') },
    { name: 'limit=2147483648', path: query('bookingStatus=both&limit=2147483648') },
    { name: 'limit past MAX_LIMIT', path: query('bookingStatus=both&limit=1001') },
    { name: 'limit not a number', path: query('bookingStatus=both&limit=ten') },
    { name: 'limit written as 5.0', path: query('bookingStatus=both&limit=5.0') },
    { name: 'negative offset', path: query('bookingStatus=both&offset=-1') },
    { name: 'no bookingStatus', path: list },
    { name: 'unknown bookingStatus', path: query('bookingStatus=all') },
    { name: 'fromDate=2026-02-30', path: query('bookingStatus=both&fromDate=2026-02-30') },
    { name: 'fromDate not a date', path: query('bookingStatus=both&fromDate=20260101') },
    { name: 'unknown query parameter dateFrom', path: query('bookingStatus=both&dateFrom=2026-01-01') },
    {
      name: 'fromDate after toDate',
      path: query('bookingStatus=both&fromDate=2026-03-01&toDate=2026-02-01'),
    },
    // Header errors.
    { name: 'no Date (signed without it)', path: pathTo('listCardAccounts'), withoutDate: true },
    { name: 'no Signature', path: pathTo('listCardAccounts'), drop: ['Signature'] },
    { name: 'no Digest', path: pathTo('listCardAccounts'), drop: ['Digest'] },
    {
      name: 'no TPP-Signature-Certificate',
      path: pathTo('listCardAccounts'),
      drop: ['TPP-Signature-Certificate'],
    },
    { name: 'no X-Request-ID', path: pathTo('listCardAccounts'), drop: ['X-Request-ID'] },
    {
      name: 'corporate account read without PSU-Corporate-ID',
      path: pathTo('getCardAccount', { mockCardAccountId: nordlysId }),
    },
    // Bodies of each wrong shape, and rules inside them.
    { name: 'a string body', path: transactions, body: 'transactions' },
    { name: 'a number body', path: transactions, body: 42 },
    { name: 'an empty array', path: transactions, body: [] },
    { name: 'not JSON', path: transactions, raw: '[{"cardTransactionId":' },
    {
      name: 'not sent as JSON',
      path: transactions,
      raw: JSON.stringify([tx('p-4')]),
      contentType: 'text/plain',
    },
    {
      name: 'a transaction without its amount',
      path: transactions,
      body: [tx('p-5', { transactionAmount: undefined })],
    },
    {
      name: 'an account name of 36 characters',
      path: pathTo('createCardAccount'),
      body: { ...kari?.account, name: 'N'.repeat(36) },
    },
    {
      name: 'bookingDate before transactionDate',
      path: transactions,
      body: [tx('p-6', { bookingDate: addDays(localToday(), -5) })],
    },
    {
      name: 'a transaction dated in the future',
      path: transactions,
      body: [
        tx('p-7', { transactionDate: addDays(localToday(), 30), bookingDate: addDays(localToday(), 30) }),
      ],
    },
    { name: 'duplicate cardTransactionId in one batch', path: transactions, body: [tx('p-8'), tx('p-8')] },
    {
      name: 'a body over the server’s limit',
      path: transactions,
      body: Array.from({ length: 400 }, (_, i) => tx(`big-${i}`)),
    },
    // Paths and methods.
    { name: 'unknown account', path: pathTo('getCardAccount', { mockCardAccountId: 'no-such-account' }) },
    { name: 'unknown path', path: '/v1/sandbox/nothing-here' },
    { name: 'a method the path does not take', method: 'PUT', path: pathTo('listCardAccounts'), body: {} },
    // Last: it removes the account the others read.
    { name: 'delete a card account', method: 'DELETE', path: pathTo('deleteCardAccount', account) },
  ]
}

async function setUpSandboxData() {
  const create = async (body: unknown) => {
    const answer = await send(
      sandboxPort,
      pathTo('createCardAccount'),
      await prepare({ name: 'setup', path: pathTo('createCardAccount'), body }),
    )
    expect(answer.status, answer.text).toBe(201)
    return (json(answer) as { resourceId: string }).resourceId
  }
  kariId = await create(kari?.account)
  nordlysId = await create(nordlys?.account)
}

describe('a Prism mock of /openapi.json beside npm run sandbox', () => {
  let outcomes: Outcome[] = []

  beforeAll(async () => {
    await setUpSandboxData()
    const probes = battery()
    outcomes = []
    for (const probe of probes) {
      const request = await prepare(probe)
      const [fromSandbox, fromPrism] = [
        await send(sandboxPort, probe.path, request),
        await send(prismPort, probe.path, request),
      ]
      outcomes.push({ name: probe.name, sandbox: fromSandbox, prism: fromPrism })
    }
  }, 120_000)

  it('agrees on the status class of every request but the named exceptions', () => {
    const disagreements = outcomes
      .filter(({ sandbox, prism }) => statusClass(sandbox.status) !== statusClass(prism.status))
      .map(({ name }) => name)
    const table = outcomes.map(({ name, sandbox, prism }) => `${sandbox.status} ${prism.status}  ${name}`)
    console.log(`sandbox prism  request\n${table.join('\n')}`)
    expect(disagreements.sort(), table.join('\n')).toEqual(Object.keys(exceptions).sort())
  })

  it('answers each success, from both, in the shape the operation promises', () => {
    for (const probe of battery().filter((p) => p.answers !== undefined)) {
      const operation = operations[probe.answers as OperationName]
      for (const [who, answer] of Object.entries(outcomes.find(({ name }) => name === probe.name) ?? {})) {
        if (who === 'name') continue
        const { status, text } = answer as Answer
        expect(status, `${who}: ${probe.name}`).toBe(operation.answer.status)
        if (text === '') continue
        const parsed = operation.answer.schema.safeParse(JSON.parse(text))
        expect(parsed.error?.issues ?? [], `${who}: ${probe.name}: ${text.slice(0, 300)}`).toEqual([])
      }
    }
  })

  it('answers the transaction list with the fixed test data, not placeholders', () => {
    const listed = outcomes.find(({ name }) => name === 'list transactions')?.prism
    expect(json(listed as Answer)).toEqual(operationExamples.listTransactions?.answer)
    expect(listed?.text).not.toContain('"string"')
  })
})

describe('the examples of /openapi.json', () => {
  it('are the fixed test data as the sandbox answers it today (UPDATE_OPENAPI_EXAMPLES=1 rewrites them)', async () => {
    const fresh = await fixedSetExamples()
    if (process.env.UPDATE_OPENAPI_EXAMPLES === '1') {
      writeFileSync(join(REPO_ROOT, 'src/contract/openapi-examples.ts'), examplesModule(fresh))
    }
    expect(operationExamples).toEqual(fresh)
  })
})
