// GET /console/connection: the proxy tells its page which upstream it serves and how it signs, under the
// same rules as /api (Host, origin, the console token).
import type { Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { consoleConnection, headerNames } from '../src/contract'
import { parseCertificate } from '../src/signing'
import { generateDevIdentity } from '../src/signing/dev-identity'
import { createApp } from './app'
import { CONSOLE_CONNECTION_PATH, connectionTagOf, consoleConnectionOf } from './console-connection'
import { fakeSign } from './test-support/fake-upstream'
import { close, listen, send } from './test-support/http'

const TOKEN = 'c0ffee'.repeat(8)
const BASE = new URL('https://psd2.example-bank.no/api-sandbox')
let app: Server
let port = 0
let serial = ''
let certificate: Awaited<ReturnType<typeof parseCertificate>>

beforeAll(async () => {
  const dev = await generateDevIdentity({ commonName: 'Connection test TPP', organization: 'Tests' })
  certificate = await parseCertificate(dev.certificatePem)
  serial = certificate.serialHex
  app = createApp({
    staticDir: '/nonexistent',
    upstream: {
      baseUrl: BASE,
      sign: fakeSign,
      connectTimeoutMs: 1_000,
      totalTimeoutMs: 5_000,
      maxBodyBytes: 1024,
    },
    allowedHostnames: new Set(['devbox.example']),
    consoleSecret: { value: TOKEN, required: true },
    connection: consoleConnectionOf({
      baseUrl: BASE,
      local: false,
      consoleOperations: false,
      certificate,
      signsRequestTarget: true,
    }),
    log: () => {},
  })
  port = await listen(app)
})

afterAll(() => close(app))

const headers = (extra: Record<string, string> = {}) => ({
  host: `devbox.example:${port}`,
  'x-console-secret': TOKEN,
  ...extra,
})

describe(CONSOLE_CONNECTION_PATH, () => {
  it('names the upstream, its base path included, and the signing certificate', async () => {
    const answer = await send(port, CONSOLE_CONNECTION_PATH, { headers: headers() })
    expect(answer.status).toBe(200)
    expect(answer.headers['content-type']).toBe('application/json')
    const connection = consoleConnection.parse(JSON.parse(answer.text))
    expect(connection).toMatchObject({
      upstream: 'https://psd2.example-bank.no/api-sandbox',
      local: false,
      signsRequestTarget: true,
      certificate: { subject: expect.stringContaining('CN=Connection test TPP'), serial },
    })
    expect(Date.parse(connection.certificate.notAfter)).toBeGreaterThan(Date.now())
    // Served on the console's origin like /api's answers: never rendered as a page.
    expect(answer.headers['content-security-policy']).toBe('sandbox')
  })

  it("is refused without the console's token, from another origin, or under another Host", async () => {
    const { 'x-console-secret': _, ...noCookie } = headers()
    expect((await send(port, CONSOLE_CONNECTION_PATH, { headers: noCookie })).status).toBe(403)
    const otherOrigin = headers({ origin: 'http://evil.example' })
    expect((await send(port, CONSOLE_CONNECTION_PATH, { headers: otherOrigin })).status).toBe(403)
    const rebound = headers({ host: `attacker.example:${port}` })
    expect((await send(port, CONSOLE_CONNECTION_PATH, { headers: rebound })).status).toBe(403)
  })

  it('answers only GET and HEAD', async () => {
    const answer = await send(port, CONSOLE_CONNECTION_PATH, { method: 'POST', headers: headers() })
    expect(answer.status).toBe(405)
    expect(answer.headers.allow).toBe('GET, HEAD')
  })
})

describe('the connection tag on every answer (X-Console-Connection)', () => {
  const tagName = headerNames.consoleConnection.toLowerCase()
  const local = (port: number, personality: string, dataFile?: string) =>
    consoleConnectionOf({
      baseUrl: new URL(`http://127.0.0.1:${port}${personality === 'platform' ? '/api-sandbox' : ''}`),
      local: true,
      consoleOperations: personality !== 'platform',
      certificate,
      dataFile,
      signsRequestTarget: false,
    })

  it('rides on /console/* and /api answers alike, refusals too, so a page learns it from any', async () => {
    const tag = (await send(port, CONSOLE_CONNECTION_PATH, { headers: headers() })).headers[tagName]
    expect(tag).toMatch(/^[\w-]{16}$/)
    const api = await send(port, '/api/v1/sandbox/nothing-here', { headers: headers() })
    expect(api.status).toBe(404)
    expect(api.headers[tagName]).toBe(tag)
  })

  it("changes with the sandbox: another personality, or a local one's data in memory only at each start", () => {
    const file = '/data/npm-start-console.json'
    // Its port is new at each start while its file keeps its accounts: the same sandbox.
    expect(connectionTagOf(local(4001, 'console', file))).toBe(connectionTagOf(local(4002, 'console', file)))
    expect(connectionTagOf(local(4001, 'console', file))).not.toBe(
      connectionTagOf(local(4001, 'platform', '/data/npm-start-platform.json')),
    )
    expect(connectionTagOf(local(4001, 'console'))).not.toBe(connectionTagOf(local(4002, 'console')))
  })
})
