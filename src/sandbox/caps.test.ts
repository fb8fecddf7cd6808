// The caps on stored transactions hold in the engine, so every store (memory, IndexedDB) has them.
import { describe, expect, it } from 'vitest'
import type { KnownFix, TransactionCreateInput } from '../contract'
import { defaultStoreCaps } from './caps'
import { createSandbox } from './sandbox'
import { createMemoryStore } from './storage/memory-store'

const TODAY = '2026-06-15'
const none = { fixes: new Set<KnownFix>() }
const account = { maskedPan: '525412******3241', currency: 'NOK', customerNumber: '13039319955' }

const tx = (n: number): TransactionCreateInput => ({
  cardTransactionId: `t-${n}`,
  transactionDate: '2026-06-01',
  bookingDate: '2026-06-02',
  transactionAmount: { currency: 'NOK', amount: '-10.00' },
  originalAmount: { currency: 'EUR', amount: '-0.90' },
  merchantCategoryCode: '5411',
})
const batch = (from: number, size: number) => Array.from({ length: size }, (_, i) => tx(from + i))

async function sandboxWith(caps: { perAccount?: number; total?: number }) {
  const sandbox = createSandbox({ store: createMemoryStore(), today: () => TODAY, caps })
  const open = async () => {
    const created = await sandbox.createCardAccount(account, none)
    if (!created.ok) throw new Error('account not created')
    return created.value.resourceId
  }
  const stored = async (id: string) => {
    const listed = await sandbox.listTransactions(id, { bookingStatus: 'booked', limit: '1000' }, none)
    if (!listed.ok) throw new Error(JSON.stringify(listed.problem))
    return listed.value.cardTransactions.booked.map((row) => row.cardTransactionId)
  }
  return { sandbox, open, stored }
}

describe('store caps', () => {
  it('takes a batch up to the per-account cap, and answers 507 naming the cap past it, storing nothing', async () => {
    const { sandbox, open, stored } = await sandboxWith({ perAccount: 5 })
    const id = await open()
    expect((await sandbox.addTransactions(id, batch(1, 3))).ok).toBe(true)
    const refused = await sandbox.addTransactions(id, batch(4, 3))
    expect(refused).toEqual({
      ok: false,
      problem: {
        status: 507,
        messages: [
          {
            category: 'ERROR',
            code: 'STORE_FULL',
            text:
              'Nothing was stored: the cap of 5 transactions per card account: this card account holds 3, ' +
              'and 3 more would pass it',
          },
        ],
      },
    })
    expect((await stored(id)).sort()).toEqual(['t-1', 't-2', 't-3'])
    // Exactly up to the cap still fits.
    expect((await sandbox.addTransactions(id, batch(4, 2))).ok).toBe(true)
    expect(await stored(id)).toHaveLength(5)
  })

  it('caps all accounts together, and another account takes what fits', async () => {
    const { sandbox, open, stored } = await sandboxWith({ total: 4 })
    const first = await open()
    const second = await open()
    expect((await sandbox.addTransactions(first, batch(1, 3))).ok).toBe(true)
    const refused = await sandbox.addTransactions(second, batch(1, 2))
    expect(refused.ok ? undefined : refused.problem.messages[0]?.text).toBe(
      'Nothing was stored: the cap of 4 transactions in all card accounts: they hold 3, and 2 more would pass it',
    )
    expect(refused.ok ? 0 : refused.problem.status).toBe(507)
    expect(await stored(second)).toEqual([])
    expect((await sandbox.addTransactions(second, batch(1, 1))).ok).toBe(true)
    expect(await stored(first)).toHaveLength(3)
  })

  it('refuses a data file past a cap with 507 and keeps what was stored', async () => {
    const { sandbox, open, stored } = await sandboxWith({ perAccount: 2 })
    const id = await open()
    await sandbox.addTransactions(id, batch(1, 2))
    const file = await sandbox.exportSnapshot()
    const [entry] = file.cardAccounts
    if (!entry) throw new Error('no account exported')
    const third = { ...entry.transactions[0], cardTransactionId: 't-3' }
    const tooMany = { ...file, cardAccounts: [{ ...entry, transactions: [...entry.transactions, third] }] }
    const refused = await sandbox.importSnapshot(tooMany)
    expect(refused.ok ? 0 : refused.problem.status).toBe(507)
    expect(refused.ok ? undefined : refused.problem.messages[0]?.text).toBe(
      `Nothing was stored: card account ${id} holds 3 transactions, past the cap of 2 transactions per card account`,
    )
    expect(await stored(id)).toEqual(['t-2', 't-1'])
  })

  it("refuses a scenario's accounts past a cap with 507 and keeps what was stored", async () => {
    const { sandbox, open, stored } = await sandboxWith({ perAccount: 2 })
    const id = await open()
    await sandbox.addTransactions(id, batch(1, 2))
    const [entry] = (await sandbox.exportSnapshot()).cardAccounts
    if (!entry) throw new Error('no account exported')
    const third = {
      ...entry.transactions[0],
      cardTransactionId: 't-3',
    } as (typeof entry.transactions)[number]
    const refused = await sandbox.restoreSnapshot([
      { ...entry, transactions: [...entry.transactions, third] },
    ])
    expect(refused.ok ? 0 : refused.problem.status).toBe(507)
    expect(await stored(id)).toEqual(['t-2', 't-1'])
  })

  it('defaults to 200,000 per account and 500,000 in all', () => {
    expect(defaultStoreCaps).toEqual({ perAccount: 200_000, total: 500_000 })
  })
})
