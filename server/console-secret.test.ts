// Who may use the proxy and who gets full signatures: the per-start console secret, sent by the console's
// page as the X-Console-Secret header (never a cookie, never in a URL), and the Host check, over real sockets.
import { writeFileSync } from 'node:fs'
import type { Server } from 'node:http'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { CONSOLE_SECRET_META } from '../src/contract'
import { ConfigError, readConfig } from './config'
import { type ConsoleServer, startConsoleServer } from './test-support/console-process'
import { fakeApp } from './test-support/fake-app'
import { fakeUpstream } from './test-support/fake-upstream'
import { close, json, listen, send, traceOf } from './test-support/http'
import { tempFolder } from './test-support/temp-folder'

const ACCOUNTS = '/api/v1/sandbox/card-accounts'
const TOKEN = 'c0ffee'.repeat(8)
const upstream = fakeUpstream()
const staticDir = tempFolder('console-secret-')
writeFileSync(join(staticDir, 'index.html'), '<!doctype html><html><head><title>c</title></head></html>')
let upstreamPort = 0
/** CONSOLE_TOKEN=required under devbox.example: the user pastes the secret. */
let required: Server
let port = 0
/** On loopback by default: the page gets the secret inside index.html. */
let loopback: Server
let loopbackPort = 0

beforeAll(async () => {
  upstreamPort = await listen(upstream.server)
  required = fakeApp({
    staticDir,
    upstream: new URL(`http://127.0.0.1:${upstreamPort}`),
    allowedHostnames: new Set(['devbox.example']),
    consoleSecret: { value: TOKEN, required: true },
  })
  port = await listen(required)
  loopback = fakeApp({
    staticDir,
    upstream: new URL(`http://127.0.0.1:${upstreamPort}`),
    allowedHostnames: new Set(['127.0.0.1', 'localhost']),
    consoleSecret: { value: TOKEN, required: false },
  })
  loopbackPort = await listen(loopback)
})

afterAll(async () => {
  await Promise.all([close(required), close(loopback), close(upstream.server)])
})

beforeEach(() => {
  upstream.received.length = 0
})

const host = () => `devbox.example:${port}`
const metaOf = (html: string) =>
  new RegExp(`<meta name="${CONSOLE_SECRET_META}" content="([0-9a-f]*)">`).exec(html)?.[1]

describe('an old console URL with ?token=', () => {
  it('sets nothing and says to paste the token instead', async () => {
    const answer = await send(port, `/accounts?token=${TOKEN}&account=abc`, { headers: { host: host() } })
    expect(answer.status).toBe(400)
    expect(answer.headers).not.toHaveProperty('set-cookie')
    expect(answer.headers).not.toHaveProperty('location')
    expect(answer.headers['cache-control']).toBe('no-store')
    expect(answer.text).toContain('paste the token')
  })
})

describe('with the secret required', () => {
  it('refuses /api without X-Console-Secret with 403, even with the token as the cookie older consoles set', async () => {
    for (const headers of [
      { host: host() },
      { host: host(), origin: `http://${host()}`, 'sec-fetch-site': 'same-origin' },
      { host: host(), cookie: `sandbox-console-token-${port}=${TOKEN}` },
      { host: host(), 'x-console-secret': '0'.repeat(48) },
    ]) {
      const answer = await send(port, ACCOUNTS, { headers })
      expect(answer.status).toBe(403)
      expect(json(answer)).toMatchObject({
        tppMessages: [
          { code: 'FORMAT_ERROR', path: 'X-Console-Secret', text: expect.stringContaining('paste') },
        ],
      })
    }
    expect(upstream.received).toEqual([])
  })

  it('forwards a request that carries the secret, without the secret, and gives the full signature back', async () => {
    const answer = await send(port, ACCOUNTS, { headers: { host: host(), 'x-console-secret': TOKEN } })
    expect(answer.status).toBe(200)
    expect(upstream.received).toHaveLength(1)
    expect(upstream.received[0]?.headers).not.toHaveProperty('x-console-secret')
    expect(answer.headers).not.toHaveProperty('set-cookie')
    expect(traceOf(answer.headers).requestHeaders.signature).toBe('fake')
    expect(traceOf(answer.headers).withheld).toBeUndefined()
  })

  it('never puts the secret into the page: the user pastes it', async () => {
    const page = await send(port, '/', { headers: { host: host() } })
    expect(page.status).toBe(200)
    expect(metaOf(page.text)).toBeUndefined()
    expect(page.text).not.toContain(TOKEN)
  })

  it('compares Host with the configured names only: no loopback name passes unless listed', async () => {
    for (const name of [`127.0.0.1:${port}`, `localhost:${port}`, `attacker.example:${port}`]) {
      const answer = await send(port, ACCOUNTS, { headers: { host: name, 'x-console-secret': TOKEN } })
      expect(answer.status).toBe(403)
      expect(json(answer)).toMatchObject({ tppMessages: [{ path: 'Host' }] })
    }
    expect(upstream.received).toEqual([])
  })
})

describe('on loopback by default', () => {
  const local = { host: `127.0.0.1:${0}` }
  beforeAll(() => {
    local.host = `127.0.0.1:${loopbackPort}`
  })

  it("hands the page its secret in index.html, under the console's names only, and never for storing", async () => {
    for (const path of ['/', '/index.html', '/accounts/abc']) {
      const page = await send(loopbackPort, path, { headers: local })
      expect(metaOf(page.text)).toBe(TOKEN)
      expect(page.headers['cache-control']).toBe('no-store')
    }
    // A DNS-rebinding page reads index.html as its own origin's: under its name there is no secret.
    const rebound = await send(loopbackPort, '/', { headers: { host: `attacker.example:${loopbackPort}` } })
    expect(rebound.status).toBe(200)
    expect(metaOf(rebound.text)).toBeUndefined()
    expect(rebound.text).not.toContain(TOKEN)
  })

  it('signs for a local caller without the secret, but withholds the signature from its trace', async () => {
    const answer = await send(loopbackPort, ACCOUNTS, { headers: local })
    expect(answer.status).toBe(200)
    const trace = traceOf(answer.headers)
    expect(trace.requestHeaders.signature).toBe('(withheld)')
    expect(trace.withheld).toContain('X-Console-Secret')
    expect(JSON.stringify(trace)).not.toContain('fake')
  })

  it("gives the console's page, which sends the secret, the full signature", async () => {
    const answer = await send(loopbackPort, ACCOUNTS, { headers: { ...local, 'x-console-secret': TOKEN } })
    expect(traceOf(answer.headers).requestHeaders.signature).toBe('fake')
  })

  // A page opened before a restart sends the last start's secret: its reads were answered, each with the
  // signature withheld, and nothing told the page that its index.html now held a new one.
  it("tells a page that sends another start's secret that it is stale, and no one else", async () => {
    const stale = await send(loopbackPort, ACCOUNTS, { headers: { ...local, 'x-console-secret': 'feed42' } })
    expect(stale.status).toBe(200)
    expect(traceOf(stale.headers).withheld).toContain('X-Console-Secret')
    expect(stale.headers['x-console-secret-stale']).toBe('true')
    const current = await send(loopbackPort, ACCOUNTS, { headers: { ...local, 'x-console-secret': TOKEN } })
    const none = await send(loopbackPort, ACCOUNTS, { headers: local })
    expect([current.headers['x-console-secret-stale'], none.headers['x-console-secret-stale']]).toEqual([
      undefined,
      undefined,
    ])
  })
})

describe('the configuration', () => {
  it('on loopback by default: the usual names, no token; CONSOLE_TOKEN=required turns it on', () => {
    expect(readConfig({})).toMatchObject({
      allowedHostnames: ['127.0.0.1', 'localhost', '[::1]'],
      tokenRequired: false,
    })
    expect(readConfig({ HOST: '::1' })).toMatchObject({
      allowedHostnames: ['[::1]', 'localhost', '127.0.0.1'],
    })
    expect(readConfig({ CONSOLE_TOKEN: 'required' }).tokenRequired).toBe(true)
  })

  it('off loopback: the token always, and only the HOST value or ALLOWED_HOSTS as names', () => {
    expect(readConfig({ HOST: '192.168.1.20' })).toMatchObject({
      allowedHostnames: ['192.168.1.20'],
      tokenRequired: true,
    })
    expect(
      readConfig({ HOST: '0.0.0.0', ALLOWED_HOSTS: 'DevBox.example, 192.168.1.20,fe80::1' }),
    ).toMatchObject({
      allowedHostnames: ['devbox.example', '192.168.1.20', '[fe80::1]'],
      tokenRequired: true,
    })
  })

  it.each([
    [{ HOST: '0.0.0.0' }, 'HOST=0.0.0.0 listens on every interface: set ALLOWED_HOSTS'],
    [{ HOST: '::' }, 'HOST=:: listens on every interface: set ALLOWED_HOSTS'],
    [{ ALLOWED_HOSTS: 'devbox.example:5173' }, 'ALLOWED_HOSTS must hold host names without port or path'],
    [{ ALLOWED_HOSTS: 'devbox.example/x' }, 'ALLOWED_HOSTS must hold host names without port or path'],
    [{ ALLOWED_HOSTS: 'a,,b' }, 'ALLOWED_HOSTS must hold host names without port or path, not ""'],
    [{ CONSOLE_TOKEN: 'off' }, 'CONSOLE_TOKEN can only be "required" (or unset), not "off"'],
  ])('refuses %o', (env, message) => {
    expect(() => readConfig(env)).toThrow(ConfigError)
    expect(() => readConfig(env)).toThrow(message)
  })
})

describe('npm start with CONSOLE_TOKEN=required', () => {
  let server: ConsoleServer

  beforeAll(async () => {
    server = await startConsoleServer({ CONSOLE_TOKEN: 'required' })
  }, 60_000)

  afterAll(async () => {
    await server.stop()
  })

  it('prints the console URL without the token and the token once; /api then needs it as a header', async () => {
    const output = server.output()
    expect(output).not.toContain('?token=')
    const printed = [...output.matchAll(/console token: ([0-9a-f]{48})\n/g)]
    expect(printed).toHaveLength(1)
    const [, token = ''] = printed[0] ?? []
    const refused = await fetch(`${server.url}${ACCOUNTS}`)
    expect(refused.status).toBe(403)
    const allowed = await fetch(`${server.url}${ACCOUNTS}`, { headers: { 'x-console-secret': token } })
    expect(allowed.status).toBe(200)
    expect(allowed.headers.get('set-cookie')).toBeNull()
  })
})
