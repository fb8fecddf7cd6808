import { describe, expect, it } from 'vitest'
import { cardAccount, cardTransactionsResponse } from '../contract'
import { expectProblem, privateBody, sandboxForThisFile, txBody, txPath } from '../test/sandbox-calls'

const { sandbox, call } = sandboxForThisFile()
const accountsPath = '/v1/sandbox/card-accounts'

async function createAccount(body: object = privateBody) {
  const response = await call('POST', accountsPath, { json: body })
  expect(response.status).toBe(201)
  return cardAccount.parse(await response.json()).resourceId
}

describe('new writes name an ISO 4217 currency in use (docs/decisions.md#currencies)', () => {
  it.each([
    ['QQQ', /^currency QQQ is not an ISO 4217 code in use/],
    ['XXX', /^currency XXX is not an ISO 4217 code in use/],
    ['HRK', /^currency HRK is not an ISO 4217 code in use/],
    ['kroner', /^currency must be a three-letter ISO 4217 code, e\.g\. "NOK"/],
  ])('refuses an account in %s: 400 naming currency, nothing stored', async (currency, text) => {
    await expectProblem(await call('POST', accountsPath, { json: { ...privateBody, currency } }), 400, {
      code: 'FORMAT_ERROR',
      path: 'currency',
      text,
    })
    expect(await sandbox.listCardAccounts()).toEqual([])
  })

  it('takes XTS, the code for testing', async () => {
    await createAccount({ ...privateBody, currency: 'XTS' })
  })

  it.each([
    ['transactionAmount', '[0].transactionAmount.currency'],
    ['originalAmount', '[0].originalAmount.currency'],
    ['markupFee', '[0].markupFee.currency'],
  ])('refuses a transaction whose %s is in QQQ: 400 naming the field', async (field, path) => {
    const id = await createAccount()
    await expectProblem(
      await call('POST', txPath(id), { json: [txBody({ [field]: { currency: 'QQQ', amount: '-1.00' } })] }),
      400,
      { code: 'FORMAT_ERROR', path, text: /QQQ is not an ISO 4217 code in use/ },
    )
  })

  it('takes an original amount in any ISO currency, not only the account’s', async () => {
    const id = await createAccount()
    const body = txBody({ originalAmount: { currency: 'JPY', amount: '-150' } })
    expect((await call('POST', txPath(id), { json: body })).status).toBe(201)
  })
})

describe('data stored before the rule is read as it is', () => {
  it('imports an export holding KRO and QQQ, and answers them', async () => {
    const id = await createAccount()
    expect((await call('POST', txPath(id), { json: txBody() })).status).toBe(201)
    const exported = JSON.parse(JSON.stringify(await sandbox.exportSnapshot()))
    const [data] = exported.cardAccounts
    data.account.currency = 'KRO'
    data.transactions[0].transactionAmount.currency = 'KRO'
    data.transactions[0].originalAmount.currency = 'QQQ'
    await sandbox.reset()
    expect((await sandbox.importSnapshot(exported)).ok).toBe(true)

    const account = await call('GET', `${accountsPath}/${id}`)
    expect(cardAccount.parse(await account.json()).currency).toBe('KRO')
    const page = cardTransactionsResponse.parse(
      await (await call('GET', txPath(id, '?bookingStatus=booked'))).json(),
    )
    expect(page.cardTransactions.booked[0]).toMatchObject({
      transactionAmount: { currency: 'KRO' },
      originalAmount: { currency: 'QQQ' },
    })
  })
})
