// The sandbox clock and the booking lifecycle, over HTTP: the clock drives the domain rules, and settling
// turns pending transactions into booked ones as a bank does.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { addDays, type IsoDate, pathTo, realClock } from '../contract'
import { createMemoryStore, createSandbox, createSandboxClock } from '../sandbox'
import { expectProblem, privateBody, sandboxCaller, txBody, txPath } from '../test/sandbox-calls'
import { setupSandboxServer, TEST_BASE_URL } from './node'

const REAL_TODAY: IsoDate = '2026-03-10'
const clock = createSandboxClock({ realToday: () => REAL_TODAY })
const sandbox = createSandbox({ store: createMemoryStore(), today: clock.today })
const { server } = setupSandboxServer({ sandbox, clock })
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())
beforeEach(async () => {
  await sandbox.reset()
  clock.set(realClock)
})
const call = sandboxCaller(TEST_BASE_URL)
const clockPath = pathTo('getSandboxClock')

async function newAccount(): Promise<string> {
  const created = await call('POST', pathTo('createCardAccount'), { json: privateBody })
  return ((await created.json()) as { resourceId: string }).resourceId
}

const pending = (id: string, transactionDate: IsoDate) =>
  txBody({ cardTransactionId: id, bookingStatus: 'pending', transactionDate, bookingDate: undefined })

async function list(account: string, status = 'both') {
  const answer = await call('GET', txPath(account, `?bookingStatus=${status}`))
  expect(answer.status).toBe(200)
  return (await answer.json()) as {
    cardTransactions: { booked: Record<string, unknown>[]; pending: Record<string, unknown>[] }
  }
}

const settle = (account: string, json: unknown) =>
  call('POST', pathTo('settleTransactions', { mockCardAccountId: account }), { json })

describe('the sandbox clock', () => {
  it('follows the real date until moved, and says so', async () => {
    const answer = await call('GET', clockPath)
    expect(await answer.json()).toEqual({ ...realClock, today: REAL_TODAY, realToday: REAL_TODAY })
  })

  it('moved 5 days forward, accepts a transaction dated then and refuses one a day later', async () => {
    const moved = await call('POST', clockPath, {
      json: { setting: { kind: 'follows', offsetDays: 5 }, settlePendingAfterDays: null },
    })
    expect(await moved.json()).toMatchObject({ today: '2026-03-15', realToday: REAL_TODAY, settled: 0 })
    const account = await newAccount()
    const ok = await call('POST', txPath(account), {
      json: txBody({ transactionDate: '2026-03-15', bookingDate: '2026-03-15' }),
    })
    expect(ok.status).toBe(201)
    const late = await call('POST', txPath(account), {
      json: txBody({ transactionDate: '2026-03-16', bookingDate: '2026-03-16' }),
    })
    await expectProblem(late, 400, {
      code: 'FORMAT_ERROR',
      path: '[0].transactionDate',
      text: '[0].transactionDate 2026-03-16 is in the future (today is 2026-03-15)',
    })
  })

  it('frozen in the past, refuses what the real today allows', async () => {
    await call('POST', clockPath, {
      json: { setting: { kind: 'frozen', date: '2026-01-31' }, settlePendingAfterDays: null },
    })
    const account = await newAccount()
    const refused = await call('POST', txPath(account), { json: txBody({ transactionDate: REAL_TODAY }) })
    await expectProblem(refused, 400, { code: 'FORMAT_ERROR', text: /today is 2026-01-31/ })
  })

  it('refuses a setting it does not know, naming the field, and keeps the old one', async () => {
    const refused = await call('POST', clockPath, {
      json: { setting: { kind: 'follows', offsetDays: 1.5 }, settlePendingAfterDays: null },
    })
    await expectProblem(refused, 400, { code: 'FORMAT_ERROR', path: 'setting.offsetDays' })
    expect(((await (await call('GET', clockPath)).json()) as { today: string }).today).toBe(REAL_TODAY)
  })

  it.each([
    [
      'nothing',
      {},
      [
        'setting is required: {"kind":"follows","offsetDays":<days>} or {"kind":"frozen","date":"YYYY-MM-DD"}',
        'settlePendingAfterDays is required: a whole number from 0 to 36500, or null',
      ],
    ],
    [
      'a kind there is not',
      { setting: { kind: 'offset', offsetDays: '5' }, settlePendingAfterDays: null },
      ['setting.kind must be "follows" (with offsetDays) or "frozen" (with date), not "offset"'],
    ],
    [
      'days as text',
      { setting: { kind: 'follows', offsetDays: '5' }, settlePendingAfterDays: -1 },
      [
        'setting.offsetDays must be a whole number from -36500 to 36500, not "5"',
        'settlePendingAfterDays must be a whole number from 0 to 36500, or null, not -1',
      ],
    ],
  ])('says precisely what is wrong with %s, in words not schema text', async (_what, json, texts) => {
    const refused = await expectProblem(await call('POST', clockPath, { json }), 400, {
      code: 'FORMAT_ERROR',
    })
    expect(refused.tppMessages.map((message) => message.text)).toEqual(texts)
  })

  it('settles pending transactions that reach the age of the automatic rule when it is set', async () => {
    const account = await newAccount()
    await call('POST', txPath(account), {
      json: [pending('old', addDays(REAL_TODAY, -3)), pending('young', addDays(REAL_TODAY, -1))],
    })
    const set = await call('POST', clockPath, {
      json: { setting: { kind: 'follows', offsetDays: 0 }, settlePendingAfterDays: 3 },
    })
    expect(await set.json()).toMatchObject({ settled: 1, settlePendingAfterDays: 3 })
    const { cardTransactions } = await list(account)
    // Booked on the day the rule would have booked it, not on the day the clock was set.
    expect(cardTransactions.booked).toEqual([
      expect.objectContaining({ cardTransactionId: 'old', bookingDate: REAL_TODAY, valueDate: REAL_TODAY }),
    ])
    expect(cardTransactions.pending.map((tx) => tx.cardTransactionId)).toEqual(['young'])

    await call('POST', clockPath, {
      json: { setting: { kind: 'follows', offsetDays: 10 }, settlePendingAfterDays: 3 },
    })
    const later = await list(account)
    expect(later.cardTransactions.pending).toEqual([])
    expect(later.cardTransactions.booked.find((tx) => tx.cardTransactionId === 'young')).toMatchObject({
      bookingDate: addDays(REAL_TODAY, 2),
    })
  })
})

describe('settling pending transactions', () => {
  it('books one on today, values it then, and lists it among the booked', async () => {
    const account = await newAccount()
    await call('POST', txPath(account), { json: [pending('p1', '2026-03-08'), pending('p2', '2026-03-09')] })
    const answer = await settle(account, { transactions: [{ cardTransactionId: 'p1' }] })
    expect(answer.status).toBe(200)
    expect(await answer.json()).toEqual({
      settled: [
        {
          from: 'p1',
          booked: expect.objectContaining({
            cardTransactionId: 'p1',
            transactionDate: '2026-03-08',
            bookingDate: REAL_TODAY,
            valueDate: REAL_TODAY,
          }),
        },
      ],
    })
    const { cardTransactions } = await list(account)
    expect(cardTransactions.booked.map((tx) => tx.cardTransactionId)).toEqual(['p1'])
    expect(cardTransactions.pending.map((tx) => tx.cardTransactionId)).toEqual(['p2'])
  })

  it('books under a new id at a new amount: the old id is gone from the list', async () => {
    const account = await newAccount()
    await call('POST', txPath(account), { json: [pending('auth-1', '2026-03-08')] })
    await settle(account, {
      bookingDate: '2026-03-09',
      transactions: [
        {
          cardTransactionId: 'auth-1',
          newCardTransactionId: 'book-1',
          transactionAmount: { currency: 'NOK', amount: '-10.42' },
        },
      ],
    })
    const { cardTransactions } = await list(account)
    expect(cardTransactions.pending).toEqual([])
    expect(cardTransactions.booked).toEqual([
      expect.objectContaining({
        cardTransactionId: 'book-1',
        bookingDate: '2026-03-09',
        transactionAmount: { currency: 'NOK', amount: '-10.42' },
        originalAmount: { currency: 'EUR', amount: '-0.90' },
      }),
    ])
  })

  it('settles everything pending for more than N days, and nothing younger', async () => {
    const account = await newAccount()
    await call('POST', txPath(account), {
      json: [pending('a', '2026-03-01'), pending('b', '2026-03-07'), pending('c', '2026-03-08')],
    })
    const answer = await settle(account, { pendingForMoreThanDays: 2 })
    expect(((await answer.json()) as { settled: { from: string }[] }).settled.map((s) => s.from)).toEqual([
      'a',
      'b',
    ])
    const { cardTransactions } = await list(account, 'pending')
    expect(cardTransactions.pending.map((tx) => tx.cardTransactionId)).toEqual(['c'])
  })

  it('refuses a booked or unknown id, a future or too early booking date, a taken new id: all or nothing', async () => {
    const account = await newAccount()
    await call('POST', txPath(account), {
      json: [
        txBody({ cardTransactionId: 'done', transactionDate: '2026-03-08', bookingDate: '2026-03-08' }),
        pending('p', '2026-03-08'),
        pending('q', '2026-03-08'),
      ],
    })
    const cases: [unknown, string, RegExp][] = [
      [
        { transactions: [{ cardTransactionId: 'done' }] },
        'transactions[0].cardTransactionId',
        /already booked/,
      ],
      [{ transactions: [{ cardTransactionId: 'nope' }] }, 'transactions[0].cardTransactionId', /not in this/],
      [{ bookingDate: '2026-03-11', transactions: [{ cardTransactionId: 'p' }] }, 'bookingDate', /future/],
      [
        { transactions: [{ cardTransactionId: 'q' }, { cardTransactionId: 'p', bookingDate: '2026-03-07' }] },
        'transactions[1].bookingDate',
        /before its transactionDate 2026-03-08/,
      ],
      [
        { transactions: [{ cardTransactionId: 'p', newCardTransactionId: 'done' }] },
        'transactions[0].newCardTransactionId',
        /already exists/,
      ],
      [{ pendingForMoreThanDays: 1, transactions: [{ cardTransactionId: 'p' }] }, 'transactions', /either/],
    ]
    for (const [json, path, text] of cases) {
      await expectProblem(await settle(account, json), 400, { code: 'FORMAT_ERROR', path, text })
    }
    const { cardTransactions } = await list(account, 'pending')
    expect(cardTransactions.pending.map((tx) => tx.cardTransactionId)).toEqual(['q', 'p'])
  })

  it('names every problem of a settlement, each at its field, in the order of the transactions', async () => {
    const account = await newAccount()
    await call('POST', txPath(account), { json: [pending('p', '2026-03-08'), pending('q', '2026-03-08')] })
    const texts = async (json: unknown) =>
      (await expectProblem(await settle(account, json), 400, { code: 'FORMAT_ERROR' })).tppMessages.map(
        (message) => message.text,
      )
    expect(
      await texts({
        transactions: [
          { cardTransactionId: 'p', bookingDate: '2026-03-11', newCardTransactionId: 'n' },
          { cardTransactionId: 'p' },
          { cardTransactionId: 'q', bookingDate: '2026-03-07', newCardTransactionId: 'n' },
        ],
      }),
    ).toEqual([
      'transactions[0].bookingDate 2026-03-11 is in the future (today is 2026-03-10)',
      'transactions[1].cardTransactionId p is named twice',
      'transactions[2].bookingDate 2026-03-07 is before its transactionDate 2026-03-08',
      'transactions[2].newCardTransactionId n already exists in this card account',
    ])
    // Chosen by age, a transaction is named by its id: the request did not name it.
    expect(await texts({ pendingForMoreThanDays: 1, bookingDate: '2026-03-07' })).toEqual([
      "bookingDate 2026-03-07 is before p's transactionDate 2026-03-08",
      "bookingDate 2026-03-07 is before q's transactionDate 2026-03-08",
    ])
  })

  it('says to send one of the two ways when neither is sent, and not both when both are', async () => {
    const account = await newAccount()
    await expectProblem(await settle(account, {}), 400, {
      code: 'FORMAT_ERROR',
      path: 'transactions',
      text: 'transactions: send one of transactions (which to settle) or pendingForMoreThanDays (settle all pending longer)',
    })
    await expectProblem(
      await settle(account, { transactions: [{ cardTransactionId: 'p' }], pendingForMoreThanDays: 1 }),
      400,
      {
        code: 'FORMAT_ERROR',
        text: 'transactions: send either transactions (which to settle) or pendingForMoreThanDays, not both',
      },
    )
  })

  it('answers 404 for an unknown account, even with a body that is not JSON', async () => {
    const answer = await call('POST', pathTo('settleTransactions', { mockCardAccountId: 'nobody' }), {
      body: '{',
    })
    await expectProblem(answer, 404, { code: 'RESOURCE_UNKNOWN' })
  })
})
