import { type SetupServer, setupServer } from 'msw/node'
import {
  createMemoryStore,
  createSandbox,
  createSandboxClock,
  type Sandbox,
  type SandboxClock,
} from '../sandbox'
import { createSandboxHandlers, type SandboxHandlerOptions } from './handlers'
import { createProxyStandIn } from './proxy-stand-in'

export const TEST_BASE_URL = 'http://sandbox.test'

/** Either the handlers' own `authenticate`, or offline mode's stand-in for the proxy in front of them. */
type Signatures =
  | { authenticate?: SandboxHandlerOptions['authenticate']; proxyStandIn?: false }
  | {
      authenticate?: never
      /**
       * As offline mode runs: the console's unsigned requests are signed by the stand-in for the proxy
       * (src/sandbox-http/proxy-stand-in.ts) with the shipped test identity, then verified by the handlers.
       */
      proxyStandIn: true
    }

/**
 * An msw server answering the sandbox operation in Node tests, by default on a fresh memory-store
 * engine at http://sandbox.test. The caller runs `server.listen()` / `server.close()`.
 */
export function setupSandboxServer({
  clock = createSandboxClock(),
  sandbox = createSandbox({ store: createMemoryStore(), today: clock.today }),
  basePath = TEST_BASE_URL,
  authenticate,
  proxyStandIn,
  personality,
  conditions,
}: Partial<Omit<SandboxHandlerOptions, 'authenticate'>> & Signatures = {}): {
  server: SetupServer
  sandbox: Sandbox
  clock: SandboxClock
} {
  const standIn = proxyStandIn ? createProxyStandIn() : undefined
  const verify = standIn?.authenticate ?? authenticate
  const handlers = createSandboxHandlers({
    sandbox,
    clock,
    basePath,
    ...(verify ? { authenticate: verify } : {}),
    ...(personality ? { personality } : {}),
    ...(conditions ? { conditions } : {}),
  })
  const served = standIn ? [standIn.inFrontOf(handlers, basePath)] : handlers
  return { server: setupServer(...served), sandbox, clock }
}
