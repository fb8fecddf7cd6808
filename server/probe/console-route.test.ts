// POST /console/probe: the proxy runs the probe against its upstream, streams it to the console's page,
// only to that page, one at a time, and stops when the page goes away.
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { headerNames } from '../../src/contract'
import { personalityProfiles } from '../../src/contract/bank-profile'
import { CONSOLE_PROBE_PATH, NEEDS_BAD_SIGNATURES, type ProbeEvent } from '../../src/contract/probe'
import { probeEvents } from '../../src/features/probe/probe-stream'
import type { createNodeRequestSigner } from '../../src/signing/node/node-signing-crypto'
import { createApp } from '../app'
import { createSandboxService } from '../sandbox-service'
import { readStandaloneSettings } from '../standalone-sandbox'
import { close, listen } from '../test-support/http'
import { probeIdentityIn } from '../test-support/probe-identity'
import type { BadSigners } from './bad-signatures'

const SECRET = 'c0ffee'.repeat(8)
let dir: string
let signer: ReturnType<typeof createNodeRequestSigner>
let badSigners: BadSigners
const servers: Server[] = []

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'console-probe-'))
  ;({ signer, badSigners } = await probeIdentityIn(dir))
}, 30_000)

afterAll(async () => {
  await Promise.all(servers.map(close))
  rmSync(dir, { recursive: true, force: true })
})

async function started(server: Server): Promise<number> {
  servers.push(server)
  return listen(server)
}

/** The console's server, its secret required, in front of `upstream`; its log lines go to `log`. */
async function consoleBefore(upstream: URL, log: (line: string) => void = () => {}): Promise<string> {
  const app = createApp({
    staticDir: '/nonexistent',
    upstream: {
      baseUrl: upstream,
      sign: (request) => signer.sign(request),
      connectTimeoutMs: 1_000,
      totalTimeoutMs: 5_000,
      maxBodyBytes: 1024 * 1024,
    },
    consoleSecret: { value: SECRET, required: false },
    upstreamKind: async () => 'bank',
    probeBadSigners: badSigners,
    log,
  })
  return `http://127.0.0.1:${await started(app)}`
}

async function platformSandbox(): Promise<URL> {
  const settings = await readStandaloneSettings({ SANDBOX_PERSONALITY: 'platform' })
  const port = await started(createSandboxService(settings))
  return new URL(`http://127.0.0.1:${port}${settings.personality.basePath}`)
}

function startProbe(
  origin: string,
  body: unknown = { customerNumber: '13039319955' },
  init: RequestInit = {},
) {
  return fetch(`${origin}${CONSOLE_PROBE_PATH}`, {
    method: 'POST',
    headers: { [headerNames.consoleSecret]: SECRET, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    ...init,
  })
}

const events = (response: Response) => probeEvents(response.body as ReadableStream<Uint8Array>)

describe(CONSOLE_PROBE_PATH, () => {
  it("streams the plan, each signed request as it ends, and the upstream's profile", async () => {
    const upstream = await platformSandbox()
    const logged: string[] = []
    const response = await startProbe(await consoleBefore(upstream, (line) => logged.push(line)))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/x-ndjson')
    const seen: ProbeEvent[] = []
    for await (const event of events(response)) seen.push(event)
    const [plan, ...rest] = seen
    expect(plan).toMatchObject({ event: 'plan', maxRequests: 11 })
    expect(plan?.event === 'plan' && plan.lines[0]).toMatch(/^The probe sends at most 11 signed requests to /)
    expect(plan?.event === 'plan' && plan.lines.join('\n')).toMatch(/sends no deliberately bad signature/)
    const exchanges = rest.flatMap((event) => (event.event === 'exchange' ? [event.exchange] : []))
    expect(exchanges.map(({ index }) => index)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])
    expect(exchanges.every(({ url }) => url.startsWith(upstream.href))).toBe(true)
    const done = rest.at(-1)
    if (done?.event !== 'done')
      throw new Error(`the stream ended without its outcome: ${JSON.stringify(done)}`)
    expect(done.outcome.stopped).toBeUndefined()
    expect(done.outcome.traits).toEqual({
      ...personalityProfiles.platform,
      dateHeader: 'unknown',
      keyId: 'unknown',
    })
    expect(done.outcome.notProbed).toEqual({ dateHeader: NEEDS_BAD_SIGNATURES, keyId: NEEDS_BAD_SIGNATURES })
    expect(done.profile).toMatchObject({ kind: 'bank-profile', source: upstream.href })
    expect(logged.filter((line) => /^probe: [A-Z]+ \/\S* (\d{3}|failed)$/.test(line))).toHaveLength(11)
    expect(logged).toContain('probe: ran to its end')
  }, 60_000)

  it('with badSignatures, says the two bad signatures use the real TPP key, and settles Date and keyId', async () => {
    const upstream = await platformSandbox()
    const response = await startProbe(await consoleBefore(upstream), {
      customerNumber: '13039319955',
      badSignatures: true,
    })
    const seen: ProbeEvent[] = []
    for await (const event of events(response)) seen.push(event)
    const [plan] = seen
    expect(plan).toMatchObject({ event: 'plan', maxRequests: 13 })
    expect(plan?.event === 'plan' && plan.lines.join('\n')).toMatch(
      /2 of them are deliberately bad signatures made with the real TPP key/,
    )
    const done = seen.at(-1)
    if (done?.event !== 'done')
      throw new Error(`the stream ended without its outcome: ${JSON.stringify(done)}`)
    expect(done.outcome.traits).toEqual(personalityProfiles.platform)
    expect(done.outcome.requests).toBe(13)
  }, 60_000)

  it("is the console page's only, even where /api needs no token, and asks for no printed one there", async () => {
    const origin = await consoleBefore(new URL('http://127.0.0.1:1'))
    const without = { 'content-type': 'application/json' }
    // A page opened before a restart sends the secret of the start before.
    const stale = { ...without, [headerNames.consoleSecret]: '0'.repeat(48) }
    for (const headers of [without, stale]) {
      const answer = await startProbe(origin, undefined, { headers })
      expect(answer.status).toBe(403)
      const { tppMessages } = (await answer.json()) as { tppMessages: { path: string; text: string }[] }
      expect(tppMessages).toMatchObject([{ code: 'FORMAT_ERROR', path: headerNames.consoleSecret }])
      // On loopback no token is printed: the page's index.html holds it.
      expect(tppMessages[0]?.text).toContain('reload the page')
      expect(tppMessages[0]?.text).not.toContain('printed')
    }
  })

  it('says what is wrong with a request it cannot run', async () => {
    const origin = await consoleBefore(new URL('http://127.0.0.1:1'))
    const bad = await startProbe(origin, { customerNumber: '12' })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({
      tppMessages: [{ text: expect.stringMatching(/^customerNumber must be the PSU id: 8 to 11 digits/) }],
    })
    const unreadable = await startProbe(origin, undefined, { body: '{"customerNumber":' })
    expect(unreadable.status).toBe(400)
    expect(await unreadable.json()).toMatchObject({
      tppMessages: [
        { code: 'FORMAT_ERROR', text: 'The body is not JSON: {"customerNumber": "13039319955"}' },
      ],
    })
    const read = await fetch(`${origin}${CONSOLE_PROBE_PATH}`, {
      headers: { [headerNames.consoleSecret]: SECRET },
    })
    expect(read.status).toBe(405)
    expect(read.headers.get('allow')).toBe('POST, DELETE')
  })

  it('is cancelled by DELETE, and ends with what it learned', async () => {
    const logged: string[] = []
    const origin = await consoleBefore(await platformSandbox(), (line) => logged.push(line))
    const stream = events(await startProbe(origin))
    const seen: ProbeEvent[] = []
    for await (const event of stream) {
      seen.push(event)
      if (event.event === 'exchange' && event.exchange.index === 2) {
        const cancel = await fetch(`${origin}${CONSOLE_PROBE_PATH}`, {
          method: 'DELETE',
          headers: { [headerNames.consoleSecret]: SECRET },
        })
        expect(cancel.status).toBe(204)
      }
    }
    const done = seen.at(-1)
    if (done?.event !== 'done')
      throw new Error(`the stream ended without its outcome: ${JSON.stringify(done)}`)
    // The probe may have sent its next request before the cancel came: it is dropped, and nothing after it.
    expect(done.outcome.requests).toBeLessThan(9)
    expect(done.outcome.stopped).toMatch(/cancelled/)
    expect(done.outcome.traits).toMatchObject({ accountList: 'absent', consoleOperations: false })
    expect(logged).toContainEqual(expect.stringMatching(/^probe: stopped: .*cancelled/))
  }, 60_000)

  it('runs one at a time, and the page going away stops it', async () => {
    // An upstream that holds every request until the test lets go.
    const held: IncomingMessage[] = []
    let dropped: () => void = () => {}
    const droppedOnce = new Promise<void>((resolve) => {
      dropped = resolve
    })
    const port = await started(
      createServer((req) => {
        held.push(req)
        req.socket.once('close', dropped)
      }),
    )
    const origin = await consoleBefore(new URL(`http://127.0.0.1:${port}/bank`))
    const cancel = new AbortController()
    const first = await startProbe(origin, undefined, { signal: cancel.signal })
    const stream = events(first)
    expect((await stream.next()).value).toMatchObject({ event: 'plan' })

    const second = await startProbe(origin)
    expect(second.status).toBe(409)
    expect(await second.json()).toMatchObject({
      tppMessages: [{ text: expect.stringMatching(/^A check of this sandbox is already running/) }],
    })

    // The page goes away while the probe's first request waits at the bank (not before it is sent: then
    // there would be nothing for the bank to drop).
    await expect.poll(() => held.length).toBe(1)
    cancel.abort()
    await droppedOnce
    // Dropped while the first request waited: the probe sent no second one, and a new check may start.
    expect(held).toHaveLength(1)
    const again = new AbortController()
    await expect
      .poll(async () => (await startProbe(origin, undefined, { signal: again.signal })).status)
      .toBe(200)
    again.abort()
  }, 60_000)
})
