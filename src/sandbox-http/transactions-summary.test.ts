// The sandbox-only summary route: the engine aggregates, so a chart never needs every page.
import { describe, expect, it } from 'vitest'
import { pathTo, transactionsSummary } from '../contract'
import { corporateBody, expectProblem, sandboxForThisFile, txBody, txPath } from '../test/sandbox-calls'

const { call, createAccount } = sandboxForThisFile()

const summaryPath = (id: string, query = '') =>
  `${pathTo('summarizeTransactions', { mockCardAccountId: id })}${query}`

describe('GET .../transactions/summary', () => {
  it('summarises the window the list would show, booked and pending apart', async () => {
    const account = await createAccount()
    const added = await call('POST', txPath(account), {
      json: [
        txBody({ transactionDate: '2026-01-05', bookingDate: '2026-01-06', merchantCategoryCode: '5812' }),
        txBody({ transactionDate: '2026-01-06', bookingDate: '2026-01-06' }),
        txBody({ bookingStatus: 'pending', transactionDate: '2026-01-07', bookingDate: undefined }),
        txBody({ transactionDate: '2026-02-01', bookingDate: '2026-02-01' }),
      ],
    })
    expect(added.status).toBe(201)
    const answer = await call('GET', summaryPath(account, '?fromDate=2026-01-01&toDate=2026-01-31'))
    expect(answer.status).toBe(200)
    const summary = transactionsSummary.parse(await answer.json())
    expect(summary).toMatchObject({ fromDate: '2026-01-01', toDate: '2026-01-31', bucket: 'day', count: 3 })
    expect(summary.buckets).toEqual([
      {
        start: '2026-01-06',
        booked: { count: 2, sums: { NOK: '-20.00' } },
        pending: { count: 0, sums: {} },
      },
      { start: '2026-01-07', booked: { count: 0, sums: {} }, pending: { count: 1, sums: { NOK: '-10.00' } } },
    ])
    expect(summary.totals).toEqual([{ currency: 'NOK', count: 3, in: '0.00', out: '-30.00' }])
    expect(summary.topCategories.map((c) => c.merchantCategoryCode)).toEqual(['5411', '5812'])
  })

  it('groups per week when asked', async () => {
    const account = await createAccount()
    await call('POST', txPath(account), {
      json: [
        txBody({ transactionDate: '2026-01-05', bookingDate: '2026-01-05' }),
        txBody({ transactionDate: '2026-01-11', bookingDate: '2026-01-11' }),
      ],
    })
    const answer = await call('GET', summaryPath(account, '?bucket=week'))
    const summary = transactionsSummary.parse(await answer.json())
    expect(summary.buckets.map((b) => [b.start, b.booked.count])).toEqual([['2026-01-05', 2]])
  })

  it('refuses a reversed window, an unknown bucket and a parameter it does not take', async () => {
    const account = await createAccount()
    await expectProblem(
      await call('GET', summaryPath(account, '?fromDate=2026-02-01&toDate=2026-01-01')),
      400,
      {
        code: 'PERIOD_INVALID',
      },
    )
    await expectProblem(await call('GET', summaryPath(account, '?bucket=month')), 400, {
      code: 'FORMAT_ERROR',
      path: 'bucket',
      text: 'bucket must be day or week',
    })
    await expectProblem(await call('GET', summaryPath(account, '?limit=5')), 400, {
      code: 'PARAMETER_NOT_SUPPORTED',
      path: 'limit',
    })
  })

  it('answers 404 for an unknown account and asks for PSU-Corporate-ID on a corporate one', async () => {
    await expectProblem(await call('GET', summaryPath('nobody')), 404, { code: 'RESOURCE_UNKNOWN' })
    const corporate = await createAccount(corporateBody)
    await expectProblem(await call('GET', summaryPath(corporate)), 400, { code: 'FORMAT_ERROR' })
    const read = await call('GET', summaryPath(corporate), { headers: { 'PSU-Corporate-ID': 'ACME' } })
    expect(read.status).toBe(200)
  })

  it('takes GET only: another method is 405', async () => {
    const account = await createAccount()
    const post = await call('POST', summaryPath(account), { json: {} })
    expect(post.status).toBe(405)
  })
})
