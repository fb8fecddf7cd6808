// A sandbox served from a bank profile behaves as each trait says, not only as the eight personalities do:
// the error body, unknown query parameters, future dates, accept-fix, pending, links and pages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { localToday } from '../contract'
import { type BankTraits, personalityProfiles } from '../contract/bank-profile'
import { createMemoryStore, createSandbox } from '../sandbox'
import { accountCreator, privateBody, sandboxCaller, txBody, txPath } from '../test/sandbox-calls'
import { setupSandboxServer, TEST_BASE_URL } from './node'
import { personalityOf } from './personality'

/** A sandbox behind msw at its own origin, serving the contract's profile changed by `traits`. */
function sandboxWith(host: string, traits: Partial<BankTraits>) {
  const personality = personalityOf('test', 'test', { ...personalityProfiles.console, ...traits })
  const origin = TEST_BASE_URL.replace('sandbox.test', `${host}.test`)
  const { server } = setupSandboxServer({
    sandbox: createSandbox({ store: createMemoryStore(), today: () => localToday() }),
    basePath: `${origin}${personality.basePath}`,
    personality,
  })
  beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }))
  afterAll(() => server.close())
  const call = sandboxCaller(`${origin}${personality.basePath}`)
  return { call, createAccount: accountCreator(call), origin }
}

const tomorrow = () => new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10)

describe('errorBody "other"', () => {
  const { call } = sandboxWith('problem-json', { errorBody: 'other' })
  it('answers an error as RFC 7807 problem details, naming the field in invalid-params', async () => {
    const answer = await call('GET', txPath('nobody', '?bookingStatus=both'))
    expect(answer.status).toBe(404)
    expect(answer.headers.get('content-type')).toBe('application/problem+json')
    const body = await answer.json()
    expect(body).toEqual({
      type: 'about:blank',
      title: 'Not Found',
      status: 404,
      detail: expect.stringContaining('nobody'),
      'invalid-params': [{ name: 'mockCardAccountId', reason: expect.stringContaining('nobody') }],
    })
  })
})

describe('unknown query parameters refused', () => {
  const { call, createAccount } = sandboxWith('refusing', { unknownQueryParams: 'refused' })
  it('answers 400 naming the parameter', async () => {
    const refused = await call('GET', txPath(await createAccount(), '?bookingStatus=both&x=1'))
    expect(refused.status).toBe(400)
    expect((await refused.json()).tppMessages[0]).toMatchObject({ path: 'x' })
  })
})

describe('unknown query parameters ignored', () => {
  const { call, createAccount } = sandboxWith('ignoring', { unknownQueryParams: 'ignored' })
  it('answers the page as without it', async () => {
    expect((await call('GET', txPath(await createAccount(), '?bookingStatus=both&x=1'))).status).toBe(200)
  })
})

const future = () => [txBody({ transactionDate: tomorrow(), bookingDate: tomorrow() })]

describe('future dates refused', () => {
  const { call, createAccount } = sandboxWith('future-refused', { futureDates: 'refused' })
  it('answers 400 naming the field', async () => {
    const refused = await call('POST', txPath(await createAccount()), { json: future() })
    expect(refused.status).toBe(400)
    expect((await refused.json()).tppMessages[0]).toMatchObject({ path: '[0].transactionDate' })
  })
})

describe('future dates accepted', () => {
  const { call, createAccount } = sandboxWith('future-accepted', { futureDates: 'accepted' })
  it('stores them', async () => {
    expect((await call('POST', txPath(await createAccount()), { json: future() })).status).toBe(201)
  })
})

describe('accept-fix', () => {
  const ignoring = sandboxWith('fix-ignored', { acceptFix: 'ignored' })
  it('ignored: the amounts stay where they were posted, and a longer name is refused', async () => {
    const id = await ignoring.createAccount()
    await ignoring.call('POST', txPath(id), { json: [txBody()] })
    const read = await ignoring.call('GET', txPath(id, '?bookingStatus=booked'), {
      headers: { 'X-Accept-Fix': 'cardaccount-switch-originalamount-and-transactionamount' },
    })
    const [booked] = (await read.json()).cardTransactions.booked
    expect(booked.transactionAmount).toEqual({ currency: 'NOK', amount: '-10.00' })
    const longer = await ignoring.call('POST', '/v1/sandbox/card-accounts', {
      json: { ...privateBody, name: 'n'.repeat(60) },
      headers: { 'Accept-Fix': 'longer-name' },
    })
    expect(longer.status).toBe(400)
  })
})

describe('pending absent, links none', () => {
  const { call, createAccount } = sandboxWith('bare', { pending: 'absent', links: 'none' })
  it('answers a page with neither pending nor _links', async () => {
    const id = await createAccount()
    await call('POST', txPath(id), {
      json: [txBody(), txBody({ bookingStatus: 'pending', bookingDate: undefined })],
    })
    const lists = (await (await call('GET', txPath(id, '?bookingStatus=both'))).json()).cardTransactions
    expect(Object.keys(lists)).toEqual(['booked'])
  })
})

describe('relative links from the service root', () => {
  const { call, createAccount } = sandboxWith('root-relative', {
    basePath: '/bank',
    linksUnderBasePath: false,
  })
  it('writes links and Location without the base path', async () => {
    const created = await call('POST', '/v1/sandbox/card-accounts', { json: privateBody })
    expect(created.headers.get('location')).toMatch(/^\/v1\/sandbox\/card-accounts\//)
    const page = await (await call('GET', txPath(await createAccount(), '?bookingStatus=both'))).json()
    expect(page.cardTransactions._links.first.href).toMatch(/^\/v1\/sandbox\/card-accounts\//)
  })
})

describe('absolute links from the service root', () => {
  const { call, createAccount, origin } = sandboxWith('root-absolute', {
    basePath: '/bank',
    links: 'absolute',
    linksUnderBasePath: false,
  })
  it('writes links with the origin and without the base path', async () => {
    const page = await (await call('GET', txPath(await createAccount(), '?bookingStatus=both'))).json()
    expect(page.cardTransactions._links.first.href.startsWith(`${origin}/v1/sandbox/card-accounts/`)).toBe(
      true,
    )
  })
})

describe('a page cap refused above 50', () => {
  const { call, createAccount } = sandboxWith('cap-50', {
    pageCap: { max: 50, above: 'refused' },
    pageSizeDefault: 20,
  })
  it('refuses limit 51 saying so, takes 50, and pages 20 rows without limit', async () => {
    const id = await createAccount()
    const above = await call('GET', txPath(id, '?bookingStatus=both&limit=51'))
    expect(above.status).toBe(400)
    expect((await above.json()).tppMessages[0]).toMatchObject({
      path: 'limit',
      text: expect.stringContaining('at most 50'),
    })
    expect((await call('GET', txPath(id, '?bookingStatus=both&limit=50'))).status).toBe(200)
    const page = await (await call('GET', txPath(id, '?bookingStatus=both'))).json()
    expect(page.cardTransactions._links.first.href).toContain('limit=20')
  })
})

describe('no page cap', () => {
  const { call, createAccount } = sandboxWith('no-cap', { pageCap: 'none' })
  it("takes a limit above the contract's 1000", async () => {
    const page = await call('GET', txPath(await createAccount(), '?bookingStatus=both&limit=1001'))
    expect(page.status).toBe(200)
    expect((await page.json()).cardTransactions._links.first.href).toContain('limit=1001')
  })
})

describe('values a sandbox cannot serve', () => {
  it('a default page larger than the cap is refused, saying why', () => {
    expect(() =>
      personalityOf('x', 'x', {
        ...personalityProfiles.console,
        pageSizeDefault: 30,
        pageCap: { max: 10, above: 'lowered' },
      }),
    ).toThrow(/pageSizeDefault 30 .*cap of 10/)
  })
})
