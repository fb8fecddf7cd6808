// Two SANDBOX_BASE_URL mistakes over real sockets: a port that speaks another protocol (SSH), and https://
// to a plain-HTTP server. The connection test (reading the proxy's 502) and the probe (Check this sandbox…,
// npm run probe) name each one failure, in the same words, and neither blames the bank or its certificate.
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer as createHttpServer, type Server } from 'node:http'
import { createServer as createNetServer, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PROBE_BUNDLE } from '../scripts/build-server'
import { classifyProbe, PROBE_ACCOUNT_ID, type Verdict } from '../src/api/connection-test'
import type { createNodeRequestSigner } from '../src/signing/node/node-signing-crypto'
import { probeSandbox } from './probe/probe'
import { fakeApp } from './test-support/fake-app'
import { close, listen, send } from './test-support/http'
import { runNodeScript } from './test-support/node-script'
import { probeIdentityIn } from './test-support/probe-identity'

const TEST_READ = `/api/v1/sandbox/card-accounts/${PROBE_ACCOUNT_ID}/transactions?bookingStatus=booked`
const sshSockets = new Set<Socket>()
const sshServer = createNetServer((socket) => {
  sshSockets.add(socket)
  socket.on('error', () => {})
  // An SSH server speaks first, whatever the client sends, and keeps the connection open.
  socket.write('SSH-2.0-OpenSSH_9.6\r\n')
})
const httpServer: Server = createHttpServer((_req, res) => res.end('{}'))
let dir: string
let signer: ReturnType<typeof createNodeRequestSigner>
let ssh: number
let plainHttp: number

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'misconfigured-'))
  ;({ signer } = await probeIdentityIn(dir))
  ssh = await listen(sshServer)
  plainHttp = await listen(httpServer)
}, 30_000)

afterAll(async () => {
  for (const socket of sshSockets) socket.destroy()
  await Promise.all([new Promise((resolve) => sshServer.close(resolve)), close(httpServer)])
  rmSync(dir, { recursive: true, force: true })
})

/** The connection test's verdict on the proxy's answer to its read, the proxy forwarding to `upstream`. */
async function connectionTest(upstream: string): Promise<Verdict> {
  const app = fakeApp({ upstream: new URL(upstream) })
  try {
    const answer = await send(await listen(app), TEST_READ)
    const contentType = answer.headers['content-type'] ?? ''
    return classifyProbe({ kind: 'answer', status: answer.status, contentType, body: answer.text })
  } finally {
    await close(app)
  }
}

/** Why the probe stopped, without the request it stopped at. */
async function probeStop(upstream: string): Promise<string | undefined> {
  const result = await probeSandbox({ baseUrl: new URL(upstream), signer, customerNumber: '13039319955' })
  return result.stopped?.replace(/^GET \S+: /, '')
}

/** The words without Node's code, which node:https (the proxy) and fetch (the probe) spell apart for TLS. */
const withoutCode = (words: string) =>
  words
    .replace(/\.$/, '')
    .replace(/ \([A-Z0-9_]+\)$/, '')
    .toLowerCase()

describe('SANDBOX_BASE_URL naming a port that does not speak HTTP', () => {
  it('is named so, with what to check, by the connection test and the probe alike', async () => {
    const upstream = `http://127.0.0.1:${ssh}/api-sandbox`
    const verdict = await connectionTest(upstream)
    expect(verdict).toMatchObject({
      ok: false,
      failure: 'not-http',
      text: 'The upstream does not speak HTTP: check the scheme and port in SANDBOX_BASE_URL (HPE_INVALID_CONSTANT).',
    })
    const stop = await probeStop(upstream)
    expect(stop).toBe(
      'the upstream does not speak HTTP: check the scheme and port in SANDBOX_BASE_URL (HPE_INVALID_CONSTANT)',
    )
    // npm run probe takes the base URL as its argument, and names that instead.
    const env = { ...process.env, TPP_CERT: join(dir, 'cert.pem'), TPP_KEY: join(dir, 'key.pem') }
    const cli = await runNodeScript(PROBE_BUNDLE, [upstream], env).catch((error) => error)
    expect(cli.code).toBe(2)
    expect(cli.stdout).toContain(
      '  stopped early: GET /v1/sandbox/card-accounts: the upstream does not speak HTTP: check the scheme and port in the base URL given (HPE_INVALID_CONSTANT)\n',
    )
  }, 60_000)
})

describe('SANDBOX_BASE_URL with https:// to a plain-HTTP server', () => {
  it('is a failed TLS handshake, not a certificate to trust, for the connection test and the probe', async () => {
    const upstream = `https://127.0.0.1:${plainHttp}/api-sandbox`
    const verdict = await connectionTest(upstream)
    expect(verdict).toMatchObject({ ok: false, failure: 'tls-handshake', title: 'TLS handshake failed' })
    expect(verdict.text).toMatch(
      /^TLS handshake failed: is the upstream a TLS server\? check the scheme and port in SANDBOX_BASE_URL \(/,
    )
    expect(verdict.text).not.toContain('NODE_EXTRA_CA_CERTS')
    const stop = await probeStop(upstream)
    expect(withoutCode(stop ?? '')).toBe(withoutCode(verdict.text))
  }, 30_000)
})
