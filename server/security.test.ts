import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fakeApp } from './test-support/fake-app'
import { fakeUpstream } from './test-support/fake-upstream'
import { close, listen, parseRaw, send, sendRaw } from './test-support/http'

// Raw sockets throughout: these are requests a well-behaved HTTP client would refuse to send.
const upstream = fakeUpstream()
const servers = [upstream.server]
let port = 0

beforeAll(async () => {
  const upstreamPort = await listen(upstream.server)
  const app = fakeApp({
    upstream: new URL(`http://127.0.0.1:${upstreamPort}`),
    allowedHostnames: new Set(['127.0.0.1', 'localhost']),
  })
  servers.push(app)
  port = await listen(app)
})

afterAll(async () => {
  await Promise.all(servers.map(close))
})

const ACCOUNTS = '/api/v1/sandbox/card-accounts'

function request(target: string, headers: string[] = [], method = 'GET'): string {
  return `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers.map((h) => `${h}\r\n`).join('')}Connection: close\r\n\r\n`
}

async function refused(data: string | Buffer | Array<string | Buffer>) {
  const answer = parseRaw(await sendRaw(port, data))
  return { status: answer.status, body: answer.body === '' ? undefined : JSON.parse(answer.body) }
}

describe('request targets that could reach another host or path are refused with 400', () => {
  it.each([
    ['absolute-form', 'http://evil.example/api/v1/sandbox/card-accounts'],
    ['absolute-form to the upstream itself', 'http://127.0.0.1:1/v1/sandbox/card-accounts'],
    ['asterisk-form', '*'],
    ['network-path //host', '//evil.example/api/v1/sandbox/card-accounts'],
    ['empty segment', '/api//v1/sandbox/card-accounts'],
    ['dot-dot', `${ACCOUNTS}/../../../admin`],
    ['dot', '/api/v1/sandbox/./card-accounts'],
    ['encoded dots', `${ACCOUNTS}/%2e%2e/%2E%2E/admin`],
    ['half-encoded dots', `${ACCOUNTS}/.%2e/admin`],
    ['encoded slash', `${ACCOUNTS}/abc%2f..%2ftransactions`],
    ['encoded backslash', `${ACCOUNTS}/abc%5c..%5Cadmin`],
    ['raw backslash', `${ACCOUNTS}\\..\\admin`],
    ['double encoding', `${ACCOUNTS}/%252e%252e/admin`],
    ['encoded NUL', `${ACCOUNTS}/abc%00`],
    ['broken escape', `${ACCOUNTS}/abc%zz`],
    ['dot-dot outside /api', '/../../etc/passwd'],
  ])('%s: %s', async (_name, target) => {
    const answer = await refused(request(target))
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ tppMessages: [{ category: 'ERROR', code: 'FORMAT_ERROR' }] })
    expect(upstream.received).toEqual([])
  })
})

describe('a request with two Host lines is refused with 400 (RFC 9112 §3.2), before Host is used', () => {
  it.each([
    ['an /api route', ACCOUNTS],
    ['a page', '/'],
  ])('%s', async (_name, target) => {
    const answer = await refused(request(target, ['Host: evil.example']))
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({
      tppMessages: [
        { code: 'FORMAT_ERROR', path: 'Host', text: expect.stringMatching(/^Host must be sent once/) },
      ],
    })
    expect(upstream.received).toEqual([])
  })
})

describe('header smuggling is refused with 400 FORMAT_ERROR naming the header', () => {
  const id = '99391c7e-ad88-49ec-a2ad-99ddcb1f7721'
  it.each([
    [
      'two X-Request-ID',
      [`X-Request-ID: ${id}`, 'x-request-id: 5f3c2b1a-0000-4000-8000-000000000000'],
      'x-request-id',
    ],
    ['two PSU-ID', ['PSU-ID: 13039319955', 'PSU-ID: 18129215603'], 'PSU-ID'],
    ['two Accept', ['Accept: application/json', 'Accept: text/plain'], 'Accept'],
    ['a CR inside a value', ['PSU-ID: 1303\rSignature: forged'], 'PSU-ID'],
    ['a bare LF inside a value', ['PSU-ID: 1303\nSignature: forged'], 'PSU-ID'],
    ['an obs-fold continuation', ['PSU-ID: 1303', ' 9319955'], 'PSU-ID'],
    ['a NUL inside a value', ['PSU-ID: 1303\0'], 'PSU-ID'],
  ])('%s', async (_name, headers, path) => {
    const answer = await refused(request(ACCOUNTS, headers))
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ tppMessages: [{ code: 'FORMAT_ERROR', path }] })
    expect(upstream.received).toEqual([])
  })
})

describe('bodies over 1 MiB are refused with 413 PAYLOAD_TOO_LARGE', () => {
  const head = (extra: string) =>
    `POST ${ACCOUNTS} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${extra}\r\n`

  it('from Content-Length, before the body is read', async () => {
    const answer = await refused(head(`Content-Length: ${1024 * 1024 + 1}\r\n`))
    expect(answer.status).toBe(413)
    expect(answer.body).toMatchObject({ tppMessages: [{ code: 'PAYLOAD_TOO_LARGE' }] })
  })

  it('by counting a chunked body as it streams', async () => {
    const chunk = Buffer.alloc(64 * 1024, 'a')
    const chunks = Array.from({ length: 17 }, () => [
      `${chunk.length.toString(16)}\r\n`,
      chunk,
      '\r\n',
    ]).flat()
    const answer = await refused([head('Transfer-Encoding: chunked\r\n'), ...chunks, '0\r\n\r\n'])
    expect(answer.status).toBe(413)
    expect(answer.body).toMatchObject({ tppMessages: [{ code: 'PAYLOAD_TOO_LARGE' }] })
  })

  it('and a body of exactly 1 MiB still passes', async () => {
    // A JSON object padded with white space: the proxy signs only a body of the route's shape.
    const body = Buffer.alloc(1024 * 1024, ' ')
    body.write('{}')
    const answer = parseRaw(
      await sendRaw(port, [head(`Content-Length: ${body.length}\r\nConnection: close\r\n`), body]),
    )
    expect(answer.status).toBe(200)
    expect(upstream.received.at(-1)?.body.length).toBe(body.length)
    upstream.received.length = 0 // the other probes expect nothing to have reached the upstream
  })
})

describe('other web pages cannot make the proxy sign for them', () => {
  it.each([
    ['a rebound host name (DNS rebinding)', { host: 'attacker.example:5173' }, 'Host'],
    ['another origin', { origin: 'http://attacker.example' }, 'Origin'],
    ['another local port', { origin: 'http://127.0.0.1:3000' }, 'Origin'],
    ['a cross-site fetch', { 'sec-fetch-site': 'cross-site' }, 'Sec-Fetch-Site'],
    ['a same-site fetch from another port', { 'sec-fetch-site': 'same-site' }, 'Sec-Fetch-Site'],
  ])('refuses %s with 403', async (_name, headers, path) => {
    const answer = await send(port, ACCOUNTS, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'text/plain' },
      body: '{}',
    })
    expect(answer.status).toBe(403)
    expect(JSON.parse(answer.text)).toMatchObject({ tppMessages: [{ code: 'FORMAT_ERROR', path }] })
    expect(upstream.received).toEqual([])
  })

  it("forwards the console's own requests", async () => {
    const headers = { origin: `http://127.0.0.1:${port}`, 'sec-fetch-site': 'same-origin' }
    expect((await send(port, ACCOUNTS, { headers })).status).toBe(200)
    expect((await send(port, ACCOUNTS, { headers: { host: `localhost:${port}` } })).status).toBe(200)
    upstream.received.length = 0
  })
})
