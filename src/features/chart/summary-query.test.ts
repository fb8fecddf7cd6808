import { expect, it } from 'vitest'
import type { ApiClient, TransactionsPage } from '../../api'
import { summaryByPages } from './summary-query'

const booked = (i: number) => ({
  cardTransactionId: `b-${i}`,
  bookingDate: '2026-01-02',
  transactionDate: '2026-01-02',
  transactionAmount: { currency: 'EUR', amount: '-1.00' },
  originalAmount: { currency: 'EUR', amount: '-1.00' },
  merchantCategoryCode: '5411',
})

// A bank that sends no `_links`: the chart said "Read all 200 of this window" of 250, and the pager, which
// says the chart's count, would have said "of 200".
it('reads on past a full page from a sandbox that sends no links', async () => {
  const all = Array.from({ length: 250 }, (_, i) => booked(i))
  const api: Pick<ApiClient, 'listTransactions'> = {
    listTransactions: async (_account, { offset = 0, limit = 200 }) => {
      const value: TransactionsPage = {
        cardAccount: { maskedPan: '525412******3241' },
        cardTransactions: { booked: all.slice(offset, offset + limit), pending: [] },
      }
      return { kind: 'read', value, raw: value }
    },
  }
  const outcome = await summaryByPages(api, 'a', {}, { cap: 1_000 })
  expect(outcome).toMatchObject({ read: 250, complete: true })
  expect(outcome.summary.count).toBe(250)
})
