// What a clock moved back would leave dated after its today (docs/decisions.md#moving-the-clock-back).
import { expect, it } from 'vitest'
import type { TransactionCreateInput } from '../contract'
import { seedAccount, seedTransactions, transaction } from '../test/seed'
import { createSandbox } from './sandbox'
import { createMemoryStore } from './storage/memory-store'

const TODAY = '2026-06-15'
/** A booked purchase of 1 June (before TODAY); `dates` move it. */
const tx = (cardTransactionId: string, dates: Partial<TransactionCreateInput>) =>
  transaction({ cardTransactionId, transactionDate: '2026-06-01', bookingDate: '2026-06-01', ...dates })

async function sandboxWith(...accounts: TransactionCreateInput[][]) {
  let n = 0
  const sandbox = createSandbox({ store: createMemoryStore(), today: () => TODAY, newId: () => `acc-${++n}` })
  for (const transactions of accounts) {
    await seedTransactions(sandbox, (await seedAccount(sandbox)).resourceId, transactions)
  }
  return sandbox
}

it('counts a transaction by any of its dates, per account, with the latest date', async () => {
  const sandbox = await sandboxWith(
    [
      tx('valued-late', { valueDate: '2026-06-12' }),
      tx('booked-late', { transactionDate: '2026-06-09', bookingDate: '2026-06-11' }),
      tx('early', {}),
    ],
    [tx('pending', { bookingStatus: 'pending', bookingDate: undefined, transactionDate: '2026-06-14' })],
    [tx('other-early', {})],
  )
  expect(await sandbox.transactionsDatedAfter('2026-06-10')).toEqual({
    day: '2026-06-10',
    transactions: 3,
    accounts: 2,
    latest: '2026-06-14',
  })
  expect(await sandbox.transactionsDatedAfter('2026-06-14')).toBeUndefined()
})

it('deletes exactly those, in every account, and keeps the rest', async () => {
  const sandbox = await sandboxWith(
    [tx('late-1', { bookingDate: '2026-06-13', transactionDate: '2026-06-13' }), tx('early', {})],
    [
      tx('late-2', { valueDate: '2026-06-15' }),
      tx('late-3', { transactionDate: '2026-06-11', bookingDate: '2026-06-11' }),
    ],
  )
  expect(await sandbox.removeTransactionsDatedAfter('2026-06-10')).toBe(3)
  expect(await sandbox.transactionsDatedAfter('2026-06-10')).toBeUndefined()
  const left = await sandbox.exportSnapshot()
  expect(left.cardAccounts.map((a) => a.transactions.map((t) => t.cardTransactionId))).toEqual([
    ['early'],
    [],
  ])
})
