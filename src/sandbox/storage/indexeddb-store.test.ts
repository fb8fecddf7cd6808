import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import type { CardAccount, StoredTransaction } from '../../contract'
import { createSandbox } from '../sandbox'
import { type IndexedDbStore, openIndexedDbStore } from './indexeddb-store'

const opened: IndexedDbStore[] = []
let dbCount = 0
const freshName = () => `sandbox-test-${++dbCount}`

async function open(name: string) {
  const store = await openIndexedDbStore({ name })
  opened.push(store)
  return store
}

afterEach(() => {
  for (const store of opened.splice(0)) store.close()
})

const account = (resourceId: string): CardAccount => ({
  resourceId,
  maskedPan: '525412******3241',
  currency: 'NOK',
  customerNumber: '13039319955',
  customerType: 'private',
  status: 'enabled',
})

const tx = (cardTransactionId: string): StoredTransaction => ({
  cardTransactionId,
  bookingStatus: 'booked',
  bookingDate: '2026-06-02',
  transactionDate: '2026-06-01',
  transactionAmount: { currency: 'NOK', amount: '-1.00' },
  originalAmount: { currency: 'NOK', amount: '-1.00' },
  merchantCategoryCode: '5411',
})

describe('IndexedDB store', () => {
  it('loads accounts and transactions in creation order, and keeps them across a reopen', async () => {
    const name = freshName()
    const store = await open(name)
    await store.saveAccount(account('zeta'))
    await store.saveAccount(account('alpha'))
    await store.appendTransactions('alpha', [tx('a2'), tx('a1')])
    await store.appendTransactions('zeta', [tx('z1')])
    await store.appendTransactions('alpha', [tx('a0')])
    const expected = [
      { account: account('zeta'), transactions: [tx('z1')] },
      { account: account('alpha'), transactions: [tx('a2'), tx('a1'), tx('a0')] },
    ]
    expect(await store.load()).toEqual(expected)
    store.close()
    expect(await (await open(name)).load()).toEqual(expected)
  })

  it('keeps an account in place when it is saved again', async () => {
    const store = await open(freshName())
    await store.saveAccount(account('first'))
    await store.saveAccount(account('second'))
    await store.saveAccount({ ...account('first'), status: 'blocked' })
    const loaded = await store.load()
    expect(loaded.map((entry) => [entry.account.resourceId, entry.account.status])).toEqual([
      ['first', 'blocked'],
      ['second', 'enabled'],
    ])
  })

  it('appends a batch atomically: one element that cannot be stored leaves none behind', async () => {
    const store = await open(freshName())
    await store.saveAccount(account('acc'))
    await store.appendTransactions('acc', [tx('kept')])
    const poisoned = { ...tx('bad'), transactionDetails: (() => 'x') as unknown as string }
    await expect(store.appendTransactions('acc', [tx('n1'), tx('n2'), poisoned, tx('n3')])).rejects.toThrow()
    expect((await store.load())[0]?.transactions.map((t) => t.cardTransactionId)).toEqual(['kept'])
    await store.appendTransactions('acc', [tx('after')])
    expect((await store.load())[0]?.transactions.map((t) => t.cardTransactionId)).toEqual(['kept', 'after'])
  })

  it('replaces everything at once, and clears', async () => {
    const store = await open(freshName())
    await store.saveAccount(account('old'))
    await store.appendTransactions('old', [tx('o1')])
    const data = [{ account: account('new'), transactions: [tx('n1'), tx('n2')] }]
    await store.replaceAll(data)
    expect(await store.load()).toEqual(data)
    await store.clear()
    expect(await store.load()).toEqual([])
  })

  it('tells other tabs, not itself, that the data changed', async () => {
    const name = freshName()
    const writer = await open(name)
    const reader = await open(name)
    let writerHeard = 0
    writer.onExternalChange?.(() => writerHeard++)
    const heard = new Promise<void>((resolve) => reader.onExternalChange?.(resolve))
    await writer.saveAccount(account('acc'))
    await heard
    expect(writerHeard).toBe(0)
  })

  it('carries the engine: data survives a new engine, and another tab’s engine reloads after a write', async () => {
    const name = freshName()
    const today = () => '2026-06-15'
    const tabA = createSandbox({ store: await open(name), today })
    const readerStore = await open(name)
    const tabB = createSandbox({ store: readerStore, today })
    expect(await tabB.listCardAccounts()).toEqual([])

    const heard = new Promise<void>((resolve) => readerStore.onExternalChange?.(resolve))
    const created = await tabA.createCardAccount(
      { maskedPan: '525412******3241', currency: 'NOK', customerNumber: '13039319955' },
      { fixes: new Set() },
    )
    if (!created.ok) throw new Error('create failed')
    await tabA.addTransactions(created.value.resourceId, [
      {
        transactionDate: '2026-06-01',
        bookingDate: '2026-06-01',
        transactionAmount: { currency: 'NOK', amount: '-5' },
        originalAmount: { currency: 'NOK', amount: '-5' },
        merchantCategoryCode: '5411',
      },
    ])
    await heard
    expect(await tabB.exportSnapshot()).toEqual(await tabA.exportSnapshot())

    const afterReload = createSandbox({ store: await open(name), today })
    expect(await afterReload.exportSnapshot()).toEqual(await tabA.exportSnapshot())
  })
})
