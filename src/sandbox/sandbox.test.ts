import { describe, expect, it } from 'vitest'
import {
  cardTransactionsResponse,
  type KnownFix,
  SWAP_AMOUNTS_FIX,
  sandboxSnapshot,
  type TransactionCreateInput,
  transactionsCreated,
} from '../contract'
import { ExportRefusedError } from './errors'
import type { Result } from './result'
import { createSandbox, type Sandbox } from './sandbox'
import { createMemoryStore } from './storage/memory-store'
import type { SandboxStore } from './storage/store'

const TODAY = '2026-06-15'
const none = { fixes: new Set<KnownFix>() }

function setup(store: SandboxStore = createMemoryStore()) {
  let n = 0
  return createSandbox({ store, today: () => TODAY, newId: () => `acc-${++n}` })
}

function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify(result.problem)}`)
  return result.value
}

function problemOf<T>(result: Result<T>) {
  if (result.ok) throw new Error(`expected a problem, got ${JSON.stringify(result.value)}`)
  return result.problem
}

/** The element at `index`, or a failed test when there is none. */
function nth<T>(list: readonly T[], index: number): T {
  const item = list[index]
  if (item === undefined) throw new Error(`expected an element at ${index} of ${list.length}`)
  return item
}

const privateAccount = { maskedPan: '525412******3241', currency: 'NOK', customerNumber: '13039319955' }
const corporateAccount = { ...privateAccount, customerNumber: '18129215603', customerType: 'corporate' }

function tx(overrides: Partial<TransactionCreateInput> = {}): TransactionCreateInput {
  return {
    transactionDate: '2026-06-01',
    bookingDate: '2026-06-02',
    transactionAmount: { currency: 'NOK', amount: '-10.00' },
    originalAmount: { currency: 'EUR', amount: '-0.90' },
    merchantCategoryCode: '5411',
    ...overrides,
  }
}

async function withAccount(sandbox: Sandbox = setup(), account: object = privateAccount) {
  const created = value(await sandbox.createCardAccount(account, none))
  return { sandbox, id: created.resourceId }
}

async function list(sandbox: Sandbox, id: string, query: Record<string, string>, fixes: KnownFix[] = []) {
  return value(await sandbox.listTransactions(id, query, { fixes: new Set(fixes) }))
}

const ids = (rows: ReadonlyArray<{ cardTransactionId: string }>) => rows.map((row) => row.cardTransactionId)

describe('card accounts', () => {
  it('creates an account with defaults and an opaque URL-safe id, then lists and reads it', async () => {
    const sandbox = createSandbox({ store: createMemoryStore(), today: () => TODAY })
    const account = value(await sandbox.createCardAccount(privateAccount, none))
    expect(account.resourceId).toMatch(/^[A-Za-z0-9_-]{1,64}$/)
    expect(account).toMatchObject({ customerType: 'private', status: 'enabled' })
    expect(await sandbox.listCardAccounts()).toEqual([account])
    expect(value(await sandbox.getCardAccount(account.resourceId, {}))).toEqual(account)
  })

  it('never hands out one id twice, even when newId repeats itself', async () => {
    const sandbox = createSandbox({ store: createMemoryStore(), today: () => TODAY, newId: () => 'same' })
    const a = value(await sandbox.createCardAccount(privateAccount, none))
    const b = value(await sandbox.createCardAccount(privateAccount, none))
    expect(a.resourceId).not.toBe(b.resourceId)
  })

  it('answers 404 RESOURCE_UNKNOWN for an unknown id', async () => {
    const problem = problemOf(await setup().getCardAccount('nope', {}))
    expect(problem.status).toBe(404)
    expect(problem.messages[0]).toMatchObject({ code: 'RESOURCE_UNKNOWN', path: 'mockCardAccountId' })
  })

  it('refuses an invalid body with the field named', async () => {
    const problem = problemOf(
      await setup().createCardAccount({ ...privateAccount, customerNumber: '12' }, none),
    )
    expect(problem.status).toBe(400)
    expect(problem.messages[0]).toMatchObject({ code: 'FORMAT_ERROR', path: 'customerNumber' })
  })

  it('allows a 70-character name only with the longer-name fix', async () => {
    const body = { ...privateAccount, name: 'N'.repeat(70) }
    const sandbox = setup()
    expect(problemOf(await sandbox.createCardAccount(body, none)).messages[0]?.path).toBe('name')
    expect(
      value(await sandbox.createCardAccount(body, { fixes: new Set(['longer-name']) })).name,
    ).toHaveLength(70)
    const tooLong = { ...privateAccount, name: 'N'.repeat(71) }
    expect((await sandbox.createCardAccount(tooLong, { fixes: new Set(['longer-name']) })).ok).toBe(false)
  })

  it('needs a non-empty PSU-Corporate-ID to read a corporate account and its transactions', async () => {
    const { sandbox, id } = await withAccount(setup(), corporateAccount)
    for (const psuCorporateId of [undefined, '', '  ']) {
      const problem = problemOf(await sandbox.getCardAccount(id, { psuCorporateId }))
      expect(problem.status).toBe(400)
      expect(problem.messages[0]).toMatchObject({ code: 'FORMAT_ERROR', path: 'PSU-Corporate-ID' })
      const listed = await sandbox.listTransactions(
        id,
        { bookingStatus: 'both' },
        { ...none, psuCorporateId },
      )
      expect(problemOf(listed).messages[0]?.path).toBe('PSU-Corporate-ID')
    }
    expect(value(await sandbox.getCardAccount(id, { psuCorporateId: 'ACME' })).customerType).toBe('corporate')
    expect(
      (await sandbox.listTransactions(id, { bookingStatus: 'both' }, { ...none, psuCorporateId: 'ACME' })).ok,
    ).toBe(true)
  })

  it('does not ask a private account for PSU-Corporate-ID', async () => {
    const { sandbox, id } = await withAccount()
    expect((await sandbox.getCardAccount(id, {})).ok).toBe(true)
  })
})

describe('adding transactions', () => {
  it('stores a batch, generating stable ids unique in the account, and answers the contract shape', async () => {
    const { sandbox, id } = await withAccount()
    const first = value(await sandbox.addTransactions(id, [tx(), tx({ cardTransactionId: 'ct-2' }), tx()]))
    expect(transactionsCreated.safeParse({ transactions: first }).success).toBe(true)
    const second = value(await sandbox.addTransactions(id, [tx(), tx()]))
    const all = [...ids(first), ...ids(second)]
    expect(new Set(all).size).toBe(5)
    expect(all[1]).toBe('ct-2')
    const listed = await list(sandbox, id, { bookingStatus: 'booked' })
    expect(new Set(ids(listed.cardTransactions.booked))).toEqual(new Set(all))
    expect(ids((await list(sandbox, id, { bookingStatus: 'booked' })).cardTransactions.booked)).toEqual(
      ids(listed.cardTransactions.booked),
    )
  })

  it('accepts a single object as a batch of one', async () => {
    const { sandbox, id } = await withAccount()
    expect(value(await sandbox.addTransactions(id, tx()))).toHaveLength(1)
  })

  it('answers 404 for an unknown account before looking at the body', async () => {
    const problem = problemOf(await setup().addTransactions('nope', 'not even an array'))
    expect(problem.status).toBe(404)
  })

  it('takes amounts as numbers or strings, 3 decimals included, and stores strings', async () => {
    const { sandbox, id } = await withAccount()
    const [a, b, c] = value(
      await sandbox.addTransactions(id, [
        tx({ transactionAmount: { currency: 'NOK', amount: -12.5 } }),
        tx({ transactionAmount: { currency: 'KWD', amount: '-2.750' } }),
        tx({ transactionAmount: { currency: 'NOK', amount: 7 } }),
      ]),
    )
    expect([a?.transactionAmount.amount, b?.transactionAmount.amount, c?.transactionAmount.amount]).toEqual([
      '-12.5',
      '-2.750',
      '7',
    ])
  })

  it.each([
    ['1e21 as a number', 1e21],
    ['float noise', '0.30000000000000004'],
    ['float noise as a number', 0.1 + 0.2],
    ['4 decimals', '1.2345'],
    ['an exponent string', '1e3'],
  ])('refuses an amount with %s', async (_, amount) => {
    const { sandbox, id } = await withAccount()
    const problem = problemOf(
      await sandbox.addTransactions(id, [tx({ transactionAmount: { currency: 'NOK', amount } })]),
    )
    expect(problem.messages[0]).toMatchObject({ code: 'FORMAT_ERROR', path: '[0].transactionAmount.amount' })
  })

  it("names a booking date before the transaction date beside another field's fault, in one answer", async () => {
    const { sandbox, id } = await withAccount()
    const wrong = tx({
      transactionDate: '2026-06-05',
      bookingDate: '2026-06-01',
      transactionAmount: { currency: 'EURO', amount: '-1' },
    })
    const problem = problemOf(await sandbox.addTransactions(id, [wrong]))
    expect(problem.messages.map((m) => m.path)).toEqual(['[0].transactionAmount.currency', '[0].bookingDate'])
    expect(problem.messages[1]?.text).toBe('[0].bookingDate 2026-06-01 is before transactionDate 2026-06-05')
    // A date with a fault of its own is not judged against the other too.
    const badDate = tx({ transactionDate: '2026-02-30', bookingDate: '2026-01-01', merchantCategoryCode: '' })
    expect(problemOf(await sandbox.addTransactions(id, [badDate])).messages.map((m) => m.path)).toEqual([
      '[0].transactionDate',
      '[0].merchantCategoryCode',
    ])
  })

  it('refuses invalid calendar dates, naming the field as the subject of the sentence', async () => {
    const { sandbox, id } = await withAccount()
    const problem = problemOf(await sandbox.addTransactions(id, [tx({ transactionDate: '2026-02-30' })]))
    expect(problem.messages).toEqual([
      expect.objectContaining({
        path: '[0].transactionDate',
        text: '[0].transactionDate is not a real calendar date',
      }),
    ])
  })

  it('takes a date of the years 0001 to 0099 as the real day it is, stored and filtered', async () => {
    const { sandbox, id } = await withAccount()
    const early = { transactionDate: '0050-01-01', bookingDate: '0050-01-02' }
    value(await sandbox.addTransactions(id, [tx(early), tx({ ...early, transactionDate: '0001-01-01' })]))
    const window = { bookingStatus: 'both', fromDate: '0050-01-01', toDate: '0099-12-31' }
    const { booked } = (await list(sandbox, id, window)).cardTransactions
    expect(booked.map(({ transactionDate, bookingDate }) => [transactionDate, bookingDate])).toEqual([
      ['0001-01-01', '0050-01-02'],
      ['0050-01-01', '0050-01-02'],
    ])
  })

  it('refuses future dates against the injected today', async () => {
    const { sandbox, id } = await withAccount()
    const problem = problemOf(
      await sandbox.addTransactions(id, [
        tx({ transactionDate: TODAY, bookingDate: TODAY }),
        tx({ transactionDate: '2026-06-16', bookingDate: '2026-06-16' }),
        tx({ transactionDate: TODAY, bookingDate: '2026-06-16' }),
      ]),
    )
    expect(problem.messages.map((m) => m.path)).toEqual([
      '[1].transactionDate',
      '[1].bookingDate',
      '[2].bookingDate',
    ])
    expect(problem.messages[0]?.text).toContain('future')
    expect(await sandbox.exportSnapshot()).toMatchObject({ cardAccounts: [{ transactions: [] }] })
  })

  it('refuses a bookingDate before the transactionDate, a pending one with a bookingDate, a booked one without', async () => {
    const { sandbox, id } = await withAccount()
    const problem = problemOf(
      await sandbox.addTransactions(id, [
        tx({ transactionDate: '2026-06-05', bookingDate: '2026-06-04' }),
        tx({ bookingStatus: 'pending' }),
        tx({ bookingDate: undefined }),
      ]),
    )
    expect(problem.messages.map((m) => m.path)).toEqual([
      '[0].bookingDate',
      '[1].bookingDate',
      '[2].bookingDate',
    ])
  })

  it('refuses duplicate ids within the batch and against stored ones', async () => {
    const { sandbox, id } = await withAccount()
    value(await sandbox.addTransactions(id, [tx({ cardTransactionId: 'stored' })]))
    const problem = problemOf(
      await sandbox.addTransactions(id, [
        tx({ cardTransactionId: 'a' }),
        tx({ cardTransactionId: 'a' }),
        tx({ cardTransactionId: 'stored' }),
      ]),
    )
    expect(problem.status).toBe(400)
    expect(problem.messages).toEqual([
      expect.objectContaining({ code: 'FORMAT_ERROR', path: '[1].cardTransactionId' }),
      expect.objectContaining({ code: 'FORMAT_ERROR', path: '[2].cardTransactionId' }),
    ])
    expect((await sandbox.exportSnapshot()).cardAccounts[0]?.transactions).toHaveLength(1)
  })

  it('never generates an id a later element of the batch asks for', async () => {
    const { sandbox, id } = await withAccount()
    const stored = value(await sandbox.addTransactions(id, [tx(), tx({ cardTransactionId: 'ct-1' })]))
    expect(ids(stored)).toEqual(['ct-2', 'ct-1'])
  })

  it('stores nothing when element 7 of 10 is bad, and names [7]', async () => {
    const { sandbox, id } = await withAccount()
    const batch = Array.from({ length: 10 }, (_, i) =>
      i === 7 ? tx({ transactionAmount: { currency: 'NOK', amount: 'ten' } }) : tx(),
    )
    const problem = problemOf(await sandbox.addTransactions(id, batch))
    expect(problem.messages).toHaveLength(1)
    expect(problem.messages[0]).toMatchObject({ code: 'FORMAT_ERROR', path: '[7].transactionAmount.amount' })
    expect(problem.messages[0]?.text).toMatch(/^\[7\]\.transactionAmount\.amount/)
    expect((await sandbox.exportSnapshot()).cardAccounts[0]?.transactions).toEqual([])
  })

  it('stores nothing when the store fails, and keeps answering', async () => {
    const memory = createMemoryStore()
    let failing = false
    const store: SandboxStore = {
      ...memory,
      appendTransactions: (accountId, txs) =>
        failing ? Promise.reject(new Error('disk full')) : memory.appendTransactions(accountId, txs),
    }
    const { sandbox, id } = await withAccount(setup(store))
    failing = true
    await expect(sandbox.addTransactions(id, [tx()])).rejects.toThrow('disk full')
    failing = false
    expect((await list(sandbox, id, { bookingStatus: 'both' })).cardTransactions.booked).toEqual([])
    expect(value(await sandbox.addTransactions(id, [tx()]))).toHaveLength(1)
  })

  it('serializes concurrent writes so duplicate checks see each other', async () => {
    const { sandbox, id } = await withAccount()
    const results = await Promise.all([
      sandbox.addTransactions(id, [tx({ cardTransactionId: 'x' })]),
      sandbox.addTransactions(id, [tx({ cardTransactionId: 'x' })]),
      sandbox.addTransactions(id, [tx(), tx()]),
    ])
    expect(results.map((r) => r.ok)).toEqual([true, false, true])
    expect((await sandbox.exportSnapshot()).cardAccounts[0]?.transactions).toHaveLength(3)
  })
})

describe('listing transactions', () => {
  /** Booked b1..b5 and pending p1..p3 with known dates; creation order is the array order. */
  async function fixture() {
    const { sandbox, id } = await withAccount()
    value(
      await sandbox.addTransactions(id, [
        tx({ cardTransactionId: 'b1', transactionDate: '2026-06-01', bookingDate: '2026-06-03' }),
        tx({ cardTransactionId: 'b2', transactionDate: '2026-06-01', bookingDate: '2026-06-05' }),
        tx({
          cardTransactionId: 'p1',
          bookingStatus: 'pending',
          transactionDate: '2026-06-10',
          bookingDate: undefined,
        }),
        tx({ cardTransactionId: 'b3', transactionDate: '2026-06-02', bookingDate: '2026-06-03' }),
      ]),
    )
    value(
      await sandbox.addTransactions(id, [
        tx({ cardTransactionId: 'b4', transactionDate: '2026-06-09', bookingDate: '2026-06-10' }),
        tx({
          cardTransactionId: 'p2',
          bookingStatus: 'pending',
          transactionDate: '2026-06-12',
          bookingDate: undefined,
        }),
        tx({
          cardTransactionId: 'p3',
          bookingStatus: 'pending',
          transactionDate: '2026-06-10',
          bookingDate: undefined,
        }),
        tx({ cardTransactionId: 'b5', transactionDate: '2026-05-30', bookingDate: '2026-06-01' }),
      ]),
    )
    return { sandbox, id }
  }

  it('orders newest first by bookingDate / transactionDate, ties by creation newest first', async () => {
    const { sandbox, id } = await fixture()
    const page = await list(sandbox, id, { bookingStatus: 'both' })
    expect(ids(page.cardTransactions.booked)).toEqual(['b4', 'b2', 'b3', 'b1', 'b5'])
    expect(ids(page.cardTransactions.pending)).toEqual(['p2', 'p3', 'p1'])
    expect(cardTransactionsResponse.parse(page)).toEqual(page)
  })

  it('answers booked or pending only', async () => {
    const { sandbox, id } = await fixture()
    const booked = await list(sandbox, id, { bookingStatus: 'booked' })
    expect(booked.cardTransactions.pending).toEqual([])
    expect(booked.cardTransactions.booked).toHaveLength(5)
    const pending = await list(sandbox, id, { bookingStatus: 'pending' })
    expect(pending.cardTransactions.booked).toEqual([])
    expect(ids(pending.cardTransactions.pending)).toEqual(['p2', 'p3', 'p1'])
  })

  it('shapes the answer: booked without bookingStatus, pending without bookingDate, amounts as strings', async () => {
    const { sandbox, id } = await fixture()
    const page = await list(sandbox, id, { bookingStatus: 'both', limit: '6' })
    expect(page.cardAccount).toEqual({ maskedPan: privateAccount.maskedPan })
    expect(page.cardTransactions.booked[0]).toEqual({
      cardTransactionId: 'b4',
      bookingDate: '2026-06-10',
      transactionDate: '2026-06-09',
      transactionAmount: { currency: 'NOK', amount: '-10.00' },
      originalAmount: { currency: 'EUR', amount: '-0.90' },
      merchantCategoryCode: '5411',
    })
    expect(page.cardTransactions.pending[0]).not.toHaveProperty('bookingDate')
    expect(page.cardTransactions.pending[0]).not.toHaveProperty('bookingStatus')
  })

  it('filters inclusively on bookingDate for booked and transactionDate for pending', async () => {
    const { sandbox, id } = await fixture()
    const page = await list(sandbox, id, {
      bookingStatus: 'both',
      fromDate: '2026-06-03',
      toDate: '2026-06-10',
    })
    expect(ids(page.cardTransactions.booked)).toEqual(['b4', 'b2', 'b3', 'b1'])
    expect(ids(page.cardTransactions.pending)).toEqual(['p3', 'p1'])
    const oneDay = await list(sandbox, id, {
      bookingStatus: 'both',
      fromDate: '2026-06-10',
      toDate: '2026-06-10',
    })
    expect(ids(oneDay.cardTransactions.booked)).toEqual(['b4'])
    expect(ids(oneDay.cardTransactions.pending)).toEqual(['p3', 'p1'])
    const onlyFrom = await list(sandbox, id, { bookingStatus: 'booked', fromDate: '2026-06-05' })
    expect(ids(onlyFrom.cardTransactions.booked)).toEqual(['b4', 'b2'])
    const onlyTo = await list(sandbox, id, { bookingStatus: 'booked', toDate: '2026-06-01' })
    expect(ids(onlyTo.cardTransactions.booked)).toEqual(['b5'])
    const empty = await list(sandbox, id, { bookingStatus: 'both', fromDate: '2026-06-13' })
    expect(empty.cardTransactions).toMatchObject({ booked: [], pending: [] })
  })

  it('answers 400 PERIOD_INVALID when fromDate is after toDate', async () => {
    const { sandbox, id } = await fixture()
    const result = await sandbox.listTransactions(
      id,
      { bookingStatus: 'both', fromDate: '2026-06-05', toDate: '2026-06-04' },
      none,
    )
    const problem = problemOf(result)
    expect(problem.status).toBe(400)
    expect(problem.messages[0]?.code).toBe('PERIOD_INVALID')
  })

  it.each([
    [{}, 'bookingStatus', 'bookingStatus is required: one of booked, pending, both'],
    [{ bookingStatus: 'all' }, 'bookingStatus', 'bookingStatus must be one of booked, pending, both'],
    [{ bookingStatus: 'both', fromDate: '2026-02-30' }, 'fromDate', 'fromDate is not a real calendar date'],
    [
      { bookingStatus: 'both', toDate: '15.06.2026' },
      'toDate',
      'toDate must be a date in the form YYYY-MM-DD',
    ],
    [{ bookingStatus: 'both', limit: '0' }, 'limit', 'limit must be 1 or more, e.g. limit=200'],
    [{ bookingStatus: 'both', limit: '-3' }, 'limit', 'limit must be 1 or more, e.g. limit=200'],
    [
      { bookingStatus: 'both', limit: '2.5' },
      'limit',
      'limit must be a whole number from 1 to 1000, digits only, e.g. limit=200',
    ],
    [
      { bookingStatus: 'both', limit: 'abc' },
      'limit',
      'limit must be a whole number from 1 to 1000, digits only, e.g. limit=200',
    ],
    [
      { bookingStatus: 'both', limit: '1001' },
      'limit',
      'limit must be at most 1000, the most transactions one page holds; page on with offset',
    ],
    [
      { bookingStatus: 'both', limit: '2147483647' },
      'limit',
      'limit must be at most 1000, the most transactions one page holds; page on with offset',
    ],
    [{ bookingStatus: 'both', offset: '-5' }, 'offset', 'offset must be 0 or more, e.g. offset=0'],
    [
      { bookingStatus: 'both', offset: '1.5' },
      'offset',
      'offset must be a whole number from 0 to 2147483647, digits only, e.g. offset=0',
    ],
    [
      { bookingStatus: 'both', offset: '-0' },
      'offset',
      'offset must be a whole number from 0 to 2147483647, digits only, e.g. offset=0',
    ],
    [
      { bookingStatus: 'both', offset: '2147483648' },
      'offset',
      'offset must be at most 2147483647 (the int32 maximum)',
    ],
    [
      { bookingStatus: 'both', offset: ['1', '2'] },
      'offset',
      'offset must appear once in the query, as a whole number from 0 to 2147483647, digits only, e.g. offset=0',
    ],
    [
      { bookingStatus: 'both', fromDate: ['2026-01-01', '2026-01-02'] },
      'fromDate',
      'fromDate must appear once, as a date in the form YYYY-MM-DD',
    ],
    // Each value alone is allowed: the message says what is wrong, the repetition.
    [
      { bookingStatus: ['both', 'booked'] },
      'bookingStatus',
      'bookingStatus must appear once in the query, as one of booked, pending, both',
    ],
  ])(
    'answers 400 FORMAT_ERROR for the query %j naming %s, with the rule, once',
    async (query, path, text) => {
      const { sandbox, id } = await fixture()
      const problem = problemOf(await sandbox.listTransactions(id, query, none))
      expect(problem.status).toBe(400)
      expect(problem.messages).toEqual([{ category: 'ERROR', code: 'FORMAT_ERROR', path, text }])
    },
  )

  it('accepts limit up to its cap and offset up to the int32 maximum', async () => {
    const { sandbox, id } = await fixture()
    const all = await list(sandbox, id, { bookingStatus: 'both', limit: '1000' })
    expect(ids(all.cardTransactions.booked)).toEqual(['b4', 'b2', 'b3', 'b1', 'b5'])
    expect(ids(all.cardTransactions.pending)).toEqual(['p2', 'p3', 'p1'])
    expect(all.cardTransactions._links).not.toHaveProperty('next')
    const far = await list(sandbox, id, { bookingStatus: 'both', offset: '2147483647', limit: '1000' })
    expect(far.cardTransactions).toMatchObject({ booked: [], pending: [] })
  })

  it('pages booked then pending as one sequence with both, split across the boundary', async () => {
    const { sandbox, id } = await fixture()
    const page = await list(sandbox, id, { bookingStatus: 'both', offset: '3', limit: '4' })
    expect(ids(page.cardTransactions.booked)).toEqual(['b1', 'b5'])
    expect(ids(page.cardTransactions.pending)).toEqual(['p2', 'p3'])
    const pendingOnly = await list(sandbox, id, { bookingStatus: 'both', offset: '6', limit: '4' })
    expect(pendingOnly.cardTransactions.booked).toEqual([])
    expect(ids(pendingOnly.cardTransactions.pending)).toEqual(['p3', 'p1'])
  })

  it('pages with limit 1 through every row exactly once', async () => {
    const { sandbox, id } = await fixture()
    const seen: string[] = []
    for (let offset = 0; offset < 8; offset++) {
      const { cardTransactions } = await list(sandbox, id, {
        bookingStatus: 'both',
        offset: String(offset),
        limit: '1',
      })
      const rows = [...cardTransactions.booked, ...cardTransactions.pending]
      expect(rows).toHaveLength(1)
      seen.push(...ids(rows))
    }
    expect(seen).toEqual(['b4', 'b2', 'b3', 'b1', 'b5', 'p2', 'p3', 'p1'])
  })

  it('answers empty arrays for an offset past the end', async () => {
    const { sandbox, id } = await fixture()
    const page = await list(sandbox, id, { bookingStatus: 'both', offset: '8' })
    expect(page.cardTransactions).toMatchObject({ booked: [], pending: [] })
    const far = await list(sandbox, id, { bookingStatus: 'booked', offset: '2147483647' })
    expect(far.cardTransactions.booked).toEqual([])
  })

  it('defaults limit to 200', async () => {
    const { sandbox, id } = await withAccount()
    value(
      await sandbox.addTransactions(
        id,
        Array.from({ length: 250 }, () => tx()),
      ),
    )
    const page = await list(sandbox, id, { bookingStatus: 'booked' })
    expect(page.cardTransactions.booked).toHaveLength(200)
    expect(page.cardTransactions._links?.next?.href).toContain('offset=200')
  })

  it('links first, next while rows remain and previous after the first page, keeping the query', async () => {
    const { sandbox, id } = await fixture()
    const base = `/v1/sandbox/card-accounts/${id}/transactions`
    const first = await list(sandbox, id, { bookingStatus: 'both', fromDate: '2026-06-01', limit: '3' })
    expect(first.cardTransactions._links).toEqual({
      first: { href: `${base}?bookingStatus=both&fromDate=2026-06-01&offset=0&limit=3` },
      next: { href: `${base}?bookingStatus=both&fromDate=2026-06-01&offset=3&limit=3` },
      last: { href: `${base}?bookingStatus=both&fromDate=2026-06-01&offset=6&limit=3` },
    })
    const middle = await list(sandbox, id, { bookingStatus: 'both', offset: '3', limit: '3' })
    expect(middle.cardTransactions._links?.previous?.href).toBe(`${base}?bookingStatus=both&offset=0&limit=3`)
    expect(middle.cardTransactions._links?.next?.href).toBe(`${base}?bookingStatus=both&offset=6&limit=3`)
    const last = await list(sandbox, id, { bookingStatus: 'both', offset: '6', limit: '3' })
    expect(last.cardTransactions._links).not.toHaveProperty('next')
    expect(last.cardTransactions._links?.previous?.href).toBe(`${base}?bookingStatus=both&offset=3&limit=3`)
  })

  it('has no next link when the page ends exactly at the last row, and one while a row remains', async () => {
    const { sandbox, id } = await fixture()
    const links = async (query: Record<string, string>) =>
      (await list(sandbox, id, query)).cardTransactions._links
    // 5 booked + 3 pending = 8 rows with both; 5 with booked.
    expect(await links({ bookingStatus: 'both', offset: '4', limit: '4' })).not.toHaveProperty('next')
    expect((await links({ bookingStatus: 'both', offset: '3', limit: '4' }))?.next?.href).toContain(
      'offset=7',
    )
    expect(await links({ bookingStatus: 'booked', limit: '5' })).not.toHaveProperty('next')
    expect((await links({ bookingStatus: 'booked', limit: '4' }))?.next?.href).toContain('offset=4')
    // The date filter decides the total: 4 booked and 2 pending rows from 2026-06-03 to 2026-06-10.
    const filtered = { bookingStatus: 'both', fromDate: '2026-06-03', toDate: '2026-06-10' }
    expect(await links({ ...filtered, limit: '6' })).not.toHaveProperty('next')
    expect((await links({ ...filtered, limit: '5' }))?.next?.href).toContain('offset=5')
  })

  it('points previous back to offset 0, not below, when the offset is smaller than the limit', async () => {
    const { sandbox, id } = await fixture()
    const base = `/v1/sandbox/card-accounts/${id}/transactions`
    const page = await list(sandbox, id, {
      bookingStatus: 'both',
      fromDate: '2026-06-01',
      toDate: '2026-06-12',
      offset: '3',
      limit: '5',
    })
    const query = 'bookingStatus=both&fromDate=2026-06-01&toDate=2026-06-12'
    expect(page.cardTransactions._links).toEqual({
      first: { href: `${base}?${query}&offset=0&limit=5` },
      previous: { href: `${base}?${query}&offset=0&limit=5` },
      last: { href: `${base}?${query}&offset=5&limit=5` },
    })
  })

  it('swaps transactionAmount and originalAmount with the accept-fix, and only then', async () => {
    const { sandbox, id } = await fixture()
    const plain = await list(sandbox, id, { bookingStatus: 'both' })
    const fixed = await list(sandbox, id, { bookingStatus: 'both' }, [SWAP_AMOUNTS_FIX])
    const nok = { currency: 'NOK', amount: '-10.00' }
    const eur = { currency: 'EUR', amount: '-0.90' }
    expect(plain.cardTransactions.booked[0]).toMatchObject({ transactionAmount: nok, originalAmount: eur })
    expect(fixed.cardTransactions.booked).toHaveLength(5)
    expect(fixed.cardTransactions.pending).toHaveLength(3)
    for (const row of [...fixed.cardTransactions.booked, ...fixed.cardTransactions.pending]) {
      expect(row).toMatchObject({ transactionAmount: eur, originalAmount: nok })
    }
    const other = await list(sandbox, id, { bookingStatus: 'both' }, ['longer-name'])
    expect(other).toEqual(plain)
    expect(await list(sandbox, id, { bookingStatus: 'both' })).toEqual(plain)
  })

  it('returns only the transactions of the account asked for', async () => {
    const { sandbox, id } = await fixture()
    const other = value(await sandbox.createCardAccount(privateAccount, none)).resourceId
    value(await sandbox.addTransactions(other, [tx({ cardTransactionId: 'other' })]))
    expect(ids((await list(sandbox, other, { bookingStatus: 'both' })).cardTransactions.booked)).toEqual([
      'other',
    ])
    expect((await list(sandbox, id, { bookingStatus: 'both' })).cardTransactions.booked).toHaveLength(5)
  })

  it('keeps the order when new batches land between older dates', async () => {
    const { sandbox, id } = await withAccount()
    value(
      await sandbox.addTransactions(id, [
        tx({ cardTransactionId: 'old', transactionDate: '2026-06-01', bookingDate: '2026-06-01' }),
      ]),
    )
    value(
      await sandbox.addTransactions(id, [
        tx({ cardTransactionId: 'new', transactionDate: '2026-06-10', bookingDate: '2026-06-10' }),
      ]),
    )
    value(
      await sandbox.addTransactions(id, [
        tx({ cardTransactionId: 'mid', transactionDate: '2026-06-05', bookingDate: '2026-06-05' }),
        tx({ cardTransactionId: 'old2', transactionDate: '2026-06-01', bookingDate: '2026-06-01' }),
      ]),
    )
    const page = await list(sandbox, id, { bookingStatus: 'booked' })
    expect(ids(page.cardTransactions.booked)).toEqual(['new', 'mid', 'old2', 'old'])
  })
})

describe('snapshots', () => {
  async function filled() {
    const { sandbox, id } = await withAccount()
    await sandbox.createCardAccount(corporateAccount, none)
    value(
      await sandbox.addTransactions(id, [
        tx(),
        tx({ bookingStatus: 'pending', bookingDate: undefined }),
        tx(),
      ]),
    )
    return { sandbox, id }
  }

  it('round-trips export and import identically', async () => {
    const { sandbox, id } = await filled()
    const exported = await sandbox.exportSnapshot()
    expect(sandboxSnapshot.parse(exported)).toEqual(exported)
    const before = await list(sandbox, id, { bookingStatus: 'both' })

    const other = setup()
    expect(value(await other.importSnapshot(JSON.parse(JSON.stringify(exported))))).toEqual({
      accounts: 2,
      transactions: 3,
      skipped: 0,
    })
    expect(await other.exportSnapshot()).toEqual(exported)
    expect(await list(other, id, { bookingStatus: 'both' })).toEqual(before)
  })

  it('replaces all data on import and keeps generating unique ids afterwards', async () => {
    const { sandbox, id } = await filled()
    const exported = await sandbox.exportSnapshot()
    const target = createSandbox({ store: createMemoryStore(), today: () => TODAY, newId: () => 'replaced' })
    value(await target.createCardAccount(privateAccount, none))
    value(await target.importSnapshot(exported))
    expect((await target.getCardAccount('replaced', {})).ok).toBe(false)
    const added = value(await target.addTransactions(id, [tx()]))
    const all = (await target.exportSnapshot()).cardAccounts[0]?.transactions ?? []
    expect(all).toHaveLength(4)
    expect(new Set(ids(all)).size).toBe(4)
    expect(all.at(-1)).toEqual(added[0])
  })

  it('restores checked accounts as they were, and refuses one that breaks an import rule, changing nothing', async () => {
    const { sandbox, id } = await filled()
    const exported = await sandbox.exportSnapshot()
    const before = await list(sandbox, id, { bookingStatus: 'both' })
    const target = setup()
    expect(value(await target.restoreSnapshot(exported.cardAccounts))).toEqual({
      accounts: 2,
      transactions: 3,
      skipped: 0,
    })
    expect(await target.exportSnapshot()).toEqual(exported)
    expect(await list(target, id, { bookingStatus: 'both' })).toEqual(before)

    const [first, ...rest] = exported.cardAccounts
    if (!first) throw new Error('no account exported')
    const [row] = first.transactions
    const clash = [
      { ...first, transactions: [...first.transactions, { ...row, bookingDate: '2026-06-03' }] },
      ...rest,
    ]
    const problem = problemOf(await target.restoreSnapshot(clash as typeof exported.cardAccounts))
    expect(problem.status).toBe(400)
    expect(problem.messages[0]).toMatchObject({
      path: 'cardAccounts[0].transactions[3].cardTransactionId',
      text: expect.stringContaining('appears more than once'),
    })
    expect(await target.exportSnapshot()).toEqual(exported)
  })

  type Snapshot = Awaited<ReturnType<Sandbox['exportSnapshot']>>

  it.each<[string, (data: Snapshot) => unknown, string]>([
    ['not a snapshot', () => ({ hello: 'world' }), 'format'],
    ['the wrong format', () => ({ format: 'other', cardAccounts: [] }), 'format'],
    [
      'a duplicate resourceId',
      (data) => {
        nth(data.cardAccounts, 1).account.resourceId = nth(data.cardAccounts, 0).account.resourceId
        return data
      },
      'cardAccounts[1].account.resourceId',
    ],
    [
      'a duplicate transaction id',
      (data) => {
        const { transactions } = nth(data.cardAccounts, 0)
        nth(transactions, 2).cardTransactionId = nth(transactions, 0).cardTransactionId
        return data
      },
      'cardAccounts[0].transactions[2].cardTransactionId',
    ],
    [
      'a booked transaction without bookingDate',
      (data) => {
        delete nth(nth(data.cardAccounts, 0).transactions, 0).bookingDate
        return data
      },
      'cardAccounts[0].transactions[0].bookingDate',
    ],
  ])('stores nothing from an import with %s, and names the element at fault', async (_, spoil, path) => {
    const { sandbox } = await filled()
    const before = await sandbox.exportSnapshot()
    const problem = problemOf(await sandbox.importSnapshot(spoil(structuredClone(before))))
    expect(problem.status).toBe(400)
    expect(problem.messages[0]).toMatchObject({ code: 'FORMAT_ERROR', path })
    expect(await sandbox.exportSnapshot()).toEqual(before)
  })

  it('exports the current file format, and still imports a version 1 file', async () => {
    const { sandbox, id } = await filled()
    const exported = await sandbox.exportSnapshot()
    expect(exported).toMatchObject({ format: 'sandbox-console', version: 3, kind: 'data', exportedAt: TODAY })
    const { format: _, version: __, kind: ___, ...rest } = exported
    const v1 = { format: 'sandbox-console/v1', ...rest }

    const other = setup()
    expect(value(await other.importSnapshot(v1))).toEqual({ accounts: 2, transactions: 3, skipped: 0 })
    expect(await other.exportSnapshot()).toEqual(exported)
    expect(await list(other, id, { bookingStatus: 'both' })).toEqual(
      await list(sandbox, id, { bookingStatus: 'both' }),
    )
  })

  it.each<[string, Record<string, unknown>, string, RegExp]>([
    ['a newer version', { version: 4 }, 'version', /version must be 2 or 3: a file from a newer console/],
    ['another kind of file', { kind: 'scenarios' }, 'kind', /kind must be "data"/],
    [
      'a version 1 file with a version',
      { format: 'sandbox-console/v1', version: 2 },
      'format',
      /format must be/,
    ],
  ])('refuses %s, naming the field', async (_, change, path, text) => {
    const { sandbox } = await filled()
    const file = { ...(await sandbox.exportSnapshot()), ...change }
    const problem = problemOf(await setup().importSnapshot(file))
    expect(problem.messages).toEqual([
      expect.objectContaining({ code: 'FORMAT_ERROR', path, text: expect.stringMatching(text) }),
    ])
  })

  it('imports the readable part of a damaged file, counting what it leaves out', async () => {
    const { sandbox } = await filled()
    const file = {
      ...(await sandbox.exportSnapshot()),
      damaged: true,
      unreadable: [{ store: 'transactions', key: ['x', 1], problem: 'not a transaction', record: { a: 1 } }],
    }
    const other = setup()
    expect(value(await other.importSnapshot(file))).toEqual({ accounts: 2, transactions: 3, skipped: 1 })
    expect(await other.exportSnapshot()).toEqual(await sandbox.exportSnapshot())
  })

  describe('of stored data that Import would refuse', () => {
    const account = {
      resourceId: 'acc',
      maskedPan: '525412******3241',
      currency: 'NOK',
      customerNumber: '13039319955',
      customerType: 'private' as const,
      status: 'enabled' as const,
    }
    const stored = (cardTransactionId: string, amount: string) => ({
      cardTransactionId,
      bookingStatus: 'booked' as const,
      bookingDate: '2026-06-02',
      transactionDate: '2026-06-01',
      transactionAmount: { currency: 'NOK', amount },
      originalAmount: { currency: 'NOK', amount },
      merchantCategoryCode: '5411',
    })
    // What two tabs writing at once used to store.
    const clashing = () =>
      setup(
        createMemoryStore([
          {
            account,
            transactions: [stored('ct-1', '-1.00'), stored('ct-2', '-2.00'), stored('ct-1', '-3.00')],
          },
        ]),
      )

    it('refuses to export, saying what is wrong', async () => {
      const exported = clashing().exportSnapshot()
      await expect(exported).rejects.toBeInstanceOf(ExportRefusedError)
      await expect(exported).rejects.toThrow(
        'The export was not written because Import would refuse it: cardAccounts[0].transactions[2].cardTransactionId: cardTransactionId ct-1 appears more than once',
      )
      await expect(exported).rejects.toMatchObject({
        messages: [{ code: 'FORMAT_ERROR', path: 'cardAccounts[0].transactions[2].cardTransactionId' }],
      })
    })

    it('exports the rest as a damaged file that imports, the refused row kept raw', async () => {
      const file = await clashing().exportRaw()
      expect(file).toMatchObject({
        damaged: true,
        cardAccounts: [{ account, transactions: [stored('ct-1', '-1.00'), stored('ct-2', '-2.00')] }],
        unreadable: [
          {
            problem: 'card account acc, transaction 3: cardTransactionId ct-1 appears more than once',
            record: stored('ct-1', '-3.00'),
          },
        ],
      })
      expect(value(await setup().importSnapshot(file))).toEqual({ accounts: 1, transactions: 2, skipped: 1 })
    })
  })

  it('exports raw as the plain file when everything reads', async () => {
    const { sandbox } = await filled()
    expect(await sandbox.exportRaw()).toEqual(await sandbox.exportSnapshot())
  })

  it('tells what is stored', async () => {
    const { sandbox } = await filled()
    expect(await sandbox.storeStatus()).toEqual({ readable: true, accounts: 2, transactions: 3 })
  })

  it('reset empties everything', async () => {
    const { sandbox, id } = await filled()
    await sandbox.reset()
    expect(await sandbox.listCardAccounts()).toEqual([])
    expect((await sandbox.getCardAccount(id, {})).ok).toBe(false)
    expect((await sandbox.exportSnapshot()).cardAccounts).toEqual([])
  })
})

describe('persistence through the store port', () => {
  it('a second engine on the same store sees what the first wrote, in the same order', async () => {
    const store = createMemoryStore()
    const { sandbox, id } = await withAccount(setup(store))
    value(await sandbox.addTransactions(id, [tx(), tx({ transactionDate: '2026-06-02' })]))
    const reloaded = setup(store)
    expect(await reloaded.exportSnapshot()).toEqual(await sandbox.exportSnapshot())
    expect(await list(reloaded, id, { bookingStatus: 'both' })).toEqual(
      await list(sandbox, id, { bookingStatus: 'both' }),
    )
  })

  it('reloads after the store reports an external change', async () => {
    const memory = createMemoryStore()
    let notify = () => {}
    const shared: SandboxStore = { ...memory, onExternalChange: (listener) => (notify = listener) }
    const reader = setup(shared)
    expect(await reader.listCardAccounts()).toEqual([])
    const { id } = await withAccount(setup(memory))
    expect(await reader.listCardAccounts()).toEqual([])
    notify()
    expect((await reader.listCardAccounts()).map((a) => a.resourceId)).toEqual([id])
  })

  it('retries a failed load on the next call', async () => {
    const memory = createMemoryStore()
    let fails = 1
    const store: SandboxStore = {
      ...memory,
      loadAccounts: () => (fails-- > 0 ? Promise.reject(new Error('blocked')) : memory.loadAccounts()),
    }
    const sandbox = setup(store)
    await expect(sandbox.listCardAccounts()).rejects.toThrow('blocked')
    expect(await sandbox.listCardAccounts()).toEqual([])
  })
})

describe('deleting one transaction or one account', () => {
  it('deletes one transaction: the list and its count lose it, the others keep their order', async () => {
    const { sandbox, id } = await withAccount()
    value(
      await sandbox.addTransactions(id, [
        tx({ cardTransactionId: 'a' }),
        tx({ cardTransactionId: 'b' }),
        tx({ cardTransactionId: 'c' }),
      ]),
    )
    expect(value(await sandbox.deleteTransaction(id, 'b'))).toMatchObject({ cardTransactionId: 'b' })
    const page = await list(sandbox, id, { bookingStatus: 'both' })
    expect(page.cardTransactions.booked.map((t) => t.cardTransactionId)).toEqual(['c', 'a'])
    expect(await sandbox.storeStatus()).toEqual({ readable: true, accounts: 1, transactions: 2 })
    // Its id is free again: nothing of it is left.
    value(await sandbox.addTransactions(id, [tx({ cardTransactionId: 'b' })]))
  })

  it('answers 404 naming the unknown transaction or account, and deletes nothing', async () => {
    const { sandbox, id } = await withAccount()
    value(await sandbox.addTransactions(id, [tx({ cardTransactionId: 'a' })]))
    expect(problemOf(await sandbox.deleteTransaction(id, 'nope'))).toEqual({
      status: 404,
      messages: [expect.objectContaining({ code: 'RESOURCE_UNKNOWN', path: 'cardTransactionId' })],
    })
    expect(problemOf(await sandbox.deleteTransaction('missing', 'a')).messages[0]?.path).toBe(
      'mockCardAccountId',
    )
    expect(problemOf(await sandbox.deleteCardAccount('missing')).status).toBe(404)
    expect(await sandbox.storeStatus()).toEqual({ readable: true, accounts: 1, transactions: 1 })
  })

  it('deletes an account with its transactions; the other accounts stay, in their order', async () => {
    const store = createMemoryStore()
    const sandbox = setup(store)
    const first = value(await sandbox.createCardAccount(privateAccount, none)).resourceId
    const second = value(await sandbox.createCardAccount(privateAccount, none)).resourceId
    value(await sandbox.addTransactions(first, [tx()]))
    expect(value(await sandbox.deleteCardAccount(first))).toMatchObject({ resourceId: first })
    expect((await sandbox.listCardAccounts()).map((a) => a.resourceId)).toEqual([second])
    expect(problemOf(await sandbox.getCardAccount(first, {})).status).toBe(404)
    // What is stored agrees with the engine: a fresh engine over the same store sees the same.
    expect(await setup(store).storeStatus()).toEqual({ readable: true, accounts: 1, transactions: 0 })
  })
})
