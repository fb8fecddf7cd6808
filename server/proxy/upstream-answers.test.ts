// Upstream answers no honest HTTP server sends, over real sockets: whatever comes back, the client gets a
// tppMessages answer (or, once the upstream's answer is on its way, a connection closed before its end) and
// the proxy keeps serving.
import { request, type Server } from 'node:http'
import type { Socket } from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApp } from '../test-support/fake-app'
import { close, json, listen, send } from '../test-support/http'
import { type RawUpstream, rawUpstream } from '../test-support/raw-upstream'

const ACCOUNTS = '/api/v1/sandbox/card-accounts'
const OK_BODY = '{"cardAccounts":[]}'
const OK = `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${OK_BODY.length}\r\n\r\n${OK_BODY}`
const cleanups: Array<() => Promise<void>> = []
const logged: string[] = []

afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()))
  logged.length = 0
})

/** An upstream that answers its first request with `first` and every later one with a plain 200. */
async function upstreamAnswering(first: (socket: Socket) => void): Promise<RawUpstream> {
  const upstream = await rawUpstream((socket, index) => (index === 0 ? first(socket) : socket.write(OK)))
  cleanups.push(() => upstream.close())
  return upstream
}

async function proxyTo(upstream: RawUpstream, totalTimeoutMs = 10_000): Promise<number> {
  const app: Server = fakeApp({
    upstream: new URL(`http://127.0.0.1:${upstream.port}`),
    forward: { totalTimeoutMs },
    log: (line) => logged.push(line),
  })
  cleanups.push(() => close(app))
  return listen(app)
}

/** The proxy survived and its pool to the upstream still works: the next request is answered normally. */
async function expectStillServing(port: number) {
  const next = await send(port, ACCOUNTS)
  expect(next.status).toBe(200)
  expect(json(next)).toEqual({ cardAccounts: [] })
}

describe('an upstream status line outside 100-599', () => {
  it.each([
    ['099 Odd', 'HTTP/1.1 099 Odd\r\nContent-Length: 0\r\n\r\n'],
    ['000', 'HTTP/1.1 000 \r\nContent-Length: 0\r\n\r\n'],
    ['600', 'HTTP/1.1 600 Beyond\r\nContent-Length: 2\r\n\r\n{}'],
    ['999', 'HTTP/1.1 999 Whatever\r\nContent-Length: 2\r\n\r\n{}'],
  ])('%s: 502 UPSTREAM_INVALID naming the status, and the proxy keeps serving', async (status, reply) => {
    const upstream = await upstreamAnswering((socket) => socket.write(reply))
    const port = await proxyTo(upstream)
    const answer = await send(port, ACCOUNTS)
    expect(answer.status).toBe(502)
    expect(json(answer)).toMatchObject({
      tppMessages: [
        {
          category: 'ERROR',
          code: 'UPSTREAM_INVALID',
          text: expect.stringContaining(`status ${Number(status.slice(0, 3))}`),
        },
      ],
    })
    expect(answer.headers['x-console-trace']).toBeDefined()
    await expectStillServing(port)
  })
})

describe('an upstream that answers something that is not HTTP', () => {
  it.each([
    ['a line of text', 'NOT HTTP AT ALL\r\n\r\n'],
    ['a header without a colon', 'HTTP/1.1 200 OK\r\nno colon here\r\n\r\n'],
  ])('%s: 502 UPSTREAM_INVALID saying so, and the proxy keeps serving', async (_what, reply) => {
    const upstream = await upstreamAnswering((socket) => socket.end(reply))
    const port = await proxyTo(upstream)
    const answer = await send(port, ACCOUNTS)
    expect(answer.status).toBe(502)
    expect(json(answer)).toMatchObject({
      tppMessages: [
        {
          code: 'UPSTREAM_INVALID',
          text: expect.stringMatching(
            / answered: the upstream does not speak HTTP: check the scheme and port in SANDBOX_BASE_URL \(HPE_[A-Z_]+\)$/,
          ),
        },
      ],
    })
    await expectStillServing(port)
  })
})

describe('an upstream that switches protocols unasked', () => {
  it('101 with Upgrade: 502 at once, long before the total timeout', async () => {
    const upstream = await upstreamAnswering((socket) =>
      socket.write('HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n'),
    )
    // A total timeout far beyond the test's own: only an answer to the 101 itself passes.
    const port = await proxyTo(upstream, 600_000)
    const answer = await send(port, ACCOUNTS)
    expect(answer.status).toBe(502)
    expect(json(answer)).toMatchObject({
      tppMessages: [{ code: 'UPSTREAM_INVALID', text: expect.stringContaining('101') }],
    })
    await expectStillServing(port)
  })

  it('a 101 that then hangs still gets the total timeout when nothing else answers it', async () => {
    const upstream = await upstreamAnswering((socket) =>
      socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: h2c\r\n\r\n'),
    )
    const port = await proxyTo(upstream, 200)
    const answer = await send(port, ACCOUNTS)
    expect([502, 504]).toContain(answer.status)
    expect(json(answer)).toHaveProperty('tppMessages')
  })
})

describe('an upstream body that breaks', () => {
  it.each([
    [
      'a chunk size that is not hex',
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
    ],
    ['a chunk without its CRLF', 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}XX0\r\n\r\n'],
  ])('%s: 502 UPSTREAM_INVALID, and the proxy keeps serving', async (_name, reply) => {
    const upstream = await upstreamAnswering((socket) => socket.end(reply))
    const port = await proxyTo(upstream)
    const answer = await send(port, ACCOUNTS)
    expect(answer.status).toBe(502)
    expect(json(answer)).toMatchObject({
      tppMessages: [{ code: 'UPSTREAM_INVALID', text: expect.stringContaining('broken') }],
    })
    await expectStillServing(port)
  })

  it('the connection closed mid-chunk: 502 UPSTREAM_INVALID rather than half a body', async () => {
    const upstream = await upstreamAnswering((socket) =>
      socket.end('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n20\r\n{"cardAccounts":['),
    )
    const port = await proxyTo(upstream)
    const answer = await send(port, ACCOUNTS)
    expect(answer.status).toBe(502)
    expect(json(answer)).toMatchObject({
      tppMessages: [{ code: 'UPSTREAM_INVALID', text: expect.stringContaining('broken') }],
    })
    await expectStillServing(port)
  })

  it('the connection closed short of Content-Length: 502 UPSTREAM_INVALID', async () => {
    const upstream = await upstreamAnswering((socket) =>
      socket.end('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{"cardAccounts":'),
    )
    const port = await proxyTo(upstream)
    const answer = await send(port, ACCOUNTS)
    expect(answer.status).toBe(502)
    expect(json(answer)).toMatchObject({ tppMessages: [{ code: 'UPSTREAM_INVALID' }] })
    await expectStillServing(port)
  })

  it('a body that stops coming: 504 at the total timeout, not a hang', async () => {
    const upstream = await upstreamAnswering((socket) =>
      socket.write('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n'),
    )
    const port = await proxyTo(upstream, 200)
    const answer = await send(port, ACCOUNTS)
    expect(answer.status).toBe(504)
    expect(json(answer)).toMatchObject({ tppMessages: [{ code: 'UPSTREAM_TIMEOUT' }] })
  })

  const big = `[${'"x",'.repeat(200_000)}"x"]`
  const breaking = (type: string) => (socket: Socket) => {
    socket.write(`HTTP/1.1 200 OK\r\nContent-Type: ${type}\r\nContent-Length: ${big.length + 10}\r\n\r\n`)
    socket.end(big)
  }

  it('a large body that breaks once it is being relayed: the client sees the connection close early', async () => {
    const port = await proxyTo(await upstreamAnswering(breaking('text/plain')))
    // Not a complete answer that looks like the upstream's: the client's own parser sees it end too soon.
    await expect(send(port, ACCOUNTS)).rejects.toThrow(/aborted|socket hang up|ECONNRESET/)
    await expectStillServing(port)
  })

  it('a large JSON body that breaks: 502, as JSON is held whole to map its links', async () => {
    const port = await proxyTo(await upstreamAnswering(breaking('application/json')))
    const answer = await send(port, ACCOUNTS)
    expect(answer.status).toBe(502)
    expect(json(answer)).toMatchObject({ tppMessages: [{ code: 'UPSTREAM_INVALID' }] })
    await expectStillServing(port)
  })
})

describe('the access log', () => {
  it('logs a request the client left before any answer as aborted, with no status', async () => {
    let arrived: () => void = () => {}
    const reached = new Promise<void>((resolve) => {
      arrived = resolve
    })
    const upstream = await upstreamAnswering(() => arrived())
    const port = await proxyTo(upstream)
    const client = request({ host: '127.0.0.1', port, path: ACCOUNTS, agent: false })
    client.on('error', () => {})
    client.end()
    await reached
    client.destroy()
    await vi.waitFor(() => expect(logged).toHaveLength(1))
    expect(logged[0]).toMatch(/^GET \/api\/v1\/sandbox\/card-accounts aborted \d+\.\dms /)
  })
})
