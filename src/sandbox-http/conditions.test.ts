import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  type ConditionRule,
  cardAccount,
  type IsoDate,
  localToday,
  psd2QuotaRule,
  transactionsCreated,
} from '../contract'
import { createMemoryStore, createSandbox } from '../sandbox'
import { createConditions, createFiredLog } from '../sandbox/conditions'
import { expectProblem, privateBody, REQUEST_ID, sandboxCaller, txBody, txPath } from '../test/sandbox-calls'
import { conditionsSeam } from './conditions'
import { setupSandboxServer, TEST_BASE_URL } from './node'

let rules: ConditionRule[] = []
/** The quotas' today, moved by the tests; the sandbox's own stays the real one. */
let today: IsoDate = '2026-03-01'
const slept: number[] = []
const fired = createFiredLog()
const sandbox = createSandbox({ store: createMemoryStore(), today: () => localToday() })
const { server } = setupSandboxServer({
  sandbox,
  conditions: conditionsSeam({
    conditions: createConditions({ rules: () => rules, today: () => today }),
    fired,
    holdMs: () => 31_000,
    // The waits are recorded, not waited: what is asserted is how long the sandbox holds an answer.
    sleep: async (ms) => void slept.push(ms),
  }),
})
const call = sandboxCaller(TEST_BASE_URL)

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())
beforeEach(async () => {
  rules = []
  today = '2026-03-01'
  slept.length = 0
  await sandbox.reset()
})

const rule = (fields: Partial<ConditionRule> & Pick<ConditionRule, 'kind'>): ConditionRule =>
  ({ id: 'r1', operation: 'listTransactions', probability: 1, seed: 1, ...fields }) as ConditionRule

async function createAccount(): Promise<string> {
  const response = await call('POST', '/v1/sandbox/card-accounts', { json: privateBody })
  return cardAccount.parse(await response.json()).resourceId
}

const read = (id: string) => call('GET', `${txPath(id)}?bookingStatus=both`)

describe('conditions in the in-browser sandbox', () => {
  it('a 503 with Retry-After, badged, and the sandbox never sees the request', async () => {
    const id = await createAccount()
    rules = [rule({ operation: 'createTransactions', kind: 'error', status: 503, retryAfterSeconds: 30 })]
    const response = await call('POST', txPath(id), { json: [txBody()] })
    await expectProblem(response, 503, {
      code: 'SERVICE_UNAVAILABLE',
      text: 'The service is unavailable; try again later',
    })
    expect(response.headers.get('retry-after')).toBe('30')
    expect(response.headers.get('x-console-condition')).toBe('r1: 503 Retry-After 30 s')
    rules = []
    const page = await (await read(id)).json()
    expect(page.cardTransactions.booked).toEqual([])
  })

  it('a 500 without Retry-After', async () => {
    const id = await createAccount()
    rules = [rule({ kind: 'error', status: 500 })]
    const response = await read(id)
    await expectProblem(response, 500, {
      code: 'INTERNAL_SERVER_ERROR',
      text: 'The service failed to answer the request',
    })
    expect(response.headers.get('retry-after')).toBeNull()
    expect(response.headers.get('x-console-condition')).toBe('r1: 500')
  })

  it('latency holds the answer, then the sandbox answers, badged with the rule', async () => {
    const id = await createAccount()
    rules = [rule({ kind: 'latency', minMs: 700, maxMs: 700 })]
    const response = await call('POST', txPath(id), { json: [txBody()] })
    expect(response.status).toBe(201)
    expect(slept).toEqual([])
    const page = await read(id)
    expect(page.status).toBe(200)
    expect(slept).toEqual([700])
    expect(page.headers.get('x-console-condition')).toBe('r1: latency 700 ms')
  })

  it('a timeout holds the request past the console timeout, then answers 504', async () => {
    const id = await createAccount()
    rules = [rule({ kind: 'timeout' })]
    const response = await read(id)
    expect(slept).toEqual([31_000])
    await expectProblem(response, 504, {
      code: 'UPSTREAM_TIMEOUT',
      text: 'No answer within 31000 ms: the condition held the request, and the sandbox never saw it',
    })
    expect(response.headers.get('x-console-condition')).toBe('r1: timeout')
  })

  it('a reset is a network error, and the fired log names it by request id', async () => {
    const id = await createAccount()
    rules = [rule({ operation: 'createTransactions', kind: 'reset' })]
    await expect(call('POST', txPath(id), { json: [txBody()] })).rejects.toThrow(TypeError)
    expect(fired.find(REQUEST_ID)?.condition).toBe('r1: connection reset')
    rules = []
    expect((await (await read(id)).json()).cardTransactions.booked).toEqual([])
  })

  it('429 ACCESS_EXCEEDED after the 4th read of the day, again on the next day', async () => {
    const id = await createAccount()
    const other = await createAccount()
    rules = [psd2QuotaRule('psd2', 'listTransactions')]
    for (let i = 0; i < 4; i++) expect((await read(id)).status).toBe(200)
    const refused = await read(id)
    await expectProblem(refused, 429, {
      code: 'ACCESS_EXCEEDED',
      text: "The access limit of 4 reads a day of this account is exceeded; it resets when the sandbox clock's day ends",
    })
    expect(refused.headers.get('x-console-condition')).toBe('psd2: 429 after 4 reads a day')
    expect((await read(other)).status).toBe(200)
    today = '2026-03-02'
    expect((await read(id)).status).toBe(200)
  })

  it('a write the conditions let through is stored as usual', async () => {
    const id = await createAccount()
    rules = [rule({ operation: 'listTransactions', kind: 'error', status: 500 })]
    const created = await call('POST', txPath(id), { json: [txBody()] })
    expect(created.status).toBe(201)
    expect(transactionsCreated.parse(await created.json()).transactions).toHaveLength(1)
  })
})
