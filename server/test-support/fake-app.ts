import type { Server } from 'node:http'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { type AppOptions, createApp } from '../app'
import type { ForwarderOptions } from '../proxy/forward'
import { fakeSign, fakeUpstream } from './fake-upstream'
import { close, listen } from './http'

export interface FakeAppOptions extends Partial<Omit<AppOptions, 'upstream'>> {
  /** The upstream's base URL: by default a port nothing answers on. */
  upstream?: URL
  /** Anything else of the forwarder's settings (timeouts, body limit). */
  forward?: Partial<Omit<ForwarderOptions, 'baseUrl'>>
}

/**
 * The console's server for a test of its own plumbing: the proxy signs with `fakeSign` and forwards to
 * `upstream`; nothing is logged unless the test gives a `log`.
 */
export function fakeApp({
  staticDir = '/nonexistent',
  upstream = new URL('http://127.0.0.1:1'),
  forward = {},
  log = () => {},
  ...rest
}: FakeAppOptions = {}): Server {
  return createApp({
    staticDir,
    upstream: {
      baseUrl: upstream,
      sign: fakeSign,
      connectTimeoutMs: 1_000,
      totalTimeoutMs: 5_000,
      maxBodyBytes: 1024 * 1024,
      ...forward,
    },
    log,
    ...rest,
  })
}

/**
 * A test file's proxy (`fakeApp`) in front of a recording `fakeUpstream`: started before its tests, closed
 * after them, the upstream's record emptied before each test.
 */
export function proxyBeforeRecordingUpstream() {
  const upstream = fakeUpstream()
  let app: Server | undefined
  let port = 0
  beforeAll(async () => {
    const upstreamPort = await listen(upstream.server)
    app = fakeApp({ upstream: new URL(`http://127.0.0.1:${upstreamPort}`) })
    port = await listen(app)
  })
  afterAll(async () => {
    await Promise.all([app === undefined ? undefined : close(app), close(upstream.server)])
  })
  beforeEach(() => {
    upstream.received.length = 0
  })
  return { upstream, port: () => port }
}
