import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import type { CardAccount, StoredTransaction } from '../../contract'
import { rawGetAll, rawOpen } from '../../test/indexeddb'
import { loadAll } from '../../test/stores'
import { DuplicateTransactionIdError } from '../errors'
import { createSandbox } from '../sandbox'
import { BLOCK_SIZE, DB_VERSION } from './indexeddb-schema'
import { type IndexedDbStore, openIndexedDbStore } from './indexeddb-store'
import type { SandboxStore } from './store'

const opened: IndexedDbStore[] = []
let dbCount = 0
const freshName = () => `sandbox-test-${++dbCount}`

function open(name: string) {
  const store = openIndexedDbStore({ name })
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
    const store = open(name)
    await store.saveAccount(account('zeta'))
    await store.saveAccount(account('alpha'))
    await store.appendTransactions('alpha', [tx('a2'), tx('a1')])
    await store.appendTransactions('zeta', [tx('z1')])
    await store.appendTransactions('alpha', [tx('a0')])
    const expected = [
      { account: account('zeta'), transactions: [tx('z1')] },
      { account: account('alpha'), transactions: [tx('a2'), tx('a1'), tx('a0')] },
    ]
    expect((await loadAll(store)).data).toEqual(expected)
    store.close()
    expect((await loadAll(open(name))).data).toEqual(expected)
  })

  it('keeps an account in place when it is saved again', async () => {
    const store = open(freshName())
    await store.saveAccount(account('first'))
    await store.saveAccount(account('second'))
    await store.saveAccount({ ...account('first'), status: 'blocked' })
    const { data: loaded } = await loadAll(store)
    expect(loaded.map((entry) => [entry.account.resourceId, entry.account.status])).toEqual([
      ['first', 'blocked'],
      ['second', 'enabled'],
    ])
  })

  it('appends a batch atomically: one element that cannot be stored leaves none behind', async () => {
    const store = open(freshName())
    await store.saveAccount(account('acc'))
    await store.appendTransactions('acc', [tx('kept')])
    const poisoned = { ...tx('bad'), transactionDetails: (() => 'x') as unknown as string }
    await expect(store.appendTransactions('acc', [tx('n1'), tx('n2'), poisoned, tx('n3')])).rejects.toThrow()
    expect((await loadAll(store)).data[0]?.transactions.map((t) => t.cardTransactionId)).toEqual(['kept'])
    await store.appendTransactions('acc', [tx('after')])
    expect((await loadAll(store)).data[0]?.transactions.map((t) => t.cardTransactionId)).toEqual([
      'kept',
      'after',
    ])
  })

  it('replaces everything at once, and clears', async () => {
    const store = open(freshName())
    await store.saveAccount(account('old'))
    await store.appendTransactions('old', [tx('o1')])
    const data = [{ account: account('new'), transactions: [tx('n1'), tx('n2')] }]
    await store.replaceAll(data)
    expect((await loadAll(store)).data).toEqual(data)
    await store.clear()
    expect((await loadAll(store)).data).toEqual([])
  })

  it('refuses a transaction id its account already holds, keeping none of the batch', async () => {
    const store = open(freshName())
    await store.saveAccount(account('acc'))
    await store.saveAccount(account('other'))
    await store.appendTransactions('acc', [tx('ct-1'), tx('ct-2')])
    const clash = store.appendTransactions('acc', [tx('ct-3'), tx('ct-2'), tx('ct-4')])
    await expect(clash).rejects.toThrow(DuplicateTransactionIdError)
    await expect(clash).rejects.toMatchObject({ accountId: 'acc', cardTransactionId: 'ct-2' })
    // The same id in another account is another transaction.
    await store.appendTransactions('other', [tx('ct-2')])
    const { data } = await loadAll(store)
    expect(data.map((entry) => entry.transactions.map((t) => t.cardTransactionId))).toEqual([
      ['ct-1', 'ct-2'],
      ['ct-2'],
    ])
  })

  it('keeps an account in blocks: the last is filled first, and changes keep every row in its place', async () => {
    const name = freshName()
    const store = open(name)
    await store.saveAccount(account('acc'))
    const ids = (from: number, count: number) => Array.from({ length: count }, (_, i) => `r-${from + i}`)
    await store.appendTransactions('acc', ids(1, 700).map(tx))
    await store.appendTransactions('acc', ids(701, 700).map(tx))
    await store.appendTransactions('acc', [tx('r-1401')])
    await store.deleteTransaction('acc', 'r-3')
    await store.replaceTransactions('acc', [
      { from: 'r-1001', to: tx('moved') },
      { from: 'r-2', to: tx('r-1001') },
    ])
    await expect(store.appendTransactions('acc', [tx('r-1400')])).rejects.toThrow(DuplicateTransactionIdError)

    const expected = ['r-1', 'r-1001', ...ids(4, 997), ...ids(1001, 401)]
    expected[expected.indexOf('r-1001', 2)] = 'moved'
    const { data } = await loadAll(open(name))
    expect(data[0]?.transactions.map((t) => t.cardTransactionId)).toEqual(expected)
    const db = await rawOpen(name, DB_VERSION)
    const blocks = (await rawGetAll(db, 'blocks')) as { transactions: unknown[] }[]
    db.close()
    expect(blocks.map((block) => block.transactions.length)).toEqual([BLOCK_SIZE - 1, 401])
  })

  it('reads a page again after another connection wrote, though it keeps the catalog it read', async () => {
    const name = freshName()
    const reader = open(name)
    const writer = open(name)
    await writer.saveAccount(account('acc'))
    await writer.appendTransactions('acc', [tx('t-1')])
    const whole = {
      spans: ({ booked, pending }: { booked: number; pending: number }) => ({
        booked: { start: 0, end: booked },
        pending: { start: 0, end: pending },
      }),
    }
    expect((await reader.readPage('acc', whole)).booked.map((t) => t.cardTransactionId)).toEqual(['t-1'])
    await writer.appendTransactions('acc', [tx('t-2')])
    expect((await reader.readPage('acc', whole)).booked.map((t) => t.cardTransactionId)).toEqual([
      't-2',
      't-1',
    ])
    expect([...(await reader.readDaySums('acc', {})).values()].map((day) => day.count)).toEqual([2])
  })

  it('gives every write a new generation, which every connection reads', async () => {
    const name = freshName()
    const store = open(name)
    const other = open(name)
    const seen = [await store.generation()]
    seen.push(await store.saveAccount(account('acc')))
    expect(await other.generation()).toBe(seen.at(-1))
    seen.push(await store.appendTransactions('acc', [tx('t1')]))
    seen.push(await other.replaceAll([]))
    expect(await store.generation()).toBe(seen.at(-1))
    seen.push(await store.clear())
    expect((await loadAll(other)).generation).toBe(seen.at(-1))
    expect(new Set(seen).size).toBe(seen.length)
  })

  it('stops telling a listener once it unsubscribed', async () => {
    const name = freshName()
    const writer = open(name)
    const reader = open(name)
    let early = 0
    const unsubscribe = reader.onExternalChange(() => early++)
    const first = new Promise<void>((resolve) => reader.onExternalChange(resolve))
    await writer.saveAccount(account('one'))
    await first
    unsubscribe()
    const second = new Promise<void>((resolve) => reader.onExternalChange(resolve))
    await writer.saveAccount(account('two'))
    await second
    expect(early).toBe(1)
  })

  it('holds the Web Lock named for the database, exclusively, while the engine writes', async () => {
    const name = freshName()
    const held: string[] = []
    let inside = false
    const locks = {
      request: async (lock: string, options: LockOptions, task: () => Promise<unknown>) => {
        held.push(`${lock} ${options.mode}`)
        inside = true
        try {
          return await task()
        } finally {
          inside = false
        }
      },
    } as unknown as LockManager
    const store = openIndexedDbStore({ name, locks })
    opened.push(store)
    const observed: SandboxStore = {
      ...store,
      saveAccount: async (saved) => {
        expect(inside).toBe(true)
        return store.saveAccount(saved)
      },
    }
    const sandbox = createSandbox({ store: observed, today: () => '2026-06-15' })
    const created = await sandbox.createCardAccount(
      { maskedPan: '525412******3241', currency: 'NOK', customerNumber: '13039319955' },
      { fixes: new Set() },
    )
    expect(created.ok).toBe(true)
    expect(held).toEqual([`${name}:write exclusive`])
  })

  it('tells other tabs, not itself, that the data changed', async () => {
    const name = freshName()
    const writer = open(name)
    const reader = open(name)
    let writerHeard = 0
    writer.onExternalChange(() => writerHeard++)
    const heard = new Promise<void>((resolve) => reader.onExternalChange(resolve))
    await writer.saveAccount(account('acc'))
    await heard
    expect(writerHeard).toBe(0)
  })

  it('carries the engine: data survives a new engine, and another tab’s engine reloads after a write', async () => {
    const name = freshName()
    const today = () => '2026-06-15'
    const tabA = createSandbox({ store: open(name), today })
    const readerStore = open(name)
    const tabB = createSandbox({ store: readerStore, today })
    expect(await tabB.listCardAccounts()).toEqual([])

    const heard = new Promise<void>((resolve) => readerStore.onExternalChange(resolve))
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

    const afterReload = createSandbox({ store: open(name), today })
    expect(await afterReload.exportSnapshot()).toEqual(await tabA.exportSnapshot())
  })
})

// A tester deleted the database under an open tab (another tab's reset by deleting it, the browser's site data
// tools): the tab's engine went on answering from what it held until a read failed.
describe('IndexedDB store: the database deleted under an open tab', () => {
  it("tells the tab's engine, which answers from the database again, not from memory", async () => {
    const name = freshName()
    const today = () => '2026-06-15'
    const store = open(name)
    const tab = createSandbox({ store, today })
    const created = await tab.createCardAccount(
      { maskedPan: '525412******3241', currency: 'NOK', customerNumber: '13039319955' },
      { fixes: new Set() },
    )
    if (!created.ok) throw new Error('create failed')
    expect(await tab.listCardAccounts()).toHaveLength(1)

    const heard = new Promise<void>((resolve) => store.onExternalChange(resolve))
    await new Promise<void>((resolve, reject) => {
      const deletion = indexedDB.deleteDatabase(name)
      deletion.onsuccess = () => resolve()
      deletion.onerror = () => reject(deletion.error)
    })
    await heard
    expect(await tab.listCardAccounts()).toEqual([])
  })
})

describe('IndexedDB store: deletes', () => {
  it('deletes one transaction and one account, atomically and for good', async () => {
    const name = freshName()
    const store = open(name)
    await store.saveAccount(account('one'))
    await store.saveAccount(account('two'))
    await store.saveAccount(account('three'))
    await store.appendTransactions('one', [tx('a'), tx('b'), tx('c')])
    await store.appendTransactions('two', [tx('a')])

    await store.deleteTransaction('one', 'b')
    await store.deleteAccount('two')
    // A new account goes after the others, not into the deleted one's place.
    await store.saveAccount(account('four'))

    const { data } = await loadAll(open(name))
    expect(data.map((entry) => entry.account.resourceId)).toEqual(['one', 'three', 'four'])
    expect(data[0]?.transactions.map((t) => t.cardTransactionId)).toEqual(['a', 'c'])
    // The deleted id is free again in its account.
    await store.appendTransactions('one', [tx('b')])
    expect((await loadAll(store)).data[0]?.transactions.map((t) => t.cardTransactionId)).toEqual([
      'a',
      'c',
      'b',
    ])
  })

  it('lets an engine in another tab see a delete', async () => {
    const name = freshName()
    const mine = createSandbox({ store: open(name), today: () => '2026-06-15', newId: () => 'acc' })
    const theirs = createSandbox({ store: open(name), today: () => '2026-06-15' })
    const body = { maskedPan: '525412******3241', currency: 'NOK', customerNumber: '13039319955' }
    expect((await mine.createCardAccount(body, { fixes: new Set() })).ok).toBe(true)
    const id = 'acc'
    expect(await theirs.hasCardAccount(id)).toBe(true)
    await mine.deleteCardAccount(id)
    expect(await theirs.hasCardAccount(id)).toBe(false)
  })
})
