import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cardAccount, headerNames, pathTo } from '../contract'
import { setupSandboxServer, TEST_BASE_URL } from './node'

const { server } = setupSandboxServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

const REQUEST_ID = '5f0c3b1e-2d4a-4c6b-9e8f-0a1b2c3d4e5f'
const headers = { [headerNames.requestId]: REQUEST_ID, 'Content-Type': 'application/json' }

async function createAccount(): Promise<string> {
  const response = await fetch(`${TEST_BASE_URL}${pathTo('listCardAccounts')}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ maskedPan: '525412******3241', currency: 'NOK', customerNumber: '13039319955' }),
  })
  expect(response.status).toBe(201)
  return cardAccount.parse(await response.json()).resourceId
}

describe('GET .../transactions with a bad offset or limit', () => {
  it.each([
    ['offset=-5', 'offset', 'offset must be 0 or more, e.g. offset=0'],
    [
      'offset=1.5',
      'offset',
      'offset must be a whole number from 0 to 2147483647, digits only, e.g. offset=0',
    ],
    ['offset=2147483648', 'offset', 'offset must be at most 2147483647 (the int32 maximum)'],
    ['limit=0', 'limit', 'limit must be 1 or more, e.g. limit=200'],
    ['limit=abc', 'limit', 'limit must be a whole number from 1 to 1000, digits only, e.g. limit=200'],
    [
      'limit=1001',
      'limit',
      'limit must be at most 1000, the most transactions one page holds; page on with offset',
    ],
    [
      'limit=2147483648',
      'limit',
      'limit must be at most 1000, the most transactions one page holds; page on with offset',
    ],
  ])('answers %s with 400 and a message that states the rule', async (parameter, path, text) => {
    const id = await createAccount()
    const response = await fetch(
      `${TEST_BASE_URL}${pathTo('listTransactions', { mockCardAccountId: id })}?bookingStatus=both&${parameter}`,
      {
        headers,
      },
    )
    expect(response.status).toBe(400)
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(response.headers.get('x-request-id')).toBe(REQUEST_ID)
    expect(await response.json()).toEqual({
      tppMessages: [{ category: 'ERROR', code: 'FORMAT_ERROR', path, text }],
    })
  })

  it('answers offset at the int32 maximum and limit at its cap with 200', async () => {
    const id = await createAccount()
    const response = await fetch(
      `${TEST_BASE_URL}${pathTo('listTransactions', { mockCardAccountId: id })}?bookingStatus=both&offset=2147483647&limit=1000`,
      { headers },
    )
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ cardTransactions: { booked: [], pending: [] } })
  })
})
