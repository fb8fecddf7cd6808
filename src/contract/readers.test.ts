// The client's reader schemas take what a real sandbox may send (the platform's shape above all).
import { describe, expect, it } from 'vitest'
import { cardAccountFromServer } from './card-account'
import { parseJsonLossless } from './json'
import { sandboxClockAnswerFromServer } from './sandbox-clock'
import { cardTransactionsFromServer, transactionsCreatedFromServer } from './transaction'
import { transactionsSummaryFromServer } from './transactions-summary'

const PLATFORM_ID =
  'enc!!aI55HS7YpeXJhHqt4PmNavMmogFrZWG789qlE-hGC6Y9T-kejIx4ZfRdS68U_RpL5m_PCXFPEGfF992bjRx2Gw=='

describe('cardAccountFromServer', () => {
  it("reads the platform's account: a long enc!! id, ENABLED, number amounts, no customerType, extra fields", () => {
    const text = `{"resourceId":"${PLATFORM_ID}","maskedPan":"1234xxxxxxxx4321","currency":"NOK",
      "creditLimit":{"currency":"NOK","amount":12345678901234.567},"status":"ENABLED","cardIdVNo":"2",
      "balances":[{"balanceAmount":{"currency":"NOK","amount":0},"balanceType":"EXPECTED"}]}`
    const account = cardAccountFromServer.parse(parseJsonLossless(text))
    expect(account).toMatchObject({
      resourceId: PLATFORM_ID,
      status: 'ENABLED',
      creditLimit: { currency: 'NOK', amount: '12345678901234.567' },
      cardIdVNo: '2',
      balances: [{ balanceAmount: { currency: 'NOK', amount: '0' }, balanceType: 'EXPECTED' }],
    })
    expect(account.customerType).toBeUndefined()
  })

  it('still wants an id', () => {
    expect(cardAccountFromServer.safeParse({ resourceId: '', maskedPan: 'x', currency: 'NOK' }).success).toBe(
      false,
    )
  })
})

describe('cardTransactionsFromServer', () => {
  it('reads number amounts with their digits, pending strings, dates with a time, unknown fields', () => {
    const text = `{"cardAccount":{"maskedPan":"1234xxxxxxxx4321"},"cardTransactions":{
      "booked":[{"cardTransactionId":"test-1","bookingDate":"2019-05-08T10:00:00Z","transactionDate":"2019-05-08",
        "transactionAmount":{"currency":"NOK","amount":100.50},"originalAmount":{"currency":"NOK","amount":100},
        "merchantCategoryCode":"BOB","invoiced":"true","terminalId":"tid"}],
      "pending":["pending 42.00 NOK"]}}`
    const page = cardTransactionsFromServer.parse(parseJsonLossless(text))
    expect(page.cardTransactions.booked[0]).toMatchObject({
      bookingDate: '2019-05-08T10:00:00Z',
      transactionAmount: { currency: 'NOK', amount: '100.50' },
      invoiced: 'true',
      terminalId: 'tid',
    })
    expect(page.cardTransactions.pending).toEqual(['pending 42.00 NOK'])
  })

  it('reads a bare array, as the whole body or as cardTransactions: pending where there is no bookingDate', () => {
    const booked = { cardTransactionId: 'b', bookingDate: '2019-05-08', transactionDate: '2019-05-08' }
    const pending = { cardTransactionId: 'p', transactionDate: '2019-05-08' }
    const lists = { booked: [booked], pending: [pending, 'as text'] }
    expect(cardTransactionsFromServer.parse([booked, pending, 'as text']).cardTransactions).toEqual(lists)
    const page = cardTransactionsFromServer.parse({ cardTransactions: [booked, pending, 'as text'] })
    expect(page.cardTransactions).toEqual(lists)
    expect(page.cardAccount).toBeUndefined()
  })
})

describe('transactionsCreatedFromServer', () => {
  it('reads an empty 201 as "the server did not say", and a bare array as the stored transactions', () => {
    expect(transactionsCreatedFromServer.parse(undefined)).toEqual({})
    expect(transactionsCreatedFromServer.parse('')).toEqual({})
    expect(transactionsCreatedFromServer.parse([{ cardTransactionId: 'x' }])).toEqual({
      transactions: [{ cardTransactionId: 'x' }],
    })
  })
})

describe('the sandbox-only readers', () => {
  it('keep the fields a sandbox adds, at every level of the summary and the clock', () => {
    const tally = { count: 1, sums: { NOK: '-12.50' }, note: 'x' }
    const summary = transactionsSummaryFromServer.parse({
      fromDate: '2026-01-05',
      toDate: '2026-01-05',
      bucket: 'day',
      count: 1,
      buckets: [{ start: '2026-01-05', booked: tally, pending: { count: 0, sums: {} }, extra: 1 }],
      totals: [{ currency: 'NOK', count: 1, in: '0.00', out: '-12.50', extra: 1 }],
      topCategories: [{ merchantCategoryCode: '5411', count: 1, sums: { NOK: '-12.50' }, extra: 1 }],
      unreadableAmounts: 0,
      bankVersion: '4.2.0-sandbox',
    })
    expect(summary).toMatchObject({ bankVersion: '4.2.0-sandbox', buckets: [{ booked: { note: 'x' } }] })
    const clock = sandboxClockAnswerFromServer.parse({
      setting: { kind: 'follows', offsetDays: 0, since: 'boot' },
      settlePendingAfterDays: null,
      today: '2026-01-05',
      realToday: '2026-01-05',
      bankVersion: '4.2.0-sandbox',
    })
    expect(clock).toMatchObject({ bankVersion: '4.2.0-sandbox', setting: { since: 'boot' } })
  })
})
