// The caps on stored transactions over HTTP: a 507 in the tppMessages shape, and nothing stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cardTransactionsResponse, localToday } from '../contract'
import { createMemoryStore, createSandbox } from '../sandbox'
import {
  accountsPath,
  expectProblem,
  privateBody,
  sandboxCaller,
  txBody,
  txPath,
} from '../test/sandbox-calls'
import { setupSandboxServer, TEST_BASE_URL } from './node'

const { server } = setupSandboxServer({
  sandbox: createSandbox({
    store: createMemoryStore(),
    today: () => localToday(),
    caps: { perAccount: 3, total: 4 },
  }),
})
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())
const call = sandboxCaller(TEST_BASE_URL)

async function newAccount(): Promise<string> {
  const created = await call('POST', accountsPath, { json: privateBody })
  return ((await created.json()) as { resourceId: string }).resourceId
}

async function storedIds(id: string): Promise<string[]> {
  const read = await call('GET', txPath(id, '?bookingStatus=both'))
  const { cardTransactions } = cardTransactionsResponse.parse(await read.json())
  return cardTransactions.booked.map((tx) => tx.cardTransactionId).sort()
}

describe('caps on stored transactions', () => {
  it('answers 507 STORE_FULL naming the per-account cap, and stores nothing of the batch', async () => {
    const id = await newAccount()
    expect((await call('POST', txPath(id), { json: [txBody(), txBody()] })).status).toBe(201)
    const refused = await call('POST', txPath(id), { json: [txBody(), txBody()] })
    await expectProblem(refused, 507, {
      code: 'STORE_FULL',
      text: 'Nothing was stored: the cap of 3 transactions per card account: this card account holds 2, and 2 more would pass it',
    })
    expect(await storedIds(id)).toEqual(['ct-1', 'ct-2'])
  })

  it('answers 507 naming the total cap when all accounts together would pass it', async () => {
    const other = await newAccount()
    const refused = await call('POST', txPath(other), { json: [txBody(), txBody(), txBody()] })
    await expectProblem(refused, 507, {
      code: 'STORE_FULL',
      text: /^Nothing was stored: the cap of 4 transactions in all card accounts: they hold 2, and 3 more/,
    })
    expect(await storedIds(other)).toEqual([])
  })
})
