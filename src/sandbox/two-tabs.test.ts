import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import type { KnownFix, TransactionCreateInput } from '../contract'
import { rawGetAll, rawOpen } from '../test/indexeddb'
import type { Result } from './result'
import { createSandbox, type Sandbox } from './sandbox'
import { DB_VERSION } from './storage/indexeddb-schema'
import { type IndexedDbStore, openIndexedDbStore } from './storage/indexeddb-store'
import type { SandboxStore } from './storage/store'

// Two browser tabs are two engines, each with its own connection, over one IndexedDB database.

const TODAY = '2026-06-15'
const none = { fixes: new Set<KnownFix>() }
const opened: IndexedDbStore[] = []
let dbCount = 0
const freshName = () => `two-tabs-${++dbCount}`

afterEach(() => {
  for (const store of opened.splice(0)) store.close()
})

function tab(name: string, adapt: (store: SandboxStore) => SandboxStore = (store) => store): Sandbox {
  const store = openIndexedDbStore({ name })
  opened.push(store)
  return createSandbox({ store: adapt(store), today: () => TODAY })
}

/** A tab whose BroadcastChannel lost the other tab's news: only the store's generation can tell it. */
function deaf(store: SandboxStore): SandboxStore {
  const { onExternalChange: _, ...rest } = store
  return rest
}

function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify(result.problem)}`)
  return result.value
}

const batch = (size: number, day = 1): TransactionCreateInput[] =>
  Array.from({ length: size }, () => ({
    transactionDate: `2026-06-${String(day).padStart(2, '0')}`,
    bookingDate: '2026-06-10',
    transactionAmount: { currency: 'NOK', amount: '-10.00' },
    originalAmount: { currency: 'NOK', amount: '-10.00' },
    merchantCategoryCode: '5411',
  }))

async function newAccount(sandbox: Sandbox): Promise<string> {
  const created = value(
    await sandbox.createCardAccount(
      { maskedPan: '525412******3241', currency: 'NOK', customerNumber: '13039319955' },
      none,
    ),
  )
  return created.resourceId
}

/** The ids of every transaction the database's blocks hold for `accountId`, as stored. */
async function storedIds(name: string, accountId: string): Promise<string[]> {
  const db = await rawOpen(name, DB_VERSION)
  const blocks = (await rawGetAll(db, 'blocks')) as {
    accountId: string
    transactions: { cardTransactionId: string }[]
  }[]
  db.close()
  return blocks
    .filter((block) => block.accountId === accountId)
    .flatMap((block) => block.transactions.map((tx) => tx.cardTransactionId))
}

describe('two tabs writing to one database', () => {
  it('stores every row of batches sent at once from both, each with its own id', async () => {
    const name = freshName()
    const first = tab(name)
    const second = tab(name)
    const id = await newAccount(first)
    expect(await second.hasCardAccount(id)).toBe(true)

    const sent = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? first : second).addTransactions(id, batch(50))),
    )
    const answered = sent.flatMap((result) => value(result).map((tx) => tx.cardTransactionId))
    expect(answered).toHaveLength(500)
    expect(new Set(answered).size).toBe(500)

    const stored = await storedIds(name, id)
    expect(stored).toHaveLength(500)
    expect(new Set(stored)).toEqual(new Set(answered))
    // A third tab opened afterwards exports it all, and Import would take the file.
    const exported = await tab(name).exportSnapshot()
    expect(exported.cardAccounts[0]?.transactions).toHaveLength(500)
  })

  it('creates accounts from both at once without losing one', async () => {
    const name = freshName()
    const [first, second] = [tab(name), tab(name)]
    const ids = await Promise.all(Array.from({ length: 6 }, (_, i) => newAccount(i % 2 ? first : second)))
    const listed = (await tab(name).listCardAccounts()).map((account) => account.resourceId)
    expect(listed.sort()).toEqual([...ids].sort())
  })

  it('reloads before allocating ids when another tab wrote since, even without its message', async () => {
    const name = freshName()
    const writer = tab(name)
    const id = await newAccount(writer)
    const stale = tab(name, deaf)
    expect(await stale.hasCardAccount(id)).toBe(true)

    const first = value(await writer.addTransactions(id, batch(3)))
    const second = value(await stale.addTransactions(id, batch(2)))
    expect(first.map((tx) => tx.cardTransactionId)).toEqual(['ct-1', 'ct-2', 'ct-3'])
    expect(second.map((tx) => tx.cardTransactionId)).toEqual(['ct-4', 'ct-5'])
    expect(await storedIds(name, id)).toEqual(['ct-1', 'ct-2', 'ct-3', 'ct-4', 'ct-5'])
  })

  it('finds an account another tab created, even without its message', async () => {
    const name = freshName()
    const writer = tab(name)
    const reader = tab(name, deaf)
    expect(await reader.listCardAccounts()).toEqual([])
    const id = await newAccount(writer)
    expect(await reader.hasCardAccount(id)).toBe(true)
    expect(value(await reader.addTransactions(id, batch(1))).map((tx) => tx.cardTransactionId)).toEqual([
      'ct-1',
    ])
    expect((await reader.listCardAccounts()).map((account) => account.resourceId)).toEqual([id])
  })

  it('answers 400 naming the id when the store refuses a clash, stores none of it, then recovers', async () => {
    const name = freshName()
    const writer = tab(name)
    const id = await newAccount(writer)
    // A tab that believes its copy is current whatever the store says: only the store's own id check stops it.
    let believed = ''
    const blind = tab(name, (store) => ({
      ...deaf(store),
      loadAccounts: async () => {
        const loaded = await store.loadAccounts()
        believed = loaded.generation
        return loaded
      },
      generation: async () => believed,
    }))
    // Read whole (its transactions too) before the other tab writes: the copy it then believes is stale.
    expect((await blind.exportSnapshot()).cardAccounts).toHaveLength(1)
    value(await writer.addTransactions(id, batch(2)))

    const refused = await blind.addTransactions(id, batch(3))
    expect(refused).toEqual({
      ok: false,
      problem: {
        status: 400,
        messages: [
          {
            category: 'ERROR',
            code: 'FORMAT_ERROR',
            path: '[0].cardTransactionId',
            text: '[0].cardTransactionId ct-1 already exists in this card account',
          },
        ],
      },
    })
    expect(await storedIds(name, id)).toEqual(['ct-1', 'ct-2'])
    // The refusal made it reload: the next batch gets fresh ids.
    const retried = value(await blind.addTransactions(id, batch(1)))
    expect(retried.map((tx) => tx.cardTransactionId)).toEqual(['ct-3'])
  })
})
