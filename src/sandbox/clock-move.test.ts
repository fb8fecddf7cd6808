// What a clock moved back would leave dated after its today (docs/decisions.md#moving-the-clock-back).
import { expect, it } from 'vitest'
import type { KnownFix, TransactionCreateInput } from '../contract'
import { createSandbox } from './sandbox'
import { createMemoryStore } from './storage/memory-store'

const TODAY = '2026-06-15'
const tx = (cardTransactionId: string, dates: Partial<TransactionCreateInput>): TransactionCreateInput => ({
  cardTransactionId,
  bookingStatus: 'booked',
  transactionDate: '2026-06-01',
  bookingDate: '2026-06-01',
  transactionAmount: { currency: 'NOK', amount: '-1.00' },
  originalAmount: { currency: 'NOK', amount: '-1.00' },
  merchantCategoryCode: '5411',
  ...dates,
})

async function sandboxWith(...accounts: TransactionCreateInput[][]) {
  let n = 0
  const sandbox = createSandbox({ store: createMemoryStore(), today: () => TODAY, newId: () => `acc-${++n}` })
  for (const transactions of accounts) {
    const created = await sandbox.createCardAccount(
      { maskedPan: '525412******3241', currency: 'NOK', customerNumber: '13039319955' },
      { fixes: new Set<KnownFix>() },
    )
    if (!created.ok) throw new Error('account refused')
    const added = await sandbox.addTransactions(created.value.resourceId, transactions)
    if (!added.ok) throw new Error(JSON.stringify(added.problem))
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
