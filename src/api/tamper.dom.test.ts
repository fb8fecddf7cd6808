// The Signature switch spoils what the sandbox is asked for, not what the console shows of its own state.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { addDays, localToday } from '../contract'
import { setupSandboxServer } from '../sandbox-http/node'
import { createApiClient } from '.'
import { ApiError } from './errors'

const { server } = setupSandboxServer({ proxyStandIn: true, basePath: `${location.origin}/api` })
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

// A tester froze the clock, chose "Bad signature" and reloaded: the header's "Clock frozen" badge went, and
// the clock panel showed a 401 in place of the sandbox's today.
it('reads the sandbox clock signed as it should be while the switch spoils the operations', async () => {
  const client = createApiClient({
    mode: 'offline',
    offline: { answered: () => true, restart: async () => {} },
  })
  const frozenOn = addDays(localToday(), 7)
  await client.setSandboxClock({ setting: { kind: 'frozen', date: frozenOn }, settlePendingAfterDays: null })

  client.settings.tamper.write('bad-signature')
  const clock = await client.getSandboxClock()
  expect(clock.kind === 'read' && clock.value.today).toBe(frozenOn)
  const refused = await client.listCardAccounts().catch((error: unknown) => error)
  expect(refused).toBeInstanceOf(ApiError)
  expect((refused as ApiError).status).toBe(401)
})
