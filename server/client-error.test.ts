// What both servers answer outside their request handlers, probed over raw sockets with the same requests.
import type { Server } from 'node:http'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { localToday } from '../src/contract'
import { createMemoryStore, createSandbox } from '../src/sandbox'
import { createSandboxHandlers } from '../src/sandbox-http/handlers'
import { fakeApp } from './test-support/fake-app'
import { fakeUpstream } from './test-support/fake-upstream'
import { close, listen, parseRaw, sendRaw } from './test-support/http'
import { createSandboxServer } from './upstream'

const REQUEST_ID = '3f0b2a8e-1111-4c1c-9a11-0123456789ab'
const servers: Server[] = []
const ports = { proxy: 0, sandbox: 0 }
const upstream = fakeUpstream()

beforeAll(async () => {
  const app = fakeApp({ upstream: new URL(`http://127.0.0.1:${await listen(upstream.server)}`) })
  const sandbox = createSandbox({ store: createMemoryStore(), today: () => localToday() })
  const sandboxServer = createSandboxServer({
    handlers: createSandboxHandlers({ sandbox }),
    maxBodyBytes: 4096,
  })
  servers.push(upstream.server, app, sandboxServer)
  ports.proxy = await listen(app)
  ports.sandbox = await listen(sandboxServer)
})
afterAll(() => Promise.all(servers.map(close)))
beforeEach(() => {
  upstream.received.length = 0
})

/** Every answer on the connection until the server closed it. */
const answersOf = (raw: string) => raw.split(/(?=HTTP\/1\.1 \d{3} )/).map(parseRaw)

describe.each([
  ['the proxy', 'proxy', '/api/v1/sandbox/card-accounts'],
  ['the sandbox server', 'sandbox', '/v1/sandbox/card-accounts'],
] as const)('%s', (_name, server, path) => {
  it('refuses CONNECT to an operation path with 405 naming the method, then closes; nothing is forwarded', async () => {
    const raw = await sendRaw(
      ports[server],
      `CONNECT ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Request-ID: ${REQUEST_ID}\r\n\r\n`,
    )
    const [answer, ...more] = answersOf(raw)
    expect(more).toEqual([])
    expect(answer?.status).toBe(405)
    expect(answer?.head).toMatch(/\r\nallow: GET, HEAD, POST, OPTIONS\r\n/i)
    expect(answer?.head).toMatch(new RegExp(`\r\nx-request-id: ${REQUEST_ID}\r\n`, 'i'))
    expect(answer?.head).toMatch(/\r\nconnection: close(\r\n|$)/i)
    // The console's server: /api's security headers on its refusal too, as on every answer of /api.
    if (server === 'proxy') expect(answer?.head).toMatch(/\r\ncontent-security-policy: sandbox\r\n/i)
    expect(JSON.parse(answer?.body ?? '')).toEqual({
      tppMessages: [
        {
          category: 'ERROR',
          code: 'SERVICE_INVALID',
          text: `CONNECT is not allowed on ${path}; allowed: GET, HEAD, POST, OPTIONS`,
        },
      ],
    })
    expect(upstream.received).toEqual([])
  })

  it('refuses CONNECT to another host with 405: it opens no tunnel, and the bytes after are not read', async () => {
    const raw = await sendRaw(ports[server], [
      'CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\n\r\n',
      `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`,
    ])
    const [answer, ...more] = answersOf(raw)
    expect(more).toEqual([])
    expect(answer?.status).toBe(405)
    expect(JSON.parse(answer?.body ?? '')).toEqual({
      tppMessages: [
        {
          category: 'ERROR',
          code: 'SERVICE_INVALID',
          text: 'CONNECT is not allowed on evil.example:443: this server opens no tunnels',
        },
      ],
    })
    expect(upstream.received).toEqual([])
  })

  it('answers a request asking to Upgrade as any other, then closes the connection rather than hang', async () => {
    const raw = await sendRaw(ports[server], [
      `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Request-ID: ${REQUEST_ID}\r\n` +
        'Connection: Upgrade\r\nUpgrade: websocket\r\n\r\n',
      // Node's parser reads nothing more after such a request: this one waited for ever.
      `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Request-ID: ${crypto.randomUUID()}\r\n\r\n`,
    ])
    const [answer, ...more] = answersOf(raw)
    expect(more).toEqual([])
    expect(answer?.status).toBe(200)
    expect(answer?.head).toMatch(/\r\nconnection: close(\r\n|$)/i)
    // The proxy's fake upstream answers `{}`; the sandbox has no account yet.
    expect(JSON.parse(answer?.body ?? '')).toEqual(server === 'proxy' ? {} : { cardAccounts: [] })
    // Upgrade is for this hop only: the proxy never asks the upstream for it.
    expect(upstream.received.map(({ headers }) => headers.upgrade)).toEqual(
      server === 'proxy' ? [undefined] : [],
    )
  })
})
