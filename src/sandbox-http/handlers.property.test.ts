import fc from 'fast-check'
import { getResponse } from 'msw'
import { beforeAll, describe, expect, it } from 'vitest'
import { localToday, SWAP_AMOUNTS_FIX, tppMessagesBody, UUID } from '../contract'
import { createMemoryStore, createSandbox } from '../sandbox'
import { generateTransactions, testDataFill } from '../test-data'
import { createSandboxHandlers } from './handlers'

const BASE = 'http://sandbox.test'
const today = localToday()
let n = 0
const sandbox = createSandbox({ store: createMemoryStore(), today: () => today, newId: () => `acc-${++n}` })
const handlers = createSandboxHandlers({ sandbox, basePath: BASE })
const accountIds: string[] = []

beforeAll(async () => {
  for (const { account, transactions } of testDataFill(today)) {
    const created = await sandbox.createCardAccount(account, { fixes: new Set() })
    if (!created.ok) throw new Error('fill failed')
    accountIds.push(created.value.resourceId)
    await sandbox.addTransactions(created.value.resourceId, transactions)
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
const query = fc
  .array(fc.tuple(queryName, queryValue), { maxLength: 6 })
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

describe('any request', () => {
  it('never answers 5xx; every error is a tppMessages body; rejected requests change nothing', async () => {
    await fc.assert(
      fc.asyncProperty(method, path, query, headers, body, async (verb, target, search, sent, payload) => {
        const before = JSON.stringify(await sandbox.exportSnapshot())
        const request = new Request(`${BASE}${target}${search}`, {
          method: verb,
          headers: sent,
          ...(payload !== undefined && verb !== 'GET' && verb !== 'HEAD' ? { body: payload } : {}),
        })
        const response = await getResponse(handlers, request)
        if (!response) return // outside the sandbox prefix (e.g. a path that normalizes away): not ours
        expect(response.status).toBeLessThan(500)
        const requestId = sent['X-Request-ID']
        expect(response.headers.get('x-request-id')).toBe(
          requestId !== undefined && UUID.test(requestId) ? requestId : null,
        )
        if (response.status >= 400) {
          if (verb !== 'HEAD') expect(tppMessagesBody.safeParse(await response.json()).success).toBe(true)
          expect(JSON.stringify(await sandbox.exportSnapshot())).toBe(before)
        }
      }),
      { numRuns: 3000 },
    )
  }, 30_000)
})
