import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import type { CardAccount, StoredTransaction } from '../../contract'
import { createV1Database, rawGetAll, rawOpen, rawPut } from '../../test/indexeddb'
import { loadAll } from '../../test/stores'
import { DuplicateTransactionIdError } from '../errors'
import { createSandbox } from '../sandbox'
import { BLOCK_SIZE, DB_VERSION } from './indexeddb-schema'
import { type IndexedDbStore, openIndexedDbStore } from './indexeddb-store'

const opened: IndexedDbStore[] = []
let dbCount = 0
const freshName = () => `upgrade-test-${++dbCount}`

function open(name: string) {
  const store = openIndexedDbStore({ name })
  opened.push(store)
  return store
}

afterEach(() => {
  for (const store of opened.splice(0)) store.close()
})

const account = (resourceId: string, name?: string): CardAccount => ({
  resourceId,
  maskedPan: '525412******3241',
  currency: 'NOK',
  customerNumber: '13039319955',
  customerType: 'private',
  status: 'enabled',
  ...(name ? { name } : {}),
})

const tx = (cardTransactionId: string, amount = '-1.00'): StoredTransaction => ({
  cardTransactionId,
  bookingStatus: 'booked',
  bookingDate: '2026-06-02',
  transactionDate: '2026-06-01',
  transactionAmount: { currency: 'NOK', amount },
  originalAmount: { currency: 'NOK', amount },
  merchantCategoryCode: '5411',
})

describe('IndexedDB version 1 → 4', () => {
  it('keeps every account and transaction, in order, and the data file is whole', async () => {
    const name = freshName()
    const v1 = [
      { account: account('zeta', 'Travel card'), transactions: [tx('ct-1'), tx('ct-2'), tx('own-id')] },
      { account: account('alpha'), transactions: [tx('ct-1', '-7.50')] },
      { account: account('empty'), transactions: [] },
    ]
    await createV1Database(name, v1)

    const store = open(name)
    const { data, generation } = await loadAll(store)
    expect(data).toEqual(v1)
    expect(generation).not.toBe('')

    const sandbox = createSandbox({ store, today: () => '2026-06-15' })
    expect((await sandbox.exportSnapshot()).cardAccounts).toEqual(v1)
    // The engine goes on from the stored rows.
    const added = await sandbox.addTransactions('zeta', [
      { ...tx('x'), cardTransactionId: undefined, bookingStatus: 'pending', bookingDate: undefined },
    ])
    expect(added.ok && added.value.map((t) => t.cardTransactionId)).toEqual(['ct-4'])
  })

  it('keeps ids unique: a second transaction with an upgraded id is refused', async () => {
    const name = freshName()
    await createV1Database(name, [{ account: account('acc'), transactions: [tx('ct-1')] }])
    const store = open(name)
    await expect(store.appendTransactions('acc', [tx('ct-1')])).rejects.toThrow(DuplicateTransactionIdError)
    expect((await loadAll(store)).data[0]?.transactions).toEqual([tx('ct-1')])
  })

  it('gives a duplicate id left by two tabs of version 1 the next free id, keeping both rows', async () => {
    const name = freshName()
    // What the old race stored: both tabs numbered from their own memory.
    await createV1Database(name, [
      {
        account: account('acc'),
        transactions: [tx('ct-1', '-1.00'), tx('ct-2', '-2.00'), tx('ct-1', '-3.00'), tx('ct-2', '-4.00')],
      },
      { account: account('other'), transactions: [tx('ct-1', '-5.00')] },
    ])
    const { data } = await loadAll(open(name))
    expect(
      data.map(({ transactions }) =>
        transactions.map((t) => [t.cardTransactionId, t.transactionAmount.amount]),
      ),
    ).toEqual([
      [
        ['ct-1', '-1.00'],
        ['ct-2', '-2.00'],
        ['ct-5', '-3.00'],
        ['ct-6', '-4.00'],
      ],
      [['ct-1', '-5.00']],
    ])
  })

  it('upgrades a database holding a damaged record, which reading then reports', async () => {
    const name = freshName()
    await createV1Database(name, [{ account: account('acc'), transactions: [tx('ct-1'), { broken: true }] }])
    const store = open(name)
    await expect(store.loadTransactions('acc')).rejects.toThrow(/1 stored record is damaged/)
    const salvage = await store.salvage()
    expect(salvage.data).toEqual([{ account: account('acc'), transactions: [tx('ct-1')] }])
    expect(salvage.unreadable).toEqual([
      expect.objectContaining({
        store: 'blocks',
        key: ['acc', 0, 1],
        record: { broken: true },
      }),
    ])
  })

  it('leaves an upgraded database as it is on the next open', async () => {
    const name = freshName()
    await createV1Database(name, [{ account: account('acc'), transactions: [tx('ct-1')] }])
    const first = open(name)
    const generation = (await loadAll(first)).generation
    first.close()
    expect(await loadAll(open(name))).toEqual({
      data: [{ account: account('acc'), transactions: [tx('ct-1')] }],
      generation,
    })
    const db = await rawOpen(name, DB_VERSION)
    expect(await rawGetAll(db, 'blocks')).toEqual([{ accountId: 'acc', transactions: [tx('ct-1')] }])
    db.close()
  })
})

describe('IndexedDB versions 2 and 3 → 4', () => {
  /** A database as version 2 wrote it (the unique id index), or version 3 (the date indexes too). */
  async function version2(name: string, rows: readonly StoredTransaction[], version = 2) {
    const db = await rawOpen(name, version, (created) => {
      created.createObjectStore('accounts')
      created.createObjectStore('meta')
      const transactions = created.createObjectStore('transactions')
      transactions.createIndex(
        'accountAndCardTransactionId',
        ['accountId', 'transaction.cardTransactionId'],
        {
          unique: true,
        },
      )
      if (version < 3) return
      const byDate = (status: string) => ['accountId', 'transaction.bookingStatus', `transaction.${status}`]
      transactions.createIndex('accountStatusAndBookingDate', byDate('bookingDate'))
      transactions.createIndex('accountStatusAndTransactionDate', byDate('transactionDate'))
    })
    await rawPut(db, 'accounts', [[{ position: 0, account: account('acc') }, 'acc']])
    await rawPut(db, 'meta', [['g-2', 'generation']])
    await rawPut(
      db,
      'transactions',
      rows.map((transaction, sequence) => [{ accountId: 'acc', transaction }, ['acc', sequence]] as const),
    )
    db.close()
  }

  it('indexes the stored rows by date: a page reads in list order, the rows and generation unchanged', async () => {
    const name = freshName()
    const { bookingDate: _, ...base } = tx('p-1')
    const pendingRow: StoredTransaction = { ...base, bookingStatus: 'pending', transactionDate: '2026-06-03' }
    const rows = [{ ...tx('b-1'), bookingDate: '2026-06-05' }, pendingRow, tx('b-2'), tx('b-3')]
    await version2(name, rows)

    const store = open(name)
    const page = await store.readPage?.('acc', {
      spans: ({ booked, pending }) => ({
        booked: { start: 0, end: booked },
        pending: { start: 0, end: pending },
      }),
    })
    expect(page).toEqual({
      booked: [rows[0], rows[3], rows[2]],
      pending: [pendingRow],
      bookedCount: 3,
      pendingCount: 1,
    })
    expect(await loadAll(store)).toEqual({
      data: [{ account: account('acc'), transactions: rows }],
      generation: 'g-2',
    })
  })
  it('moves version 3 rows into blocks, in their order', async () => {
    const name = freshName()
    const rows = Array.from({ length: BLOCK_SIZE + 200 }, (_, i) => tx(`ct-${i + 1}`, `-${i + 1}.00`))
    await version2(name, rows, 3)

    const store = open(name)
    expect(await loadAll(store)).toEqual({
      data: [{ account: account('acc'), transactions: rows }],
      generation: 'g-2',
    })
    const db = await rawOpen(name, DB_VERSION)
    const blocks = (await rawGetAll(db, 'blocks')) as { transactions: unknown[] }[]
    expect(blocks.map((block) => block.transactions.length)).toEqual([BLOCK_SIZE, 200])
    expect(db.objectStoreNames.contains('transactions')).toBe(false)
    db.close()
    await expect(store.appendTransactions('acc', [tx('ct-7')])).rejects.toThrow(DuplicateTransactionIdError)
    // The chart's sums come with the blocks.
    expect([...(await store.readDaySums('acc', {})).values()].map((day) => day.count)).toEqual([
      BLOCK_SIZE + 200,
    ])
  })
})
