import { describe, expect, it } from 'vitest'
import { type Problem, tppMessagesOf, UUID } from '../../src/contract'
import { readJsonBody } from '../../src/contract/request-body'
import { requestIdProblem } from '../../src/contract/request-headers'
import { proxyBeforeRecordingUpstream } from '../test-support/fake-app'
import { json, parseRaw, send, sendRaw } from '../test-support/http'

const ACCOUNTS = '/api/v1/sandbox/card-accounts'
const TRANSACTIONS = `${ACCOUNTS}/abc/transactions`
const proxy = proxyBeforeRecordingUpstream()
const { upstream } = proxy

function post(path: string, body: string | Buffer, headers: Record<string, string> = {}) {
  return send(proxy.port(), path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  })
}

describe('a POST body that cannot be meant for its route is refused with 400, never signed', () => {
  it.each([
    ['text', ACCOUNTS, 'maskedPan=1234'],
    ['nothing', ACCOUNTS, ''],
    ['truncated JSON', ACCOUNTS, '{"maskedPan":'],
    ['bytes that are not UTF-8', ACCOUNTS, Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d])],
    ['an array where a card account object goes', ACCOUNTS, '[{"maskedPan":"1234"}]'],
    ['null for a card account', ACCOUNTS, 'null'],
    ['a string for transactions', TRANSACTIONS, '"booked"'],
    ['a number for transactions', TRANSACTIONS, '42'],
    ['null for transactions', TRANSACTIONS, 'null'],
  ])('%s', async (_name, path, body) => {
    const answer = await post(path, body)
    expect(answer.status).toBe(400)
    expect(json(answer)).toMatchObject({
      tppMessages: [
        {
          category: 'ERROR',
          code: 'FORMAT_ERROR',
          text: expect.stringMatching(/^The request body (must|is|cannot)/),
        },
      ],
    })
    expect(upstream.received).toEqual([])
  })

  it.each([
    ['truncated JSON', '{"maskedPan":"1234', /^The request body cannot be read as JSON: .+ at position \d+$/],
    ['not JSON', '[{,}]', /^The request body cannot be read as JSON: .+ at position \d+$/],
    ['an empty body', '', /^The request body is empty: send a JSON document$/],
    [
      'bytes that are not UTF-8',
      Buffer.from([0x5b, 0x22, 0xff, 0x22, 0x5d]),
      /^The request body is not valid UTF-8$/,
    ],
  ])("says why %s cannot be read in the sandbox's words", async (_name, body, text) => {
    const answer = await post(ACCOUNTS, body)
    const read = readJsonBody(Buffer.from(body))
    expect(read.ok).toBe(false)
    if (!read.ok) expect(json(answer)).toEqual(tppMessagesOf(read.problem))
    expect(json(answer)).toMatchObject({ tppMessages: [{ text: expect.stringMatching(text) }] })
  })

  it.each([
    ['a card account object', ACCOUNTS, '{"maskedPan":"1234********5678"}'],
    ['an array of transactions', TRANSACTIONS, '[{"merchantCategoryCode":"5411"}]'],
    ['one transaction object', TRANSACTIONS, '{"merchantCategoryCode":"5411"}'],
    ['an object with fields the bank will refuse', ACCOUNTS, '{"maskedPan":42,"unknown":true}'],
  ])('forwards %s: the fields are the bank to check', async (_name, path, body) => {
    expect((await post(path, body)).status).toBe(200)
    expect(upstream.received.map((r) => r.body)).toEqual([body])
  })
})

describe('X-Request-ID', () => {
  it('is refused with 400 naming it when it was signed in the last 10 minutes', async () => {
    const id = '0d9a2c5e-6b1f-4e3a-9c8d-7f6e5d4c3b2a'
    expect((await send(proxy.port(), ACCOUNTS, { headers: { 'x-request-id': id } })).status).toBe(200)
    const again = await post(ACCOUNTS, '{"maskedPan":"other"}', { 'x-request-id': id })
    expect(again.status).toBe(400)
    expect(json(again)).toMatchObject({
      tppMessages: [{ code: 'FORMAT_ERROR', path: 'X-Request-ID', text: expect.stringContaining(id) }],
    })
    expect(upstream.received).toHaveLength(1)
  })

  it('is refused in another case too: the same UUID in upper case is the same id', async () => {
    const id = '2f7c4e8a-9b3d-4c5e-8f1a-6b7c8d9e0f1a'
    expect((await send(proxy.port(), ACCOUNTS, { headers: { 'x-request-id': id } })).status).toBe(200)
    const again = await send(proxy.port(), ACCOUNTS, { headers: { 'x-request-id': id.toUpperCase() } })
    expect(again.status).toBe(400)
    expect(json(again)).toMatchObject({ tppMessages: [{ path: 'X-Request-ID' }] })
    expect(upstream.received).toHaveLength(1)
  })

  it('is not spent by a request refused before signing', async () => {
    const id = '1e8b3d6f-7c2a-4f4b-8d9e-8a7f6e5d4c3b'
    expect((await post(ACCOUNTS, '[]', { 'x-request-id': id })).status).toBe(400)
    expect((await post(ACCOUNTS, '{}', { 'x-request-id': id })).status).toBe(200)
  })

  it("is refused in the sandbox's words when the one sent is no UUID, and nothing is signed", async () => {
    const answer = await send(proxy.port(), ACCOUNTS, { headers: { 'x-request-id': 'nope' } })
    expect(answer.status).toBe(400)
    expect(json(answer)).toEqual(tppMessagesOf(requestIdProblem('nope') as Problem))
    expect(json(answer)).toMatchObject({
      tppMessages: [
        {
          code: 'FORMAT_ERROR',
          path: 'X-Request-ID',
          text: expect.stringMatching(/^X-Request-ID must be a UUID, e\.g\. /),
        },
      ],
    })
    expect(upstream.received).toHaveLength(0)
  })

  it('is made by the proxy, new each time, when none is sent', async () => {
    await send(proxy.port(), ACCOUNTS)
    await send(proxy.port(), ACCOUNTS)
    const ids = upstream.received.map((r) => String(r.headers['x-request-id']))
    expect(ids).toHaveLength(2)
    for (const id of ids) expect(id).toMatch(UUID)
    expect(ids[0]).not.toBe(ids[1])
  })
})

describe('PSU-ID and PSU-Corporate-ID are signed only when well-formed', () => {
  const raw = (header: Buffer | string) =>
    Buffer.concat([
      Buffer.from(`GET ${ACCOUNTS} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n`),
      Buffer.isBuffer(header) ? header : Buffer.from(header, 'latin1'),
      Buffer.from('\r\n\r\n'),
    ])

  it.each([
    ['PSU-ID', 'an empty value', 'PSU-ID: '],
    ['PSU-ID', 'more than 256 characters', `PSU-ID: ${'1'.repeat(257)}`],
    ['PSU-Corporate-ID', 'a tab inside', 'PSU-Corporate-ID: 1812\t9215603'],
    ['PSU-Corporate-ID', 'a C1 control character (0x85)', 'PSU-Corporate-ID: 1812\x859215603'],
    ['PSU-ID', 'a DEL character', 'PSU-ID: 1303\x7f'],
    ['PSU-ID', 'UTF-8 text read as bytes (0x80-0x9f inside)', Buffer.from('PSU-ID: 1303€')],
  ])('%s with %s: 400 naming the header', async (name, _what, header) => {
    const answer = parseRaw(await sendRaw(proxy.port(), raw(header)))
    expect(answer.status).toBe(400)
    expect(JSON.parse(answer.body)).toMatchObject({ tppMessages: [{ code: 'FORMAT_ERROR', path: name }] })
    expect(upstream.received).toEqual([])
  })

  it('forwards 256 visible ISO-8859-1 characters, Latin-1 letters and inner spaces included', async () => {
    const value = `Müller & Søn ${'x'.repeat(256 - 'Müller & Søn '.length)}`
    const answer = parseRaw(await sendRaw(proxy.port(), raw(`PSU-Corporate-ID: ${value}`)))
    expect(answer.status).toBe(200)
    expect(upstream.received[0]?.headers['psu-corporate-id']).toBe(value)
  })
})

describe('headers named in Connection', () => {
  it('are dropped before forwarding: they are meant for the hop to the proxy only', async () => {
    const answer = await send(proxy.port(), ACCOUNTS, {
      headers: {
        connection: 'close, accept-fix, PSU-ID',
        'accept-fix': 'longer-name',
        'psu-id': '13039319955',
      },
    })
    expect(answer.status).toBe(200)
    expect(upstream.received[0]?.headers).not.toHaveProperty('accept-fix')
    expect(upstream.received[0]?.headers).not.toHaveProperty('psu-id')
  })
})
