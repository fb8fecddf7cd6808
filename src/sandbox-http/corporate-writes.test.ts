// Spec §5.5: "Corporate users must send the PSU-CORPORATE-ID header; without it the service answers 400."
// Writes to a corporate account need it as its reads do: presence, any non-empty value
// (docs/decisions.md#error-order, step 5).
import { describe, expect, it } from 'vitest'
import { pathTo } from '../contract'
import {
  accountsPath,
  corporateBody,
  expectProblem,
  privateBody,
  sandboxForThisFile,
  txBody,
  txPath,
} from '../test/sandbox-calls'

const { call, createAccount } = sandboxForThisFile()
const corporate = { 'PSU-Corporate-ID': '18129215603' }

const settlePath = (id: string) => pathTo('settleTransactions', { mockCardAccountId: id })
const corporateRefusal = {
  code: 'FORMAT_ERROR',
  path: 'PSU-Corporate-ID',
  text: /^PSU-Corporate-ID is required to read or write a corporate card account/,
}

describe('writes to a corporate card account', () => {
  it('adding transactions without PSU-Corporate-ID is 400 naming it, and stores nothing', async () => {
    const id = await createAccount(corporateBody)
    await expectProblem(await call('POST', txPath(id), { json: [txBody()] }), 400, corporateRefusal)
    const read = await call('GET', txPath(id, '?bookingStatus=both'), { headers: corporate })
    expect(
      ((await read.json()) as { cardTransactions: { booked: unknown[] } }).cardTransactions.booked,
    ).toEqual([])
  })

  it('with an empty PSU-Corporate-ID too; with any value the write is done', async () => {
    const id = await createAccount(corporateBody)
    const empty = { headers: { 'PSU-Corporate-ID': ' ' }, json: [txBody()] }
    await expectProblem(await call('POST', txPath(id), empty), 400, corporateRefusal)
    expect((await call('POST', txPath(id), { headers: corporate, json: [txBody()] })).status).toBe(201)
  })

  it('the header is checked before the body: a non-JSON body to a corporate account names the header', async () => {
    const id = await createAccount(corporateBody)
    await expectProblem(await call('POST', txPath(id), { body: 'not json' }), 400, corporateRefusal)
  })

  it('settling without PSU-Corporate-ID is 400 naming it', async () => {
    const id = await createAccount(corporateBody)
    const settle = { json: { pendingForMoreThanDays: 0 } }
    await expectProblem(await call('POST', settlePath(id), settle), 400, corporateRefusal)
    expect((await call('POST', settlePath(id), { ...settle, headers: corporate })).status).toBe(200)
  })

  it('a private account needs no PSU-Corporate-ID', async () => {
    const id = await createAccount(privateBody)
    expect((await call('POST', txPath(id), { json: [txBody()] })).status).toBe(201)
  })
})

describe('deleting from a corporate card account', () => {
  const transactionPath = (id: string) =>
    pathTo('deleteTransaction', { mockCardAccountId: id, cardTransactionId: 'ct-1' })
  const accountPath = (id: string) => pathTo('deleteCardAccount', { mockCardAccountId: id })

  it('a transaction, then the account: 400 naming PSU-Corporate-ID without it, 204 with it', async () => {
    const id = await createAccount(corporateBody)
    const added = await call('POST', txPath(id), {
      headers: corporate,
      json: [txBody({ cardTransactionId: 'ct-1' })],
    })
    expect(added.status).toBe(201)
    await expectProblem(await call('DELETE', transactionPath(id)), 400, corporateRefusal)
    expect((await call('DELETE', transactionPath(id), { headers: corporate })).status).toBe(204)
    await expectProblem(await call('DELETE', accountPath(id)), 400, corporateRefusal)
    expect((await call('DELETE', accountPath(id), { headers: corporate })).status).toBe(204)
  })

  it('an unknown account is 404 first, header or not', async () => {
    await expectProblem(await call('DELETE', accountPath('nope')), 404, { code: 'RESOURCE_UNKNOWN' })
  })
})

describe('the account list', () => {
  it('names a corporate account only to a request with PSU-Corporate-ID', async () => {
    const business = await createAccount(corporateBody)
    const person = await createAccount(privateBody)
    const listed = async (headers: Record<string, string>) => {
      const answer = await call('GET', accountsPath, { headers })
      expect(answer.status).toBe(200)
      return ((await answer.json()) as { cardAccounts: { resourceId: string }[] }).cardAccounts.map(
        (account) => account.resourceId,
      )
    }
    const without = await listed({})
    expect(without).toContain(person)
    expect(without).not.toContain(business)
    expect(await listed({ 'PSU-Corporate-ID': ' ' })).not.toContain(business)
    expect(await listed(corporate)).toEqual(expect.arrayContaining([person, business]))
  })
})
