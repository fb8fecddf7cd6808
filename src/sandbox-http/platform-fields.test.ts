// The platform's own fields, both ways: its example bodies are taken exactly as written, stored, and
// answered back field for field.
import { describe, expect, it } from 'vitest'
import {
  accountStatusOf,
  cardAccount,
  cardTransactionsResponse,
  localToday,
  transactionsCreated,
} from '../contract'
import { platformExamples } from '../test/platform/examples'
import {
  accountsPath,
  expectProblem,
  privateBody,
  sandboxForThisFile,
  txBody,
  txPath,
} from '../test/sandbox-calls'

const { call } = sandboxForThisFile()
const sentAccount = JSON.parse(platformExamples.cardAccountCreate)
const sentTransactions = JSON.parse(platformExamples.cardTransactionsCreate) as Record<string, unknown>[]

/** What the sandbox answers for a body sent with number amounts: the same, each amount its decimal string. */
function withStringAmounts(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withStringAmounts)
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [
      key,
      key === 'amount' && typeof field === 'number' ? String(field) : withStringAmounts(field),
    ]),
  )
}

async function createExampleAccount(): Promise<string> {
  const created = await call('POST', accountsPath, { body: platformExamples.cardAccountCreate })
  expect(created.status).toBe(201)
  return cardAccount.parse(await created.json()).resourceId
}

describe("the platform's example card account", () => {
  it('is accepted exactly as written and answered back with every field, status as sent', async () => {
    const created = await call('POST', accountsPath, { body: platformExamples.cardAccountCreate })
    expect(created.status).toBe(201)
    const answered = await created.json()
    const expected = { ...(withStringAmounts(sentAccount) as object), customerType: 'private' }
    expect(answered).toEqual({ resourceId: expect.any(String), ...expected })
    expect(answered.status).toBe('ENABLED')

    const read = await call('GET', `${accountsPath}/${answered.resourceId}`)
    expect(await read.json()).toEqual(answered)
  })
})

describe("the platform's example transactions", () => {
  it('are accepted exactly as written, and listed with every field', async () => {
    const id = await createExampleAccount()
    const created = await call('POST', txPath(id), { body: platformExamples.cardTransactionsCreate })
    expect(created.status).toBe(201)
    const stored = transactionsCreated.parse(await created.json()).transactions
    expect(stored).toEqual(
      sentTransactions.map((tx) => ({ ...(withStringAmounts(tx) as object), bookingStatus: 'booked' })),
    )

    const listed = await call('GET', txPath(id, '?bookingStatus=booked'))
    expect(listed.status).toBe(200)
    const { booked } = cardTransactionsResponse.parse(await listed.json()).cardTransactions
    // Newest booking first: test-2 (2019-05-09), then test-1 (2019-05-08).
    expect(booked).toEqual([withStringAmounts(sentTransactions[1]), withStringAmounts(sentTransactions[0])])
  })
})

describe('status', () => {
  it.each(['enabled', 'ENABLED', 'Blocked', 'DELETED'])('%s is stored and echoed as sent', async (status) => {
    const created = await call('POST', accountsPath, { json: { ...privateBody, status } })
    expect(created.status).toBe(201)
    expect(cardAccount.parse(await created.json()).status).toBe(status)
  })

  it('is compared without regard to case', () => {
    expect(accountStatusOf('ENABLED')).toBe('enabled')
    expect(accountStatusOf('bLoCkEd')).toBe('blocked')
    expect(accountStatusOf('paused')).toBeUndefined()
  })

  it('refuses a status that is none of the three in any case', async () => {
    await expectProblem(
      await call('POST', accountsPath, { json: { ...privateBody, status: 'paused' } }),
      400,
      {
        code: 'FORMAT_ERROR',
        path: 'status',
        text: 'status must be "enabled", "blocked" or "deleted" (in any case)',
      },
    )
  })
})

describe('text fields', () => {
  it.each([
    ['name', 'Test\u0007Card'],
    ['product', 'Basic\nCredit'],
    ['cardId', '1\t2'],
    ['accountNumber', '1234\u0000'],
  ])('refuse control characters in the account field %s, naming it', async (field, value) => {
    await expectProblem(await call('POST', accountsPath, { json: { ...privateBody, [field]: value } }), 400, {
      code: 'FORMAT_ERROR',
      path: field,
      text: `${field} must not contain control characters (a line break, a tab, U+0000...)`,
    })
  })

  it.each([
    ['transactionDetails', { transactionDetails: 'coffee\r\nX-Evil: 1' }],
    ['terminalId', { terminalId: 'tid\u001b[31m' }],
    ['cardAcceptorAddress.city', { cardAcceptorAddress: { city: 'Trond\u0085heim' } }],
    ['invoiced', { invoiced: 'tr\u007fue' }],
  ])('refuse control characters in the transaction field %s, naming it', async (path, fields) => {
    const id = await createExampleAccount()
    const response = await call('POST', txPath(id), { json: [txBody(), txBody(fields)] })
    await expectProblem(response, 400, { code: 'FORMAT_ERROR', path: `[1].${path}` })
  })

  it('refuse a bidirectional control, which would make the name show as another', async () => {
    const name = '\u202Eevil\u202C'
    await expectProblem(await call('POST', accountsPath, { json: { ...privateBody, name } }), 400, {
      code: 'FORMAT_ERROR',
      path: 'name',
      text: 'name must not contain U+202E, a control character that reorders how the text shows',
    })
  })

  it('refuse a lone surrogate sent as a JSON escape, as not well-formed Unicode', async () => {
    const body = JSON.stringify(privateBody).replace(/}$/, ',"name":"\\ud800"}')
    await expectProblem(await call('POST', accountsPath, { body }), 400, {
      code: 'FORMAT_ERROR',
      path: 'name',
      text: 'name is not well-formed Unicode: U+D800 is half of a character (a lone surrogate)',
    })
  })

  it('take the platform merchant category codes BOB and TEST, and refuse five characters', async () => {
    const id = await createExampleAccount()
    const codes = ['BOB', 'TEST', '5411', 'A']
    const created = await call('POST', txPath(id), {
      json: codes.map((code) => txBody({ merchantCategoryCode: code })),
    })
    expect(created.status).toBe(201)
    await expectProblem(
      await call('POST', txPath(id), { json: txBody({ merchantCategoryCode: 'TESTS' }) }),
      400,
      {
        code: 'FORMAT_ERROR',
        path: '[0].merchantCategoryCode',
      },
    )
  })
})

describe('valueDate', () => {
  it('is stored, may not be before the booking date nor in the future', async () => {
    const id = await createExampleAccount()
    const today = localToday()
    const created = await call('POST', txPath(id), { json: txBody({ valueDate: today }) })
    expect(transactionsCreated.parse(await created.json()).transactions[0]?.valueDate).toBe(today)
    await expectProblem(
      await call('POST', txPath(id), { json: txBody({ bookingDate: today, valueDate: '2020-01-01' }) }),
      400,
      {
        code: 'FORMAT_ERROR',
        path: '[0].valueDate',
        text: `[0].valueDate 2020-01-01 is before bookingDate ${today}`,
      },
    )
    await expectProblem(await call('POST', txPath(id), { json: txBody({ valueDate: '2999-01-01' }) }), 400, {
      code: 'FORMAT_ERROR',
      path: '[0].valueDate',
    })
  })
})
