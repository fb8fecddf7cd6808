// The proxy's conditions: set at /console/conditions under /api's rules, applied before anything is signed
// or forwarded, so an injected answer never reaches the bank.
import { randomUUID } from 'node:crypto'
import type { Server } from 'node:http'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  type ConditionRule,
  conditionsState,
  type IsoDate,
  psd2QuotaRule,
  tppMessagesBody,
} from '../src/contract'
import { CONSOLE_CONDITIONS_PATH, createProxyConditions } from './conditions'
import { fakeApp } from './test-support/fake-app'
import { fakeUpstream } from './test-support/fake-upstream'
import { close, json, listen, send } from './test-support/http'

const TOKEN = 'feed'.repeat(12)
const REQUEST_ID = '0b6e1c4e-4a8e-4d36-9d0e-2f3c6b1a9e01'
const upstream = fakeUpstream()
let today: IsoDate = '2026-03-01'
let app: Server
let port = 0

beforeAll(async () => {
  const upstreamPort = await listen(upstream.server)
  app = fakeApp({
    upstream: new URL(`http://127.0.0.1:${upstreamPort}`),
    allowedHostnames: new Set(['127.0.0.1']),
    consoleSecret: { value: TOKEN, required: true },
    conditions: createProxyConditions({ upstreamTimeoutMs: 40, today: () => today }),
  })
  port = await listen(app)
})
afterAll(async () => {
  await close(app)
  await close(upstream.server)
})
beforeEach(async () => {
  today = '2026-03-01'
  upstream.received.length = 0
  expect((await setRules([])).status).toBe(200)
})

const headers = (extra: Record<string, string> = {}) => ({
  host: `127.0.0.1:${port}`,
  'x-console-secret': TOKEN,
  ...extra,
})
const setRules = (rules: unknown) =>
  send(port, CONSOLE_CONDITIONS_PATH, {
    method: 'PUT',
    headers: headers({ 'content-type': 'application/json' }),
    body: JSON.stringify({ rules }),
  })
const rule = (fields: Partial<ConditionRule> & Pick<ConditionRule, 'kind'>): ConditionRule =>
  ({ id: 'r1', operation: 'listTransactions', probability: 1, seed: 1, ...fields }) as ConditionRule
/** A new X-Request-ID each time unless given: the proxy signs one id only once. */
const read = (account = 'acc-1', requestId = randomUUID()) =>
  send(port, `/api/v1/sandbox/card-accounts/${account}/transactions?bookingStatus=both`, {
    headers: headers({ 'x-request-id': requestId }),
  })
const messageOf = (text: string) => tppMessagesBody.parse(JSON.parse(text)).tppMessages[0]

describe(CONSOLE_CONDITIONS_PATH, () => {
  it('keeps the set for every tab: PUT answers it, GET gives it back with the upstream timeout', async () => {
    const rules = [rule({ kind: 'error', status: 503, retryAfterSeconds: 30 })]
    expect(conditionsState.parse(json(await setRules(rules))).rules).toEqual(rules)
    const got = await send(port, CONSOLE_CONDITIONS_PATH, { headers: headers() })
    expect(got.status).toBe(200)
    expect(got.headers['cache-control']).toBe('no-store')
    expect(conditionsState.parse(json(got))).toEqual({ rules, upstreamTimeoutMs: 40, fired: [] })
  })

  it('refuses a set that is not one, with the field at fault, and keeps the last', async () => {
    await setRules([rule({ kind: 'reset' })])
    const refused = await setRules([rule({ kind: 'latency', minMs: 9, maxMs: 1 })])
    expect(refused.status).toBe(400)
    expect(messageOf(refused.text)).toMatchObject({ code: 'FORMAT_ERROR', path: 'rules[0].maxMs' })
    const got = conditionsState.parse(json(await send(port, CONSOLE_CONDITIONS_PATH, { headers: headers() })))
    expect(got.rules.map((r) => r.kind)).toEqual(['reset'])
  })

  it("is under /api's rules: another origin, a foreign Host or no token is refused", async () => {
    const put = (extra: Record<string, string>) =>
      send(port, CONSOLE_CONDITIONS_PATH, {
        method: 'PUT',
        headers: { ...headers(), ...extra },
        body: '{"rules":[]}',
      })
    expect((await put({ origin: 'http://evil.example' })).status).toBe(403)
    expect((await put({ host: 'evil.example' })).status).toBe(403)
    expect((await put({ 'x-console-secret': '' })).status).toBe(403)
    const deleted = await send(port, CONSOLE_CONDITIONS_PATH, { method: 'DELETE', headers: headers() })
    expect(deleted.status).toBe(405)
    expect(deleted.headers.allow).toBe('GET, HEAD, PUT')
  })
})

describe('conditions in the proxy', () => {
  it('answers a 503 with Retry-After itself, badged; the upstream never hears of it', async () => {
    await setRules([rule({ kind: 'error', status: 503, retryAfterSeconds: 30 })])
    const answer = await read('acc-1', REQUEST_ID)
    expect(answer.status).toBe(503)
    expect(answer.headers['retry-after']).toBe('30')
    expect(answer.headers['x-console-condition']).toBe('r1: 503 Retry-After 30 s')
    expect(answer.headers['x-request-id']).toBe(REQUEST_ID)
    expect(JSON.parse(answer.text)).toEqual({
      tppMessages: [
        {
          category: 'ERROR',
          code: 'SERVICE_UNAVAILABLE',
          text: 'The service is unavailable; try again later',
        },
      ],
    })
    expect(upstream.received).toEqual([])
  })

  it('lets a request with latency through to the upstream, badged', async () => {
    await setRules([rule({ kind: 'latency', minMs: 5, maxMs: 5 })])
    const answer = await read()
    expect(answer.status).toBe(200)
    expect(answer.headers['x-console-condition']).toBe('r1: latency 5 ms')
    expect(upstream.received).toHaveLength(1)
  })

  it('holds a timeout until UPSTREAM_TIMEOUT_MS, then answers 504 without forwarding', async () => {
    await setRules([rule({ kind: 'timeout' })])
    const answer = await read()
    expect(answer.status).toBe(504)
    expect(answer.headers['x-console-condition']).toBe('r1: timeout')
    expect(messageOf(answer.text)).toEqual({
      category: 'ERROR',
      code: 'UPSTREAM_TIMEOUT',
      text: 'No answer within 40 ms (UPSTREAM_TIMEOUT_MS): the condition held the request, and nothing was sent upstream',
    })
    expect(upstream.received).toEqual([])
  })

  it('resets the connection: no HTTP answer, and the fired log names the request', async () => {
    await setRules([rule({ kind: 'reset' })])
    await expect(read('acc-1', REQUEST_ID)).rejects.toThrow(/socket hang up|ECONNRESET/)
    expect(upstream.received).toEqual([])
    const got = conditionsState.parse(json(await send(port, CONSOLE_CONDITIONS_PATH, { headers: headers() })))
    expect(got.fired[0]).toMatchObject({ requestId: REQUEST_ID, condition: 'r1: connection reset' })
  })

  it('counts reads in real time: 429 ACCESS_EXCEEDED after the 4th of an account, none the next day', async () => {
    await setRules([psd2QuotaRule('psd2', 'listTransactions')])
    for (let i = 0; i < 4; i++) expect((await read()).status).toBe(200)
    const refused = await read()
    expect(refused.status).toBe(429)
    expect(messageOf(refused.text)).toMatchObject({ code: 'ACCESS_EXCEEDED' })
    expect(upstream.received).toHaveLength(4)
    expect((await read('acc-2')).status).toBe(200)
    today = '2026-03-02'
    expect((await read()).status).toBe(200)
  })

  it('a PUT of the same set starts the seeded run again', async () => {
    const flaky = [rule({ kind: 'error', status: 500, probability: 0.5, seed: 99 })]
    const run = async () => {
      await setRules(flaky)
      const statuses: number[] = []
      for (let i = 0; i < 12; i++) statuses.push((await read()).status)
      return statuses
    }
    const first = await run()
    expect(new Set(first)).toEqual(new Set([200, 500]))
    expect(await run()).toEqual(first)
  })
})
