// Where an audit found the sandbox misleading: each case is the request a tester sent and what they must see.
import { describe, expect, it } from 'vitest'
import {
  cardAccount,
  cardTransactionsResponse,
  localToday,
  SWAP_AMOUNTS_FIX,
  transactionsCreated,
} from '../contract'
import {
  accountsPath,
  expectProblem,
  privateBody,
  sandboxForThisFile,
  txBody,
  txPath,
} from '../test/sandbox-calls'

const { call, createAccount: createWith } = sandboxForThisFile()
/** The audit's calls name the headers first. */
const createAccount = (headers: Record<string, string> = {}, body: object = privateBody) =>
  createWith(body, headers)
const today = localToday()

describe('amounts sent as JSON numbers', () => {
  it('keep every digit: 12345678901234.567 is stored and answered as exactly "12345678901234.567"', async () => {
    const id = await createAccount()
    const body = `[{"transactionDate":"${today}","bookingDate":"${today}","merchantCategoryCode":"5411",
      "transactionAmount":{"currency":"NOK","amount":12345678901234.567},
      "originalAmount":{"currency":"EUR","amount":90000000000000.001}}]`
    const created = await call('POST', txPath(id), { body })
    expect(created.status).toBe(201)
    const listed = await call('GET', txPath(id, '?bookingStatus=booked'))
    const text = await listed.text()
    expect(text).toContain('"transactionAmount":{"currency":"NOK","amount":"12345678901234.567"}')
    expect(text).toContain('"originalAmount":{"currency":"EUR","amount":"90000000000000.001"}')
  })

  it('keep their digits in the credit limit, and an exponent is shifted exactly', async () => {
    const body =
      '{"maskedPan":"525412******3241","currency":"NOK","customerNumber":"13039319955",' +
      '"creditLimit":{"currency":"NOK","amount":1.2345678901234567e13}}'
    const created = await call('POST', accountsPath, { body })
    expect(created.status).toBe(201)
    expect((await created.json()).creditLimit).toEqual({ currency: 'NOK', amount: '12345678901234.567' })
  })

  it('refuse a negative credit limit in words, as a string or a number, and store nothing', async () => {
    for (const amount of ['-5000', -0.5]) {
      await expectProblem(
        await call('POST', accountsPath, {
          json: { ...privateBody, creditLimit: { currency: 'NOK', amount } },
        }),
        400,
        {
          code: 'FORMAT_ERROR',
          path: 'creditLimit.amount',
          text: 'creditLimit.amount must not be negative: the most the card may owe, e.g. "50000"',
        },
      )
    }
    // Zero, however its sign is written, is not negative.
    for (const amount of ['0', '-0', '-0.00']) {
      const zero = await call('POST', accountsPath, {
        json: { ...privateBody, creditLimit: { currency: 'NOK', amount } },
      })
      expect(zero.status, amount).toBe(201)
    }
    expect((await call('GET', accountsPath).then((answer) => answer.json())).cardAccounts).toHaveLength(3)
  })
})

describe("x-accept-fix: longer-names, the platform's plural", () => {
  it('allows a 70-character name like longer-name', async () => {
    const body = { ...privateBody, name: 'N'.repeat(70) }
    const created = await call('POST', accountsPath, {
      json: body,
      headers: { 'x-accept-fix': 'longer-names' },
    })
    expect(created.status).toBe(201)
    expect(cardAccount.parse(await created.json()).name).toBe('N'.repeat(70))
    // 71 stays too long, and without the fix 36 is.
    await expectProblem(
      await call('POST', accountsPath, {
        json: { ...body, name: 'N'.repeat(71) },
        headers: { 'x-accept-fix': 'longer-names' },
      }),
      400,
      { code: 'FORMAT_ERROR', path: 'name', text: 'name may have at most 70 characters' },
    )
    await expectProblem(await call('POST', accountsPath, { json: { ...body, name: 'N'.repeat(36) } }), 400, {
      code: 'FORMAT_ERROR',
      path: 'name',
    })
  })
})

describe('accept-fix: cardaccount-switch-originalamount-and-transactionamount on a transactions POST', () => {
  it('swaps the amounts in the 201 answer as in the list, and stores them unswapped', async () => {
    const id = await createAccount()
    const headers = { 'x-accept-fix': SWAP_AMOUNTS_FIX }
    const created = await call('POST', txPath(id), { json: [txBody()], headers })
    expect(created.status).toBe(201)
    const [answered] = transactionsCreated.parse(await created.json()).transactions
    expect(answered).toMatchObject({
      transactionAmount: { currency: 'EUR', amount: '-0.90' },
      originalAmount: { currency: 'NOK', amount: '-10.00' },
    })
    const listed = await call('GET', txPath(id, '?bookingStatus=booked'), { headers })
    const [row] = cardTransactionsResponse.parse(await listed.json()).cardTransactions.booked
    expect(row).toMatchObject({
      transactionAmount: answered?.transactionAmount,
      originalAmount: answered?.originalAmount,
    })
    const unfixed = await call('GET', txPath(id, '?bookingStatus=booked'))
    expect(cardTransactionsResponse.parse(await unfixed.json()).cardTransactions.booked[0]).toMatchObject({
      transactionAmount: { currency: 'NOK', amount: '-10.00' },
    })
  })
})

describe('unknown query parameters on the transactions GET', () => {
  it('answer 400 PARAMETER_NOT_SUPPORTED naming the parameter; dateFrom and dateTo point to fromDate and toDate', async () => {
    const id = await createAccount()
    const answer = await call('GET', txPath(id, '?bookingStatus=both&dateFrom=2024-01-01&dateTo=2024-12-31'))
    const { tppMessages } = await expectProblem(answer, 400, {
      code: 'PARAMETER_NOT_SUPPORTED',
      path: 'dateFrom',
      text: 'dateFrom is not a query parameter of this operation: use fromDate',
    })
    expect(tppMessages[1]).toEqual({
      category: 'ERROR',
      code: 'PARAMETER_NOT_SUPPORTED',
      path: 'dateTo',
      text: 'dateTo is not a query parameter of this operation: use toDate',
    })
  })

  it('name the parameters there are for a name that resembles none, and the right spelling for a wrong case', async () => {
    const id = await createAccount()
    await expectProblem(await call('GET', txPath(id, '?bookingStatus=both&page=2')), 400, {
      code: 'PARAMETER_NOT_SUPPORTED',
      path: 'page',
      text: 'page is not a query parameter of this operation; it takes bookingStatus, fromDate, toDate, offset, limit',
    })
    await expectProblem(await call('GET', txPath(id, '?bookingstatus=both')), 400, {
      code: 'PARAMETER_NOT_SUPPORTED',
      path: 'bookingstatus',
      text: 'bookingstatus is not a query parameter of this operation: use bookingStatus',
    })
  })

  it('come after the unknown account: 404 first', async () => {
    await expectProblem(await call('GET', txPath('nobody', '?bookingStatus=both&dateFrom=2024-01-01')), 404, {
      code: 'RESOURCE_UNKNOWN',
    })
  })
})
