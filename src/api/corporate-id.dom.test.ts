// Spec §5.5 on the account list: our sandboxes list a corporate account only to a request with
// PSU-Corporate-ID, and the console's list sends one (docs/decisions.md#corporate-accounts).
import { afterAll, beforeAll, expect, it } from 'vitest'
import { setupSandboxServer } from '../sandbox-http/node'
import { seedAccount } from '../test/seed'
import { createApiClient } from './api-client'

const { server, sandbox } = setupSandboxServer({
  basePath: new URL('/api', location.href).href,
  proxyStandIn: true,
})
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

it('lists corporate accounts beside private ones, and the request says it is for every customer', async () => {
  const api = createApiClient({ mode: 'offline' })
  const business = await seedAccount(sandbox, { customerNumber: '18129215603', customerType: 'corporate' })
  const person = await seedAccount(sandbox)
  const listed = await api.listCardAccounts()
  expect(listed.kind === 'read' && listed.value.map((account) => account.resourceId)).toEqual(
    expect.arrayContaining([business.resourceId, person.resourceId]),
  )
  const [request] = api.log.snapshot()
  expect(request?.kind === 'request' && new Headers(request.requestHeaders).get('PSU-Corporate-ID')).toBe('*')
})
