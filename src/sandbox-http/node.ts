import { type SetupServer, setupServer } from 'msw/node'
import {
  createMemoryStore,
  createSandbox,
  createSandboxClock,
  type Sandbox,
  type SandboxClock,
} from '../sandbox'
import { createSandboxHandlers, type SandboxHandlerOptions } from './handlers'

export const TEST_BASE_URL = 'http://sandbox.test'

/**
 * An msw server answering the sandbox operation in Node tests, by default on a fresh memory-store
 * engine at http://sandbox.test. The caller runs `server.listen()` / `server.close()`.
 */
export function setupSandboxServer({
  clock = createSandboxClock(),
  sandbox = createSandbox({ store: createMemoryStore(), today: clock.today }),
  basePath = TEST_BASE_URL,
  authenticate,
  personality,
  conditions,
}: Partial<SandboxHandlerOptions> = {}): { server: SetupServer; sandbox: Sandbox; clock: SandboxClock } {
  const handlers = createSandboxHandlers({
    sandbox,
    clock,
    basePath,
    ...(authenticate ? { authenticate } : {}),
    ...(personality ? { personality } : {}),
    ...(conditions ? { conditions } : {}),
  })
  return { server: setupServer(...handlers), sandbox, clock }
}
