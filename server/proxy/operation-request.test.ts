import { describe, expect, it } from 'vitest'
import { type Problem, tppMessagesOf } from '../../src/contract'
import { contentTypeProblem } from '../../src/contract/request-body'
import { proxyBeforeRecordingUpstream } from '../test-support/fake-app'
import { json, send } from '../test-support/http'

const ACCOUNTS = '/api/v1/sandbox/card-accounts'
/** The platform's ids: `enc!!`, base64url of 64 bytes, padding kept. */
const PLATFORM_ID = `enc!!${'Ab-_'.repeat(21)}Ab==`
const proxy = proxyBeforeRecordingUpstream()
const { upstream } = proxy

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  send(proxy.port(), path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  })

describe('path parameters', () => {
  it.each([
    ['a ; segment', `${ACCOUNTS}/..;/transactions`],
    ['a ; parameter', `${ACCOUNTS}/abc;jsessionid=1`],
    ['%3F', `${ACCOUNTS}/abc%3Fx=1`],
    ['%23', `${ACCOUNTS}/abc%23x`],
    ['%3B', `${ACCOUNTS}/abc%3Bx`],
    ['%20', `${ACCOUNTS}/abc%20x`],
    ['%40', `${ACCOUNTS}/abc%40x`],
    ['a transaction id with ;', `${ACCOUNTS}/abc/transactions/t1;x`],
  ])(
    'refuses %s with 400 naming the parameter and its rule, as the sandbox does, and signs nothing',
    async (_name, path) => {
      const answer = await send(proxy.port(), path, {
        method: path.includes('/transactions/') ? 'DELETE' : 'GET',
      })
      expect(answer.status).toBe(400)
      expect(json(answer)).toMatchObject({
        tppMessages: [
          {
            code: 'FORMAT_ERROR',
            path: expect.stringMatching(/Id$/),
            text: expect.stringMatching(/Id must be 1 to /),
          },
        ],
      })
      expect(upstream.received).toEqual([])
    },
  )

  it("forwards the platform's enc!! ids, raw or percent-encoded", async () => {
    expect((await send(proxy.port(), `${ACCOUNTS}/${PLATFORM_ID}`)).status).toBe(200)
    const read = await send(
      proxy.port(),
      `${ACCOUNTS}/${encodeURIComponent(PLATFORM_ID)}/transactions?bookingStatus=both`,
    )
    expect(read.status).toBe(200)
    expect(upstream.received).toHaveLength(2)
  })
})

describe('query parameters', () => {
  it.each([
    ['POST', ACCOUNTS, '_method'],
    ['GET', ACCOUNTS, 'x'],
    ['DELETE', `${ACCOUNTS}/abc`, '_method'],
  ])('a %s of %s takes none: %s is refused with 400 naming it', async (method, path, name) => {
    const answer = await send(proxy.port(), `${path}?${name}=DELETE`, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(method === 'POST' ? { body: '{}' } : {}),
    })
    expect(answer.status).toBe(400)
    expect(json(answer)).toMatchObject({ tppMessages: [{ code: 'PARAMETER_NOT_SUPPORTED', path: name }] })
    expect(upstream.received).toEqual([])
  })

  it.each([
    ['dateFrom', 'fromDate'],
    ['BookingStatus', 'bookingStatus'],
  ])('names what %s plainly meant, %s, as the sandbox does', async (name, meant) => {
    const answer = await send(proxy.port(), `${ACCOUNTS}/abc/transactions?${name}=2026-01-01`)
    expect(answer.status).toBe(400)
    expect(json(answer)).toMatchObject({
      tppMessages: [
        {
          path: name,
          text: `${name} is not a query parameter of GET /v1/sandbox/card-accounts/{mockCardAccountId}/transactions: use ${meant}`,
        },
      ],
    })
    expect(upstream.received).toEqual([])
  })

  it("forwards the operation's own and refuses another next to them", async () => {
    const list = `${ACCOUNTS}/abc/transactions?bookingStatus=booked&limit=10`
    expect((await send(proxy.port(), list)).status).toBe(200)
    const other = await send(proxy.port(), `${list}&debug=1`)
    expect(other.status).toBe(400)
    expect(json(other)).toMatchObject({ tppMessages: [{ path: 'debug' }] })
    expect(upstream.received).toHaveLength(1)
  })
})

describe('the body', () => {
  it.each([
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'text/plain',
    'application/json; charset=iso-8859-1',
    'application/problem+json',
  ])('around JSON as %s is refused with 415', async (type) => {
    const answer = await post(ACCOUNTS, '{"maskedPan":"1234"}', { 'content-type': type })
    expect(answer.status).toBe(415)
    expect(json(answer)).toEqual(tppMessagesOf(contentTypeProblem(type) as Problem))
    expect(json(answer)).toMatchObject({ tppMessages: [{ path: 'Content-Type' }] })
    expect(upstream.received).toEqual([])
  })

  it('as application/json, with or without charset=utf-8, is forwarded', async () => {
    expect((await post(ACCOUNTS, '{}')).status).toBe(200)
    expect((await post(ACCOUNTS, '{}', { 'content-type': 'application/json; charset=utf-8' })).status).toBe(
      200,
    )
    expect(upstream.received).toHaveLength(2)
  })
})

describe('headers', () => {
  // Dropped, not refused, whatever its value (README says so): like any header no operation takes.
  it.each(['https://tpp.example/cb', 'javascript:alert(1)'])(
    'forwards no TPP-Redirect-URI (%s: no operation uses one), nor a Content-Type without a body',
    async (uri) => {
      const answer = await send(proxy.port(), ACCOUNTS, {
        headers: { 'tpp-redirect-uri': uri, 'content-type': 'text/plain' },
      })
      expect(answer.status).toBe(200)
      expect(upstream.received[0]?.headers).not.toHaveProperty('tpp-redirect-uri')
      expect(upstream.received[0]?.headers).not.toHaveProperty('content-type')
    },
  )

  it('forwards PSU headers, each at most 256 characters', async () => {
    const ok = await send(proxy.port(), ACCOUNTS, {
      headers: { 'psu-id': 'PSU-1', 'psu-ip-address': '192.0.2.1' },
    })
    expect(ok.status).toBe(200)
    expect(upstream.received[0]?.headers).toMatchObject({ 'psu-id': 'PSU-1', 'psu-ip-address': '192.0.2.1' })
    const long = await send(proxy.port(), ACCOUNTS, {
      headers: { 'psu-user-agent': 'x'.repeat(16 * 1024 - 200) },
    })
    expect(long.status).toBe(400)
    expect(json(long)).toMatchObject({ tppMessages: [{ path: 'psu-user-agent' }] })
    expect(upstream.received).toHaveLength(1)
  })
})
