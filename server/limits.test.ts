// The proxy's limits, each set small here and checked by the answer a client gets (never by the time taken).
import { Agent, get, type IncomingMessage, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readConfig, takeConfig } from './config'
import { fakeApp } from './test-support/fake-app'
import { fakeUpstream } from './test-support/fake-upstream'
import { close, listen, parseRaw, sendRaw } from './test-support/http'

const ACCOUNTS = '/api/v1/sandbox/card-accounts'
const upstream = fakeUpstream()
let app: Server
let port = 0

beforeAll(async () => {
  const upstreamPort = await listen(upstream.server)
  app = fakeApp({
    upstream: new URL(`http://127.0.0.1:${upstreamPort}`),
    clientTimeouts: { headersTimeoutMs: 200, requestTimeoutMs: 400 },
  })
  port = await listen(app)
})

afterAll(async () => {
  await Promise.all([close(app), close(upstream.server)])
})

it('leaves an idle connection for the browser to close, and says how long it keeps one', async () => {
  const agent = new Agent({ keepAlive: true })
  const answer = await new Promise<IncomingMessage>((resolve, reject) => {
    // A path the proxy answers itself: the other tests here check that nothing reached the upstream.
    get({ port, path: '/api/no-such-operation', agent }, resolve).on('error', reject)
  })
  answer.resume()
  agent.destroy()
  // Chromium closes a used idle connection after 300 s: a server that closes first races the browser's next
  // request, which the browser then resends with an X-Request-ID the proxy has signed.
  expect(Number(/timeout=(\d+)/.exec(String(answer.headers['keep-alive']))?.[1])).toBeGreaterThan(300)
})

describe('a client that sends too slowly gets 408 REQUEST_TIMEOUT in the tppMessages shape', () => {
  it('headers that never end', async () => {
    // No blank line: the head is never complete, and the connection stays open until the server acts.
    const answer = parseRaw(await sendRaw(port, `GET ${ACCOUNTS} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: `))
    expect(answer.status).toBe(408)
    expect(JSON.parse(answer.body)).toMatchObject({
      tppMessages: [{ category: 'ERROR', code: 'REQUEST_TIMEOUT' }],
    })
  })

  it('a body shorter than its Content-Length', async () => {
    const head = `POST ${ACCOUNTS} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 20\r\n\r\n`
    const answer = parseRaw(await sendRaw(port, [head, '{"maskedPan"']))
    expect(answer.status).toBe(408)
    expect(JSON.parse(answer.body)).toMatchObject({ tppMessages: [{ code: 'REQUEST_TIMEOUT' }] })
    expect(upstream.received).toEqual([])
  })

  it('but a request received in time waits for a slower upstream answer as long as the upstream limit says', async () => {
    const slow = fakeUpstream((_req, res) => {
      setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'), 600)
    })
    const slowPort = await listen(slow.server)
    const slowApp = fakeApp({
      upstream: new URL(`http://127.0.0.1:${slowPort}`),
      forward: { maxBodyBytes: 1024 },
      clientTimeouts: { headersTimeoutMs: 100, requestTimeoutMs: 200 },
    })
    const appPort = await listen(slowApp)
    try {
      const raw = await sendRaw(
        appPort,
        `GET ${ACCOUNTS} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
      )
      expect(parseRaw(raw).status).toBe(200)
    } finally {
      await Promise.all([close(slowApp), close(slow.server)])
    }
  })
})

describe('request paths with bytes outside ASCII are refused with 400', () => {
  it.each([
    ['an overlong UTF-8 dot', `${ACCOUNTS}/%c0%ae%c0%ae/admin`],
    ['a full-width dot', `${ACCOUNTS}/%EF%BC%8E%EF%BC%8E/admin`],
    ['a Latin-1 letter', `${ACCOUNTS}/caf%e9`],
    ['the lowest such byte', `${ACCOUNTS}/a%80`],
    ['the highest such byte', `${ACCOUNTS}/a%FF`],
    ['outside /api too', '/assets/%c0%ae%c0%ae/index.html'],
  ])('%s: %s', async (_name, target) => {
    const answer = parseRaw(
      await sendRaw(port, `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`),
    )
    expect(answer.status).toBe(400)
    expect(JSON.parse(answer.body)).toMatchObject({ tppMessages: [{ code: 'FORMAT_ERROR' }] })
    expect(upstream.received).toEqual([])
  })
})

describe('the configured limits', () => {
  it('default to 10 s for the headers and 30 s for the whole request', () => {
    expect(readConfig({}).client).toEqual({ headersTimeoutMs: 10_000, requestTimeoutMs: 30_000 })
  })

  it('are read from REQUEST_HEADERS_TIMEOUT_MS and REQUEST_TIMEOUT_MS, the headers within the request', () => {
    expect(readConfig({ REQUEST_HEADERS_TIMEOUT_MS: '200', REQUEST_TIMEOUT_MS: '400' }).client).toEqual({
      headersTimeoutMs: 200,
      requestTimeoutMs: 400,
    })
    expect(() => readConfig({ REQUEST_HEADERS_TIMEOUT_MS: '500', REQUEST_TIMEOUT_MS: '400' })).toThrow(
      'REQUEST_HEADERS_TIMEOUT_MS (500) must not exceed REQUEST_TIMEOUT_MS (400)',
    )
  })
})

describe('the key passphrase', () => {
  it('leaves the environment once the configuration holds it', () => {
    const env: Record<string, string | undefined> = {
      SANDBOX_BASE_URL: 'https://sandbox.bank.example',
      TPP_CERT: 'cert.pem',
      TPP_KEY: 'key.pem',
      TPP_KEY_PASSPHRASE: 'secret words',
    }
    const config = takeConfig(env)
    expect(config.upstream).toMatchObject({ kind: 'remote', passphrase: 'secret words' })
    expect(env).not.toHaveProperty('TPP_KEY_PASSPHRASE')
    expect(env.TPP_KEY).toBe('key.pem')
  })
})
