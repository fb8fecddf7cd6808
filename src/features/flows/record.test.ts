import { describe, expect, it } from 'vitest'
import type { RequestLogEntry } from '../../api'
import { recordableRequests, recordFlow } from './record'

let id = 0
const entry = (
  method: string,
  url: string,
  status: number,
  extra: Partial<RequestLogEntry> = {},
): RequestLogEntry => ({
  kind: 'request',
  id: ++id,
  startedAt: 0,
  method,
  url,
  status,
  durationMs: 1,
  requestHeaders: [],
  responseHeaders: [],
  ...extra,
})
const account = {
  maskedPan: '400000******1234',
  currency: 'EUR',
  customerNumber: '13039319955',
  customerType: 'private',
  name: 'Demo',
  status: 'enabled',
}
const tx = {
  bookingStatus: 'booked',
  transactionDate: '2026-11-01',
  bookingDate: '2026-11-02',
  transactionAmount: { currency: 'EUR', amount: '-1.00' },
  originalAmount: { currency: 'EUR', amount: '-1.00' },
  merchantCategoryCode: '5411',
}

describe('recording a flow from the request log', () => {
  it('turns what was sent into steps, the created account left implicit', () => {
    const flow = recordFlow(
      [
        entry('GET', '/api/v1/sandbox/card-accounts', 200),
        entry('POST', '/api/v1/sandbox/card-accounts', 201, {
          requestBody: JSON.stringify(account),
          responseBody: JSON.stringify({ ...account, resourceId: 'acc-1' }),
        }),
        entry('POST', '/api/v1/sandbox/card-accounts/acc-1/transactions', 201, {
          requestBody: JSON.stringify([tx]),
        }),
        entry(
          'GET',
          '/api/v1/sandbox/card-accounts/acc-1/transactions?bookingStatus=booked&fromDate=2026-11-01',
          200,
          {
            requestHeaders: [['accept-fix', 'cardaccount-switch-originalamount-and-transactionamount']],
          },
        ),
        entry('GET', '/api/v1/sandbox/card-accounts/acc-1/transactions?bookingStatus=both', 401, {
          requestHeaders: [['X-Console-Tamper', 'bad-signature']],
        }),
        // The table's own read of the same page: not a step of its own.
        entry(
          'GET',
          '/api/v1/sandbox/card-accounts/acc-1/transactions?bookingStatus=both&offset=0&limit=50',
          401,
          {
            requestHeaders: [['X-Console-Tamper', 'bad-signature']],
          },
        ),
        entry('GET', '/api/v1/sandbox/card-accounts/other/transactions?bookingStatus=pending', 200),
      ],
      'Mine',
    )
    expect(flow).toEqual({
      name: 'Mine',
      steps: [
        { action: 'createAccount', caption: 'Create a card account', body: account },
        { action: 'addTransactions', caption: 'Add transactions', body: [tx] },
        {
          action: 'readTransactions',
          caption: 'Read booked with the accept-fix swap',
          bookingStatus: 'booked',
          fromDate: '2026-11-01',
          fix: true,
        },
        {
          action: 'readTransactions',
          caption: 'Read both (bad-signature)',
          bookingStatus: 'both',
          tamper: 'bad-signature',
        },
        { action: 'readTransactions', caption: 'Read pending', account: 'other', bookingStatus: 'pending' },
      ],
    })
  })

  it('leaves out writes the sandbox refused, and records nothing from nothing', () => {
    const refused = entry('POST', '/api/v1/sandbox/card-accounts', 400, {
      requestBody: JSON.stringify(account),
    })
    expect(recordFlow([refused], 'x')).toBeUndefined()
    expect(recordFlow([], 'x')).toBeUndefined()
  })

  it('offers the requests that would be steps, and records a chosen few by the same rules', () => {
    const list = entry('GET', '/api/v1/sandbox/card-accounts', 200)
    const created = entry('POST', '/api/v1/sandbox/card-accounts', 201, {
      requestBody: JSON.stringify(account),
      responseBody: JSON.stringify({ ...account, resourceId: 'acc-2' }),
    })
    const read = entry('GET', '/api/v1/sandbox/card-accounts/acc-2/transactions?bookingStatus=booked', 200)
    const readAgain = entry(
      'GET',
      '/api/v1/sandbox/card-accounts/acc-2/transactions?bookingStatus=booked',
      200,
    )
    expect(recordableRequests([list, created, read, readAgain])).toEqual([created, read])
    // Without its creation the read names its account: the flow reads that one wherever it runs.
    expect(recordFlow([read], 'Just the read')?.steps).toEqual([
      { action: 'readTransactions', caption: 'Read booked', account: 'acc-2', bookingStatus: 'booked' },
    ])
  })
  it('names the account of a step unless it is the one the flow created last', () => {
    const create = (resourceId?: string) =>
      entry('POST', '/api/v1/sandbox/card-accounts', 201, {
        requestBody: JSON.stringify(account),
        responseBody: JSON.stringify(resourceId ? { ...account, resourceId } : account),
      })
    const add = (id: string, status = 201) =>
      entry('POST', `/api/v1/sandbox/card-accounts/${id}/transactions`, status, {
        requestBody: JSON.stringify([tx]),
      })
    const read = (id: string) =>
      entry(
        'GET',
        `/api/v1/sandbox/card-accounts/${id}/transactions?bookingStatus=both&toDate=2026-11-30`,
        200,
      )
    const steps = recordFlow(
      [
        create('acc-1'),
        create('acc-2'),
        read('acc-1'),
        add('acc-2', 400),
        add('acc-2'),
        create(),
        add('acc-3'),
      ],
      'x',
    )?.steps
    expect(steps).toEqual([
      { action: 'createAccount', caption: 'Create a card account', body: account },
      { action: 'createAccount', caption: 'Create a card account', body: account },
      {
        action: 'readTransactions',
        caption: 'Read both',
        account: 'acc-1',
        bookingStatus: 'both',
        toDate: '2026-11-30',
      },
      { action: 'addTransactions', caption: 'Add transactions', body: [tx] },
      { action: 'createAccount', caption: 'Create a card account', body: account },
      { action: 'addTransactions', caption: 'Add transactions', account: 'acc-3', body: [tx] },
    ])
  })
})
