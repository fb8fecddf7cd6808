import type { Server } from 'node:http'
import { type AppOptions, createApp } from '../app'
import { fakeSign } from './fake-upstream'

/**
 * The console's server for a test of its own plumbing: the proxy signs with `fakeSign` and forwards to
 * `upstream` (by default a port nothing answers on); nothing is logged.
 */
export function fakeApp({
  staticDir = '/nonexistent',
  upstream = new URL('http://127.0.0.1:1'),
  maxBodyBytes = 1024 * 1024,
  allowedHostnames,
}: {
  staticDir?: string
  upstream?: URL
  maxBodyBytes?: number
  allowedHostnames?: AppOptions['allowedHostnames']
} = {}): Server {
  return createApp({
    staticDir,
    upstream: {
      baseUrl: upstream,
      sign: fakeSign,
      connectTimeoutMs: 1_000,
      totalTimeoutMs: 5_000,
      maxBodyBytes,
    },
    allowedHostnames,
    log: () => {},
  })
}
