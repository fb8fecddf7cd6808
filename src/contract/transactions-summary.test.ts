import { describe, expect, it } from 'vitest'
import { type SummaryInput, summarize, weekStart } from './transactions-summary'

const tx = (overrides: Partial<SummaryInput>): SummaryInput => ({
  status: 'booked',
  date: '2026-03-02',
  currency: 'NOK',
  amount: '-10.00',
  merchantCategoryCode: '5411',
  ...overrides,
})

describe('summarize', () => {
  it('counts and sums booked and pending apart, per day, per currency', () => {
    const summary = summarize(
      [
        tx({ amount: '-10.50' }),
        tx({ amount: '-0.25' }),
        tx({ status: 'pending', amount: '-3' }),
        tx({ currency: 'EUR', amount: '2.125' }),
        tx({ date: '2026-03-04', amount: '100' }),
      ],
      {},
    )
    expect(summary).toMatchObject({ fromDate: '2026-03-02', toDate: '2026-03-04', bucket: 'day', count: 5 })
    expect(summary.buckets).toEqual([
      {
        start: '2026-03-02',
        booked: { count: 3, sums: { EUR: '2.125', NOK: '-10.75' } },
        pending: { count: 1, sums: { NOK: '-3.00' } },
      },
      { start: '2026-03-04', booked: { count: 1, sums: { NOK: '100.00' } }, pending: { count: 0, sums: {} } },
    ])
  })

  it('totals money in and out per currency', () => {
    const summary = summarize(
      [tx({ amount: '-10.50' }), tx({ amount: '25' }), tx({ amount: '-0.50' }), tx({ currency: 'EUR' })],
      {},
    )
    expect(summary.totals).toEqual([
      { currency: 'EUR', count: 1, in: '0.00', out: '-10.00' },
      { currency: 'NOK', count: 3, in: '25.00', out: '-11.00' },
    ])
  })

  it('sums exactly where floats would not: 100,000 times 0.1 and amounts past 2^53', () => {
    const tenths = summarize(
      Array.from({ length: 100_000 }, () => tx({ amount: '0.1' })),
      {},
    )
    expect(tenths.totals[0]?.in).toBe('10000.00')
    const big = summarize([tx({ amount: '99999999999999.999' }), tx({ amount: '99999999999999.999' })], {})
    expect(big.totals[0]?.in).toBe('199999999999999.998')
  })

  it('groups by ISO week, Monday first, when asked or when the window is long', () => {
    expect(weekStart('2026-03-08')).toBe('2026-03-02') // a Sunday
    expect(weekStart('2026-03-02')).toBe('2026-03-02')
    const asked = summarize(
      [tx({ date: '2026-03-02' }), tx({ date: '2026-03-08' }), tx({ date: '2026-03-09' })],
      {
        bucket: 'week',
      },
    )
    expect(asked.buckets.map((b) => [b.start, b.booked.count])).toEqual([
      ['2026-03-02', 2],
      ['2026-03-09', 1],
    ])
    expect(summarize([], { fromDate: '2026-01-01', toDate: '2026-04-02' }).bucket).toBe('day')
    expect(summarize([], { fromDate: '2026-01-01', toDate: '2026-04-03' }).bucket).toBe('week')
  })

  it('names the most frequent merchant categories, five at most, ties by code', () => {
    const codes = ['5411', '5411', '5411', '5812', '5812', '4111', '5999', '6011', '7011', '0001']
    const summary = summarize(
      codes.map((merchantCategoryCode) => tx({ merchantCategoryCode })),
      {},
    )
    expect(summary.topCategories.map((c) => [c.merchantCategoryCode, c.count])).toEqual([
      ['5411', 3],
      ['5812', 2],
      ['0001', 1],
      ['4111', 1],
      ['5999', 1],
    ])
    expect(summary.topCategories[0]?.sums).toEqual({ NOK: '-30.00' })
  })

  it('counts an amount it cannot read without summing it, and keeps the query window when empty', () => {
    const summary = summarize([tx({ amount: '1e3' }), tx({ amount: '5' })], {})
    expect(summary).toMatchObject({ count: 2, unreadableAmounts: 1 })
    expect(summary.totals).toEqual([{ currency: 'NOK', count: 1, in: '5.00', out: '0.00' }])
    expect(summarize([], { fromDate: '2026-01-01' })).toMatchObject({ fromDate: '2026-01-01', toDate: null })
  })
})
