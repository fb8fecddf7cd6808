import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import type { KnownFix, StoredTransaction } from '../contract'
import { createSandbox, type Sandbox } from './sandbox'
import { type IndexedDbStore, openIndexedDbStore } from './storage/indexeddb-store'
import { createMemoryStore } from './storage/memory-store'
import type { AccountData, SandboxStore } from './storage/store'

// The engine reads the accounts at start and an account's transactions only when it first needs them
// whole; a page of the list comes from the store itself when the store can read one. Observed through a
// store that counts what it is asked, never by timing.

const TODAY = '2026-06-15'
const none = { fixes: new Set<KnownFix>() }

const account = (resourceId: string) => ({
  resourceId,
  maskedPan: '525412******3241',
  currency: 'NOK',
  customerNumber: '13039319955',
  customerType: 'private' as const,
  status: 'enabled' as const,
})

/** `count` transactions over June, booked and (every fifth) pending, in creation order. */
function rows(prefix: string, count: number): StoredTransaction[] {
  return Array.from({ length: count }, (_, i) => {
    const day = `2026-06-${String((i % 14) + 1).padStart(2, '0')}`
    const amount = { currency: 'NOK', amount: `-${i + 1}.00` }
    const common = {
      cardTransactionId: `${prefix}-${i + 1}`,
      transactionDate: day,
      transactionAmount: amount,
      originalAmount: amount,
      merchantCategoryCode: '5411',
    }
    return i % 5 === 4
      ? { ...common, bookingStatus: 'pending' as const }
      : { ...common, bookingStatus: 'booked' as const, bookingDate: day }
  })
}

const data: AccountData[] = [
  { account: account('big'), transactions: rows('b', 60) },
  { account: account('small'), transactions: rows('s', 7) },
]

/** Wraps a store, counting the whole-account reads per account and the page reads. */
function counting(store: SandboxStore) {
  const wholeReads: string[] = []
  const pageReads: string[] = []
  let countReads = 0
  const wrapped: SandboxStore = {
    ...store,
    loadTransactions: (accountId) => {
      wholeReads.push(accountId)
      return store.loadTransactions(accountId)
    },
    countTransactions: () => {
      countReads++
      return store.countTransactions()
    },
  }
  const { readPage } = store
  if (readPage) {
    wrapped.readPage = (accountId, request) => {
      pageReads.push(accountId)
      return readPage.call(store, accountId, request)
    }
  }
  return { store: wrapped, wholeReads, pageReads, countReads: () => countReads }
}

function engine(store: SandboxStore): Sandbox {
  return createSandbox({ store, today: () => TODAY })
}

const listed = async (sandbox: Sandbox, id: string, query: Record<string, string>) => {
  const result = await sandbox.listTransactions(id, query, none)
  if (!result.ok) throw new Error(JSON.stringify(result.problem))
  return result.value.cardTransactions
}

const pendingRow = {
  transactionDate: '2026-06-10',
  bookingStatus: 'pending',
  transactionAmount: { currency: 'NOK', amount: '-1.00' },
  originalAmount: { currency: 'NOK', amount: '-1.00' },
  merchantCategoryCode: '5411',
}

describe('an engine over a store without page reads (the memory store)', () => {
  it('reads an account’s transactions when it is first used, once, and never another account’s', async () => {
    const probe = counting(createMemoryStore(data))
    const sandbox = engine(probe.store)

    expect((await sandbox.listCardAccounts()).map((a) => a.resourceId)).toEqual(['big', 'small'])
    expect((await sandbox.getCardAccount('big', {})).ok).toBe(true)
    expect(probe.wholeReads).toEqual([])

    await listed(sandbox, 'big', { bookingStatus: 'both' })
    await sandbox.summarizeTransactions('big', {}, {})
    await listed(sandbox, 'big', { bookingStatus: 'booked', offset: '10', limit: '5' })
    expect(probe.wholeReads).toEqual(['big'])
  })

  it('shares one read between calls made at once', async () => {
    const probe = counting(createMemoryStore(data))
    const sandbox = engine(probe.store)
    await Promise.all([
      listed(sandbox, 'small', { bookingStatus: 'both' }),
      sandbox.summarizeTransactions('small', {}, {}),
      listed(sandbox, 'small', { bookingStatus: 'pending' }),
    ])
    expect(probe.wholeReads).toEqual(['small'])
  })

  it('checks the caps with the store’s counts, not by reading the other accounts', async () => {
    const probe = counting(createMemoryStore(data))
    const sandbox = createSandbox({ store: probe.store, today: () => TODAY, caps: { total: 70 } })
    const added = await sandbox.addTransactions('small', [pendingRow, pendingRow, pendingRow])
    // 60 + 7 stored, 3 more fit the cap of 70 exactly; one more does not.
    expect(added.ok).toBe(true)
    const refused = await sandbox.addTransactions('small', [pendingRow])
    expect(refused.ok || refused.problem.status).toBe(507)
    expect(probe.wholeReads).toEqual(['small'])
    expect(probe.countReads()).toBe(1)
    expect(await sandbox.storeStatus()).toEqual({ readable: true, accounts: 2, transactions: 70 })
  })

  it('reads every account for what needs them all: export, and the automatic settlement', async () => {
    const probe = counting(createMemoryStore(data))
    const sandbox = engine(probe.store)
    expect((await sandbox.exportSnapshot()).cardAccounts).toEqual(data)
    expect([...probe.wholeReads].sort()).toEqual(['big', 'small'])

    const settling = counting(createMemoryStore(data))
    const settled = await engine(settling.store).settlePendingAfter(1)
    expect(settled).toBe(12 + 1)
    expect([...settling.wholeReads].sort()).toEqual(['big', 'small'])
  })

  it('drops what it read when another writer wrote meanwhile, and reads again', async () => {
    const memory = createMemoryStore(data)
    const probe = counting(memory)
    const sandbox = engine(probe.store)
    await listed(sandbox, 'small', { bookingStatus: 'both' })
    // Another engine on the same store (a second tab without its message) adds a row.
    const other = engine(memory)
    expect((await other.addTransactions('small', [pendingRow])).ok).toBe(true)

    const added = await sandbox.addTransactions('small', [pendingRow])
    if (!added.ok) throw new Error(JSON.stringify(added.problem))
    // Its id follows the other engine's row: the account was read again before the write.
    expect(added.value.map((row) => row.cardTransactionId)).toEqual(['ct-9'])
    expect(probe.wholeReads).toEqual(['small', 'small'])
  })

  it('starts again when an account’s rows come from a later generation than its accounts', async () => {
    const memory = createMemoryStore(data)
    let moved = false
    const sandbox = engine({
      ...memory,
      // Another writer slips in between reading the accounts and reading one account's rows.
      loadTransactions: async (accountId) => {
        if (!moved) {
          moved = true
          await memory.deleteAccount('small')
        }
        return memory.loadTransactions(accountId)
      },
    })
    expect((await sandbox.listCardAccounts()).map((a) => a.resourceId)).toEqual(['big', 'small'])
    const exported = await sandbox.exportSnapshot()
    expect(exported.cardAccounts.map((entry) => entry.account.resourceId)).toEqual(['big'])
    expect((await sandbox.listCardAccounts()).map((a) => a.resourceId)).toEqual(['big'])
  })
})

describe('an engine over IndexedDB', () => {
  const opened: IndexedDbStore[] = []
  let dbCount = 0
  afterEach(() => {
    for (const store of opened.splice(0)) store.close()
  })
  async function stored(): Promise<string> {
    const name = `lazy-reads-${++dbCount}`
    const store = openIndexedDbStore({ name })
    opened.push(store)
    // More rows than one IndexedDB block holds (BLOCK_SIZE), so pages and writes cross blocks.
    await store.replaceAll([{ account: account('big'), transactions: rows('b', 2_300) }, ...data.slice(1)])
    return name
  }
  function reopened(name: string) {
    const store = openIndexedDbStore({ name })
    opened.push(store)
    return counting(store)
  }

  it('shows pages without reading the account whole, then reads it once when it is needed whole', async () => {
    const probe = reopened(await stored())
    const sandbox = engine(probe.store)
    await listed(sandbox, 'big', { bookingStatus: 'both' })
    await listed(sandbox, 'big', { bookingStatus: 'booked', offset: '20', limit: '10' })
    // The chart's summary too is read from the store's catalog.
    expect((await sandbox.summarizeTransactions('big', {}, {})).ok).toBe(true)
    expect(probe.pageReads).toEqual(['big', 'big'])
    expect(probe.wholeReads).toEqual([])

    // A write needs the account whole: its ids, the caps.
    expect((await sandbox.addTransactions('big', [pendingRow])).ok).toBe(true)
    await listed(sandbox, 'big', { bookingStatus: 'both' })
    expect(probe.wholeReads).toEqual(['big'])
    // Once read whole, pages come from the engine's own index.
    expect(probe.pageReads).toEqual(['big', 'big'])
  })

  it('answers every page as the engine that read the account whole does', async () => {
    const name = await stored()
    const paging = engine(reopened(name).store)
    // Change the data through the paging engine first: settled, deleted and added rows move in the lists.
    const settle = await paging.settleTransactions('big', {
      transactions: [{ cardTransactionId: 'b-5', bookingDate: '2026-06-14' }],
    })
    expect(settle.ok).toBe(true)
    expect((await paging.deleteTransaction('big', 'b-7')).ok).toBe(true)
    expect((await paging.deleteTransaction('big', 'b-1002')).ok).toBe(true)
    expect((await paging.addTransactions('big', [pendingRow])).ok).toBe(true)
    const reference = createMemoryStore((await paging.exportSnapshot()).cardAccounts)
    const fresh = reopened(name)
    const byPages = engine(fresh.store)
    const byIndex = engine(reference)

    const queries: Record<string, string>[] = [
      { bookingStatus: 'both' },
      { bookingStatus: 'both', offset: '40', limit: '15' },
      { bookingStatus: 'booked', offset: '3', limit: '7' },
      { bookingStatus: 'pending', limit: '4', offset: '2' },
      { bookingStatus: 'both', fromDate: '2026-06-03', toDate: '2026-06-05' },
      { bookingStatus: 'both', fromDate: '2026-06-03', toDate: '2026-06-05', offset: '5', limit: '6' },
      { bookingStatus: 'pending', fromDate: '2026-06-10' },
      { bookingStatus: 'booked', toDate: '2026-06-01' },
      { bookingStatus: 'both', fromDate: '2026-07-01' },
      { bookingStatus: 'both', offset: '1500', limit: '200' },
      { bookingStatus: 'pending', fromDate: '2026-06-14', offset: '10', limit: '50' },
    ]
    for (const query of queries) {
      expect(await byPages.listTransactions('big', query, none)).toEqual(
        await byIndex.listTransactions('big', query, none),
      )
    }
    expect(fresh.pageReads).toHaveLength(queries.length)
    expect(fresh.wholeReads).toEqual([])
  })

  it('sums an account as the engine that read it whole does', async () => {
    const name = await stored()
    const paging = engine(reopened(name).store)
    expect((await paging.deleteTransaction('big', 'b-1002')).ok).toBe(true)
    const reference = engine(createMemoryStore((await paging.exportSnapshot()).cardAccounts))
    const fresh = reopened(name)
    const byCatalog = engine(fresh.store)
    const windows: Record<string, string>[] = [
      {},
      { fromDate: '2026-06-03', toDate: '2026-06-05' },
      { fromDate: '2026-06-10', bucket: 'week' },
      { toDate: '2026-06-01' },
      { fromDate: '2026-07-01' },
    ]
    const counts: number[] = []
    for (const window of windows) {
      const summary = await byCatalog.summarizeTransactions('big', window, {})
      expect(summary).toEqual(await reference.summarizeTransactions('big', window, {}))
      counts.push(summary.ok ? summary.value.count : -1)
    }
    expect(counts[0]).toBe(2_299)
    expect(counts.at(-1)).toBe(0)
    expect(fresh.wholeReads).toEqual([])
  })
})
