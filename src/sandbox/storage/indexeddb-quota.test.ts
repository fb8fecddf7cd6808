// A browser whose storage for the console is full: the write is refused in words, as 507 STORE_FULL, never
// a 500 "the sandbox failed:" with no reason.
import 'fake-indexeddb/auto'
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest'
import { createSandboxClock } from '../../sandbox/clock'
import { setupSandboxServer, TEST_BASE_URL } from '../../sandbox-http/node'
import { accountsPath, expectProblem, privateBody, sandboxCaller } from '../../test/sandbox-calls'
import { createSandbox } from '../sandbox'
import { openIndexedDbStore } from './indexeddb-store'

const FULL = "The browser's storage for this console is full: export and reset, or free space"
const store = openIndexedDbStore({ name: 'sandbox-quota-test' })
const clock = createSandboxClock()
const { server } = setupSandboxServer({ clock, sandbox: createSandbox({ store, today: clock.today }) })
const call = sandboxCaller(TEST_BASE_URL)

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => vi.restoreAllMocks())
afterAll(() => {
  server.close()
  store.close()
})

/** Every put from now on fails as a browser's does when the origin's quota is spent. */
function fillTheDisk() {
  vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
    throw new DOMException('', 'QuotaExceededError')
  })
}

it('says a write failed because the browser storage is full, with what to do, as 507 STORE_FULL', async () => {
  fillTheDisk()
  await expect(
    store.saveAccount({ ...privateBody, resourceId: 'a', customerType: 'private', status: 'enabled' }),
  ).rejects.toThrow(FULL)
  const response = await call('POST', accountsPath, { json: privateBody })
  await expectProblem(response, 507, { code: 'STORE_FULL', text: FULL })
})
