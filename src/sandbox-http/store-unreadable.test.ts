import { afterAll, beforeAll, expect, it } from 'vitest'
import { localToday, tppMessagesBody } from '../contract'
import { createMemoryStore, createSandbox, type SandboxStore, StoreUnreadableError } from '../sandbox'
import { setupSandboxServer, TEST_BASE_URL } from './node'

// A store the engine cannot read answers 503 STORE_UNREADABLE with the engine's words, on every
// operation that reads it: the console recognises the code and offers its recovery.

const REASON = 'The offline data cannot be read: card account 3 fails the contract (maskedPan is missing)'

const unreadable: SandboxStore = {
  ...createMemoryStore(),
  loadAccounts: () =>
    Promise.reject(new StoreUnreadableError(REASON, ['accounts/a-3: maskedPan is missing'])),
}
const { server } = setupSandboxServer({
  sandbox: createSandbox({ store: unreadable, today: () => localToday() }),
})
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

const REQUEST_ID = '5b0f3c9e-3c55-4f8e-9d4b-2f0b7c1d8e11'

const calls: [string, string, unknown?][] = [
  ['GET', '/v1/sandbox/card-accounts'],
  ['GET', '/v1/sandbox/card-accounts/a-1'],
  ['GET', '/v1/sandbox/card-accounts/a-1/transactions?bookingStatus=both'],
  [
    'POST',
    '/v1/sandbox/card-accounts',
    { maskedPan: '525412******3241', currency: 'NOK', customerNumber: '13039319955' },
  ],
]

it.each(calls)('%s %s answers 503 STORE_UNREADABLE with the reason', async (method, path, json) => {
  const response = await fetch(`${TEST_BASE_URL}${path}`, {
    method,
    headers: { 'X-Request-ID': REQUEST_ID, 'Content-Type': 'application/json' },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  })
  expect(response.status).toBe(503)
  expect(response.headers.get('x-request-id')).toBe(REQUEST_ID)
  const { tppMessages } = tppMessagesBody.parse(await response.json())
  expect(tppMessages).toEqual([{ category: 'ERROR', code: 'STORE_UNREADABLE', text: REASON }])
})
