import { describe, expect, it } from 'vitest'
import { transactionCreate } from '../contract'
import { createMemoryStore, createSandbox } from '../sandbox'
import { addDays } from './calendar'
import { testDataFill } from './fixed-set'
import { generateTransactions } from './generate'
import { mulberry32 } from './random'

const TODAY = '2026-03-01'

describe('addDays', () => {
  it('crosses months, leap days and years', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29')
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addDays('2026-03-29', 0)).toBe('2026-03-29')
  })
})

describe('testDataFill', () => {
  it('is accepted by the engine as it stands, with the two platform test customers', async () => {
    const sandbox = createSandbox({ store: createMemoryStore(), today: () => TODAY })
    const fill = testDataFill(TODAY)
    for (const { account, transactions } of fill) {
      const created = await sandbox.createCardAccount(account, { fixes: new Set() })
      if (!created.ok) throw new Error(JSON.stringify(created.problem))
      const added = await sandbox.addTransactions(created.value.resourceId, transactions)
      expect(added.ok ? added.value.length : added.problem).toBe(transactions.length)
    }
    const accounts = await sandbox.listCardAccounts()
    expect(accounts.map((a) => [a.customerNumber, a.customerType])).toEqual([
      ['13039319955', 'private'],
      ['18129215603', 'corporate'],
    ])
  })

  it('covers both statuses, several currencies and MCCs, negative and 3-decimal amounts', () => {
    const all = testDataFill(TODAY).flatMap((a) => a.transactions)
    const amounts = all.map((t) => String(t.originalAmount.amount))
    expect(new Set(all.map((t) => t.bookingStatus))).toEqual(new Set(['booked', 'pending']))
    expect(new Set(all.map((t) => t.originalAmount.currency)).size).toBeGreaterThanOrEqual(5)
    expect(new Set(all.map((t) => t.merchantCategoryCode)).size).toBeGreaterThanOrEqual(8)
    expect(amounts.some((a) => a.startsWith('-'))).toBe(true)
    expect(amounts.some((a) => !a.startsWith('-'))).toBe(true)
    expect(amounts.some((a) => /\.\d{3}$/.test(a))).toBe(true)
  })

  it('moves with today', () => {
    const later = testDataFill('2026-03-11')
    const dates = (fill: typeof later) => fill.flatMap((a) => a.transactions.map((t) => t.transactionDate))
    expect(dates(later)).toEqual(dates(testDataFill(TODAY)).map((d) => addDays(d, 10)))
  })
})

describe('generateTransactions', () => {
  const options = { count: 2000, days: 90, seed: 42, today: TODAY, currency: 'NOK' }

  it('is reproducible from the seed and differs for another seed', () => {
    expect(generateTransactions(options)).toEqual(generateTransactions(options))
    expect(generateTransactions({ ...options, seed: 43 })).not.toEqual(generateTransactions(options))
  })

  it('gives valid bodies within the last `days` days, never in the future', () => {
    const generated = generateTransactions(options)
    expect(generated).toHaveLength(2000)
    const earliest = addDays(TODAY, -89)
    for (const body of generated) {
      const parsed = transactionCreate.parse(body)
      expect(parsed.transactionDate >= earliest && parsed.transactionDate <= TODAY).toBe(true)
      expect((parsed.bookingDate ?? TODAY) <= TODAY).toBe(true)
      expect(parsed.transactionAmount.currency).toBe('NOK')
    }
  })

  it('mixes booked and pending, foreign currencies and refunds', () => {
    const generated = generateTransactions(options)
    expect(new Set(generated.map((t) => t.bookingStatus))).toEqual(new Set(['booked', 'pending']))
    expect(new Set(generated.map((t) => t.originalAmount.currency)).size).toBeGreaterThan(3)
    expect(generated.some((t) => !String(t.transactionAmount.amount).startsWith('-'))).toBe(true)
  })

  /** The last four days, today included: where a card transaction not yet settled is dated. */
  const lastFourDays = addDays(TODAY, -3)

  it('makes pending exactly the transactions of the last four days: most of a week, all of three days', () => {
    const week = generateTransactions({ ...options, count: 70, days: 7 })
    for (const t of week) expect(t.bookingStatus === 'pending').toBe(t.transactionDate >= lastFourDays)
    const pending = week.filter((t) => t.bookingStatus === 'pending').length
    expect(pending).toBeGreaterThan(25)
    expect(pending).toBeLessThan(55)
    const threeDays = generateTransactions({ ...options, count: 10, days: 3 })
    expect(threeDays.map((t) => t.bookingStatus)).toEqual(Array(10).fill('pending'))
  })

  it('over five years pends about as many a day as it books, not a tenth of all rows', () => {
    const days = 5 * 365
    const rows = generateTransactions({ ...options, count: 100_000, days })
    const pending = rows.filter((t) => t.bookingStatus === 'pending')
    for (const t of pending) expect(t.transactionDate >= lastFourDays).toBe(true)
    const pendingPerDay = pending.length / 4
    const bookedPerDay = (rows.length - pending.length) / (days - 4)
    expect(pendingPerDay / bookedPerDay).toBeGreaterThan(0.7)
    expect(pendingPerDay / bookedPerDay).toBeLessThan(1.4)
    expect(pending.length).toBeLessThan(500)
  })

  it('is accepted by the engine in one batch', async () => {
    const sandbox = createSandbox({ store: createMemoryStore(), today: () => TODAY })
    const account = await sandbox.createCardAccount(
      { maskedPan: '525412******3241', currency: 'NOK', customerNumber: '13039319955' },
      { fixes: new Set() },
    )
    if (!account.ok) throw new Error('account')
    const added = await sandbox.addTransactions(account.value.resourceId, generateTransactions(options))
    expect(added.ok).toBe(true)
  })
})

describe('mulberry32', () => {
  it('yields numbers in [0, 1) deterministically', () => {
    const a = mulberry32(7)
    const b = mulberry32(7)
    const values = Array.from({ length: 1000 }, () => a())
    expect(values).toEqual(Array.from({ length: 1000 }, () => b()))
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true)
    expect(new Set(values).size).toBe(1000)
  })
})

describe("foreign amounts at plausible rates for the account's own currency", () => {
  it("converts a EUR account's purchases abroad through the krone: about 1.09 USD to the euro", () => {
    const rows = generateTransactions({
      count: 2000,
      days: 90,
      seed: 7,
      today: '2026-11-26',
      currency: 'EUR',
    })
    const ratios = rows
      .filter((t) => t.originalAmount.currency === 'USD')
      .map((t) => Number(t.originalAmount.amount) / Number(t.transactionAmount.amount))
    expect(ratios.length).toBeGreaterThan(10)
    for (const ratio of ratios) expect(ratio).toBeCloseTo(0.094 / 0.086, 1)
  })

  it('keeps the purchases of an account in a currency it has no rate for at home', () => {
    const rows = generateTransactions({ count: 500, days: 90, seed: 7, today: '2026-11-26', currency: 'CHF' })
    expect(new Set(rows.map((t) => t.originalAmount.currency))).toEqual(new Set(['CHF']))
  })
})
