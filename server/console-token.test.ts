// Who may use the proxy when it listens beyond loopback (or CONSOLE_TOKEN=required): the per-start secret
// and the Host check, over real sockets.
import type { Server } from 'node:http'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ConfigError, readConfig } from './config'
import { type ConsoleServer, startConsoleServer } from './test-support/console-process'
import { fakeApp } from './test-support/fake-app'
import { fakeUpstream } from './test-support/fake-upstream'
import { close, json, listen, send } from './test-support/http'

const ACCOUNTS = '/api/v1/sandbox/card-accounts'
const TOKEN = 'c0ffee'.repeat(8)
const upstream = fakeUpstream()
let app: Server
let port = 0
let cookie = ''

beforeAll(async () => {
  const upstreamPort = await listen(upstream.server)
  app = fakeApp({
    upstream: new URL(`http://127.0.0.1:${upstreamPort}`),
    allowedHostnames: new Set(['devbox.example']),
    consoleToken: TOKEN,
  })
  port = await listen(app)
  cookie = `sandbox-console-token-${port}=${TOKEN}`
})

afterAll(async () => {
  await Promise.all([close(app), close(upstream.server)])
})

beforeEach(() => {
  upstream.received.length = 0
})

const host = () => `devbox.example:${port}`

describe('the console URL with ?token=', () => {
  it('sets an HttpOnly, SameSite=Strict cookie and redirects to the same URL without the token', async () => {
    const answer = await send(port, `/accounts?token=${TOKEN}&account=abc`, { headers: { host: host() } })
    expect(answer.status).toBe(303)
    expect(answer.headers.location).toBe('/accounts?account=abc')
    expect(answer.headers['set-cookie']).toEqual([
      `sandbox-console-token-${port}=${TOKEN}; HttpOnly; SameSite=Strict; Path=/`,
    ])
    expect(answer.headers['cache-control']).toBe('no-store')
    expect(answer.headers['referrer-policy']).toBe('no-referrer')
  })

  it('with a wrong token: 403 and no cookie', async () => {
    const answer = await send(port, `/?token=${'0'.repeat(48)}`, { headers: { host: host() } })
    expect(answer.status).toBe(403)
    expect(answer.headers).not.toHaveProperty('set-cookie')
    expect(answer.text).toContain('makes a new one at each start')
  })
})

describe('/api', () => {
  it('refuses a request without the cookie with 403, whatever it looks like: a page of the console or curl', async () => {
    for (const headers of [
      { host: host() },
      { host: host(), origin: `http://${host()}`, 'sec-fetch-site': 'same-origin' },
      { host: host(), cookie: `sandbox-console-token-${port}=${'0'.repeat(48)}` },
      { host: host(), cookie: `sandbox-console-token-${port + 1}=${TOKEN}` },
    ]) {
      const answer = await send(port, ACCOUNTS, { headers })
      expect(answer.status).toBe(403)
      expect(json(answer)).toMatchObject({
        tppMessages: [{ code: 'FORMAT_ERROR', path: 'Cookie', text: expect.stringContaining('token') }],
      })
    }
    expect(upstream.received).toEqual([])
  })

  it('forwards a request that carries the cookie under an allowed name, and not the cookie itself', async () => {
    const answer = await send(port, ACCOUNTS, { headers: { host: host(), cookie: `theme=dark; ${cookie}` } })
    expect(answer.status).toBe(200)
    expect(upstream.received).toHaveLength(1)
    expect(upstream.received[0]?.headers).not.toHaveProperty('cookie')
  })

  it('compares Host with the configured names only: no loopback name passes unless listed', async () => {
    for (const name of [`127.0.0.1:${port}`, `localhost:${port}`, `attacker.example:${port}`]) {
      const answer = await send(port, ACCOUNTS, { headers: { host: name, cookie } })
      expect(answer.status).toBe(403)
      expect(json(answer)).toMatchObject({ tppMessages: [{ path: 'Host' }] })
    }
    expect(upstream.received).toEqual([])
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

  it('prints the console URL with a token once; that URL gives the cookie /api then needs', async () => {
    const printed = [...server.output().matchAll(/on (http:\/\/\S+\/\?token=([0-9a-f]{48}))\n/g)]
    expect(printed).toHaveLength(1)
    const [, url = '', token = ''] = printed[0] ?? []
    const refused = await fetch(`${server.url}${ACCOUNTS}`)
    expect(refused.status).toBe(403)
    const landing = await fetch(url, { redirect: 'manual' })
    expect(landing.status).toBe(303)
    const setCookie = landing.headers.get('set-cookie') ?? ''
    expect(setCookie).toContain(`=${token}; HttpOnly; SameSite=Strict`)
    const allowed = await fetch(`${server.url}${ACCOUNTS}`, {
      headers: { cookie: setCookie.split(';')[0] ?? '' },
    })
    expect(allowed.status).toBe(200)
  })
})
