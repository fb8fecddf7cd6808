import fc from 'fast-check'
import { getResponse } from 'msw'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  cardAccount,
  cardAccountList,
  cardTransactionsResponse,
  SANDBOX_PREFIX,
  SWAP_AMOUNTS_FIX,
  tppMessagesBody,
  transactionsCreated,
  UUID,
} from '../contract'
import type { z } from '../contract/zod'
import { createMemoryStore, createSandbox } from '../sandbox'
import { generateTransactions, testDataFill } from '../test-data'
import { createSandboxHandlers } from './handlers'

/**
 * One seed replays the whole run: the cases and the engine's "today" are fixed. PROPERTY_SEED picks
 * another, e.g. the one a failure printed.
 */
const SEED = seedFromEnv(process.env.PROPERTY_SEED)
const RUNS = 2000

function seedFromEnv(value: string | undefined): number {
  if (value === undefined || value === '') return 20_260_615
  const seed = Number(value)
  if (!Number.isSafeInteger(seed)) throw new Error(`PROPERTY_SEED must be an integer, got "${value}"`)
  return seed
}

const BASE = 'http://sandbox.test'
const today = '2026-06-15'
let n = 0
const sandbox = createSandbox({ store: createMemoryStore(), today: () => today, newId: () => `acc-${++n}` })
const handlers = createSandboxHandlers({ sandbox, basePath: BASE })

beforeAll(async () => {
  console.log(`property seed ${SEED} (PROPERTY_SEED=<integer> to run another)`)
  for (const { account, transactions } of testDataFill(today)) {
    const created = await sandbox.createCardAccount(account, { fixes: new Set() })
    if (!created.ok) throw new Error('the test data account was refused')
    const added = await sandbox.addTransactions(created.value.resourceId, transactions)
    if (!added.ok) throw new Error('the test data transactions were refused')
  }
})

// Weighted towards the routes' own methods, known ids and well-formed headers, so most runs get past
// the first checks and reach the query, body and engine rules.
const unicode = fc.string({ unit: 'grapheme', maxLength: 12 })
const printable = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  maxLength: 40,
})
const hugeNumber = fc.constantFrom(
  '1e21',
  '1e400',
  '-1e400',
  '123456789012345678901234567890',
  '0.30000000000000004',
  '-0',
)

const method = fc.oneof(
  { arbitrary: fc.constantFrom('GET', 'POST'), weight: 8 },
  { arbitrary: fc.constantFrom('PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'), weight: 1 },
  {
    arbitrary: fc.stringMatching(/^[A-Z]{1,8}$/).filter((m) => !['CONNECT', 'TRACE', 'TRACK'].includes(m)),
    weight: 1,
  },
)

const accountId = fc.oneof(
  { arbitrary: fc.constantFrom('acc-1', 'acc-2'), weight: 6 },
  { arbitrary: unicode.map(encodeURIComponent), weight: 1 },
  { arbitrary: fc.constantFrom('%E0%A4%A', '%', '..', '%2F', 'acc-1%00', ' '), weight: 1 },
)

const path = fc.oneof(
  { arbitrary: fc.constant('/v1/sandbox/card-accounts'), weight: 2 },
  { arbitrary: accountId.map((id) => `/v1/sandbox/card-accounts/${id}`), weight: 2 },
  { arbitrary: accountId.map((id) => `/v1/sandbox/card-accounts/${id}/transactions`), weight: 5 },
  {
    arbitrary: fc
      .array(fc.oneof(printable, unicode), { maxLength: 5 })
      .map((parts) => `/v1/sandbox/${parts.join('/')}`),
    weight: 1,
  },
)

const queryValue = fc.oneof(
  fc.constantFrom('booked', 'pending', 'both', 'BOTH', ''),
  fc.constantFrom(today, '2026-02-30', '2026-13-01', '1999-01-01', '9999-12-31'),
  fc.integer({ min: -5, max: 500 }).map(String),
  hugeNumber,
  unicode,
)
const queryName = fc.oneof(
  { arbitrary: fc.constantFrom('bookingStatus', 'fromDate', 'toDate', 'offset', 'limit'), weight: 4 },
  { arbitrary: printable, weight: 1 },
)
const anyQuery = fc.array(fc.tuple(queryName, queryValue), { maxLength: 6 })
/** A listing a client could send: valid status, dates around today and offsets past the data's end. */
const listingQuery = fc
  .record(
    {
      bookingStatus: fc.constantFrom('booked', 'pending', 'both'),
      fromDate: fc.constantFrom('2026-05-01', '2026-06-01', today),
      toDate: fc.constantFrom('2026-06-10', today),
      offset: fc.nat(600).map(String),
      limit: fc.integer({ min: 1, max: 300 }).map(String),
    },
    { requiredKeys: ['bookingStatus'] },
  )
  .map((params) => Object.entries(params))
const query = fc
  .oneof(anyQuery, listingQuery)
  .map((pairs) => (pairs.length === 0 ? '' : `?${new URLSearchParams(pairs)}`))

const headers = fc
  .tuple(
    fc.oneof({ arbitrary: fc.uuid(), weight: 8 }, printable, fc.constant(undefined)),
    fc.record(
      {
        'Content-Type': fc.oneof(
          { arbitrary: fc.constant('application/json'), weight: 6 },
          fc.constantFrom('application/json; charset=utf-8', 'text/plain', 'application/xml', ''),
        ),
        'accept-fix': fc.constantFrom(
          SWAP_AMOUNTS_FIX,
          'longer-name',
          `longer-name,${SWAP_AMOUNTS_FIX}`,
          'nonsense',
        ),
        'x-accept-fix': printable,
        'PSU-Corporate-ID': fc.oneof(printable, fc.constant('')),
      },
      { requiredKeys: [] },
    ),
  )
  .map(
    ([requestId, rest]): Record<string, string> =>
      requestId === undefined ? rest : { ...rest, 'X-Request-ID': requestId },
  )

const amount = fc.oneof(
  fc.record({
    currency: fc.constantFrom('NOK', 'EUR', 'nok', ''),
    amount: fc.oneof(fc.double(), fc.integer(), hugeNumber, unicode),
  }),
  fc.jsonValue(),
)
const validTransactions = fc
  .integer({ min: 0, max: 2 ** 31 })
  .map((seed) => generateTransactions({ count: 3, days: 30, seed, today, currency: 'NOK' }))
/** Valid bodies with one field replaced by something random: they reach the deepest checks. */
const mutatedTransactions = fc
  .tuple(
    validTransactions,
    fc.nat(2),
    fc.constantFrom(
      'transactionDate',
      'bookingDate',
      'transactionAmount',
      'originalAmount',
      'merchantCategoryCode',
      'cardTransactionId',
      'bookingStatus',
      'extra',
    ),
    fc.oneof(amount, unicode, hugeNumber, fc.constantFrom('2099-01-01', '2026-02-30', 'ct-1', 'pending')),
  )
  .map(([batch, index, field, value]) => batch.map((tx, i) => (i === index ? { ...tx, [field]: value } : tx)))
const mutatedAccount = fc
  .tuple(
    fc.constantFrom(
      'maskedPan',
      'currency',
      'customerNumber',
      'customerType',
      'name',
      'creditLimit',
      'status',
      'extra',
    ),
    fc.oneof(fc.jsonValue(), unicode, amount),
  )
  .map(([field, value]) => ({ ...testDataFill(today)[0]?.account, [field]: value }))

const body = fc.oneof(
  fc.constant(undefined),
  fc.jsonValue().map((v) => JSON.stringify(v)),
  { arbitrary: mutatedTransactions.map((v) => JSON.stringify(v)), weight: 4 },
  { arbitrary: mutatedAccount.map((v) => JSON.stringify(v)), weight: 2 },
  validTransactions.map((v) => JSON.stringify(v)),
  fc.constantFrom(...testDataFill(today).map(({ account }) => JSON.stringify(account))),
  fc.constantFrom(
    '{',
    '[1,2',
    'null',
    '"',
    '{"a":1e400}',
    '\uFEFF[]',
    '[{"transactionAmount":{"amount":1e21}}]',
  ),
  unicode,
)

/** What each successful answer must be, by method and path: an independent reading of the routes. */
const successes: ReadonlyArray<{ method: string; path: RegExp; status: number; schema: z.ZodMiniType }> = [
  { method: 'GET', path: /^\/v1\/sandbox\/card-accounts$/, status: 200, schema: cardAccountList },
  { method: 'POST', path: /^\/v1\/sandbox\/card-accounts$/, status: 201, schema: cardAccount },
  { method: 'GET', path: /^\/v1\/sandbox\/card-accounts\/[^/]+$/, status: 200, schema: cardAccount },
  {
    method: 'GET',
    path: /^\/v1\/sandbox\/card-accounts\/[^/]+\/transactions$/,
    status: 200,
    schema: cardTransactionsResponse,
  },
  {
    method: 'POST',
    path: /^\/v1\/sandbox\/card-accounts\/[^/]+\/transactions$/,
    status: 201,
    schema: transactionsCreated,
  },
]

const snapshot = async () => JSON.stringify(await sandbox.exportSnapshot())

/**
 * Every case ends in assertions. A request outside the sandbox prefix is not answered (another
 * server's business); every other one gets an answer under 500 that echoes the request id only when
 * it is valid.
 */
async function checkAnswer(request: Request, sentRequestId: string | undefined): Promise<void> {
  const before = await snapshot()
  const response = await getResponse(handlers, request)
  const { pathname } = new URL(request.url)
  if (pathname.startsWith(`${SANDBOX_PREFIX}/`)) {
    expect(response, `${request.method} ${pathname} got no answer`).toBeInstanceOf(Response)
    await checkSandboxAnswer(request, response as Response, sentRequestId, before)
  } else {
    // e.g. a path whose "/.." segments normalize it out of the prefix.
    expect(response).toBeUndefined()
    expect(await snapshot()).toBe(before)
  }
}

/**
 * An answer without a body (HEAD, OPTIONS's 204) changes nothing, a DELETE's 204 deletes; an error is a JSON tppMessages body and
 * changes nothing; a success is its route's JSON shape, and only a 201 changes the data.
 */
async function checkSandboxAnswer(
  request: Request,
  answer: Response,
  sentRequestId: string | undefined,
  before: string,
): Promise<void> {
  const { pathname } = new URL(request.url)
  expect(answer.status).toBeLessThan(500)
  expect(answer.headers.get('x-request-id')).toBe(
    sentRequestId !== undefined && UUID.test(sentRequestId) ? sentRequestId : null,
  )
  const text = await answer.text()
  const after = await snapshot()
  if (request.method === 'DELETE' && answer.status === 204) {
    // A delete that succeeded deleted something.
    expect(text).toBe('')
    expect(after).not.toBe(before)
  } else if (request.method === 'HEAD' || answer.status === 204) {
    expect(text).toBe('')
    expect(after).toBe(before)
  } else if (answer.status >= 400) {
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(tppMessagesBody.safeParse(JSON.parse(text)).error).toBeUndefined()
    expect(after).toBe(before)
  } else {
    const success = successes.find((s) => s.method === request.method && s.path.test(pathname))
    expect(success, `${request.method} ${pathname} answered ${answer.status}`).toBeDefined()
    expect(answer.status).toBe(success?.status)
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(success?.schema.safeParse(JSON.parse(text)).error).toBeUndefined()
    expect(after !== before).toBe(answer.status === 201)
  }
}

describe(`any request (seed ${SEED}, ${RUNS} runs)`, () => {
  it("never answers 5xx; errors are tppMessages and change nothing; successes have their route's shape", async () => {
    await fc.assert(
      fc.asyncProperty(method, path, query, headers, body, async (verb, target, search, sent, payload) => {
        const request = new Request(`${BASE}${target}${search}`, {
          method: verb,
          headers: sent,
          ...(payload !== undefined && verb !== 'GET' && verb !== 'HEAD' ? { body: payload } : {}),
        })
        await checkAnswer(request, sent['X-Request-ID'])
      }),
      { seed: SEED, numRuns: RUNS },
    )
  }, 0) // no time limit: the run's length is set by RUNS
})
