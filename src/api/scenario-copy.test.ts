// An account read through the proxy becomes a scenario of the offline sandbox: values kept exactly as read,
// and what the offline sandbox would refuse is named with why, never changed to fit nor silently dropped.
import { describe, expect, it } from 'vitest'
import { cardTransactionsFromServer, scenarioFile } from '../contract'
import { type AccountAsRead, scenarioFromRead } from './scenario-copy'

const account = {
  resourceId: 'enc!!abc_-==',
  maskedPan: '525412******3241',
  currency: 'NOK',
  customerNumber: '13039319955',
  customerType: 'private',
  status: 'ENABLED',
}
const booked = (id: string, date: string, amount: string) => ({
  cardTransactionId: id,
  bookingDate: date,
  transactionDate: date,
  transactionAmount: { currency: 'NOK', amount },
  originalAmount: { currency: 'EUR', amount: '-0.90' },
  merchantCategoryCode: '5411',
})
const pending = (id: string, date: string) => {
  const { bookingDate: _, ...rest } = booked(id, date, '-7.5')
  return rest
}

/** What the liberal reader makes of a transactions answer with these lists. */
function asRead(
  lists: { booked?: unknown[]; pending?: unknown[] },
  read: AccountAsRead['account'] = account,
): AccountAsRead {
  const page = cardTransactionsFromServer.parse({ cardTransactions: { booked: [], pending: [], ...lists } })
  return { account: read, booked: page.cardTransactions.booked, pending: page.cardTransactions.pending }
}

function copied(read: AccountAsRead) {
  const copy = scenarioFromRead(read, 'Copied')
  if (!copy.ok) throw new Error(copy.why.join('; '))
  return copy
}

describe('scenarioFromRead', () => {
  it('keeps ids, dates and every digit of the amounts, in a scenario file that reads back', () => {
    const copy = copied(
      asRead({
        booked: [booked('b-2', '2026-01-02', '-12345678901234.567'), booked('b-1', '2026-01-02', '1')],
        pending: [pending('p-1', '2026-01-03')],
      }),
    )
    expect(copy.kept).toBe(3)
    expect(copy.leftOut).toEqual([])
    expect(scenarioFile.parse(copy.file)).toEqual(copy.file)
    expect(copy.file).toMatchObject({
      name: 'Copied',
      clock: { setting: { kind: 'follows', offsetDays: 0 }, settlePendingAfterDays: null },
      conditions: { rules: [] },
      personality: 'console',
    })
    const [data] = copy.file.cardAccounts
    expect(data?.account).toEqual(account)
    // Creation order, oldest first: read newest first, so reversed, booked and pending each.
    expect(data?.transactions.map((tx) => [tx.cardTransactionId, tx.bookingStatus])).toEqual([
      ['b-1', 'booked'],
      ['b-2', 'booked'],
      ['p-1', 'pending'],
    ])
    expect(data?.transactions[1]?.transactionAmount.amount).toBe('-12345678901234.567')
  })

  it('names every transaction the offline sandbox would refuse, with why, and keeps the rest', () => {
    const copy = copied(
      asRead({
        booked: [
          booked('ok', '2026-01-02', '-1.00'),
          booked('fraction', '2026-01-02', '-1.0001'),
          { ...booked('timed', '2026-01-02', '-1'), bookingDate: '2026-01-02T10:00:00Z' },
          booked('ok', '2026-01-01', '-2'),
          { ...booked('x', '2026-01-01', '-1'), cardTransactionId: undefined },
        ],
        pending: ['p-9 2026-01-03 -7.5 NOK 5411', pending('p-1', '2026-01-03')],
      }),
    )
    expect(copy.kept).toBe(2)
    expect(copy.leftOut).toEqual([
      // Read twice (pages that shifted while they were read): the one read last is kept.
      { what: 'booked ok', why: 'cardTransactionId ok was read more than once' },
      { what: 'booked fraction', why: expect.stringContaining('amount must be a decimal number') },
      { what: 'booked timed', why: expect.stringContaining('must be a date in the form YYYY-MM-DD') },
      { what: 'booked element 5', why: expect.stringContaining('has no cardTransactionId') },
      {
        what: 'pending element 1',
        why: 'sent as the text "p-9 2026-01-03 -7.5 NOK 5411": the offline sandbox keeps a transaction\'s fields, and text names none',
      },
    ])
    expect(copy.file.cardAccounts[0]?.transactions.map((tx) => tx.transactionAmount.amount)).toEqual([
      '-2',
      '-7.5',
    ])
  })

  it('holds every kept transaction to the booking rule the offline import holds it to', () => {
    const { bookingDate: _, ...undated } = booked('undated', '2026-01-02', '-1')
    const copy = copied(
      asRead({
        booked: [undated, { ...booked('early', '2026-01-02', '-1'), transactionDate: '2026-01-05' }],
        pending: [{ ...pending('dated', '2026-01-03'), bookingDate: '2026-01-03' }],
      }),
    )
    expect(copy.kept).toBe(0)
    expect(copy.leftOut).toEqual([
      { what: 'booked undated', why: 'a booked transaction needs a bookingDate' },
      { what: 'booked early', why: 'bookingDate 2026-01-02 is before transactionDate 2026-01-05' },
      { what: 'pending dated', why: 'a pending transaction has no bookingDate yet' },
    ])
  })

  it('leaves out the fields the offline format has no place for, and says which', () => {
    const extra = { bankInternalReference: 'X-7731' }
    const { customerType: _, status: __, ...bare } = account
    const copy = copied(
      asRead({ booked: [{ ...booked('b-1', '2026-01-02', '-1'), ...extra }] }, { ...bare, ...extra }),
    )
    expect(copy.kept).toBe(1)
    expect(copy.fieldsLeftOut).toEqual(['account.bankInternalReference', 'transaction.bankInternalReference'])
    expect(copy.filledIn).toEqual(['customerType "private"', 'status "enabled"'])
    expect(copy.file.cardAccounts[0]?.account).toMatchObject({ customerType: 'private', status: 'enabled' })
  })

  it('refuses an account the offline sandbox cannot hold, naming the field', () => {
    const copy = scenarioFromRead(asRead({}, { ...account, currency: 'kroner' }), 'Copied')
    expect(copy).toEqual({
      ok: false,
      why: [
        expect.stringMatching(/^account\.currency must be an ISO 4217 code.*cannot hold this card account/),
      ],
    })
  })
})
