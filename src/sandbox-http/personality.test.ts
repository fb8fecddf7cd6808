// The platform personality: our handlers and engine shaped like the real platform's sandbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { localToday, parseJsonLossless, pathTo } from '../contract'
import { createMemoryStore, createSandbox } from '../sandbox'
import { platformExamples } from '../test/platform/examples'
import { expectProblem, privateBody, sandboxCaller, txBody } from '../test/sandbox-calls'
import { createSandboxHandlers } from './handlers'
import { setupSandboxServer, TEST_BASE_URL } from './node'
import { personalities } from './personality'

const platform = personalities.platform
const { server } = setupSandboxServer({
  sandbox: createSandbox({ store: createMemoryStore(), today: () => localToday(), newId: platform.newId }),
  basePath: `${TEST_BASE_URL}${platform.basePath}`,
  personality: platform,
})
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

const call = sandboxCaller(`${TEST_BASE_URL}/api-sandbox`)
const ENC_ID = /^enc!![A-Za-z0-9_-]{86}==$/

async function createAccount(): Promise<{ id: string; location: string | null; text: string }> {
  const created = await call('POST', pathTo('createCardAccount'), {
    body: platformExamples.cardAccountCreate,
  })
  expect(created.status).toBe(201)
  const text = await created.text()
  const { resourceId } = parseJsonLossless(text) as { resourceId: string }
  return { id: resourceId, location: created.headers.get('location'), text }
}

describe('the platform personality', () => {
  it('has no account list: GET of the list path is 405 allowing POST, under the base path', async () => {
    const answer = await call('GET', pathTo('listCardAccounts'))
    expect(answer.headers.get('allow')).toBe('POST, OPTIONS')
    await expectProblem(answer, 405, { code: 'SERVICE_INVALID' })
  })

  it('issues opaque enc!! ids that round-trip through a URL percent-encoded, and raw', async () => {
    const { id, location } = await createAccount()
    expect(id).toMatch(ENC_ID)
    const encoded = encodeURIComponent(id)
    expect(encoded).toContain('%3D%3D')
    expect(location).toBe(`/api-sandbox/v1/sandbox/card-accounts/${encoded}`)
    for (const path of [`/v1/sandbox/card-accounts/${encoded}`, `/v1/sandbox/card-accounts/${id}`]) {
      const read = await call('GET', path)
      expect(read.status).toBe(200)
      expect((parseJsonLossless(await read.text()) as { resourceId: string }).resourceId).toBe(id)
    }
  })

  it('answers amounts as strings, its default since 1.7.6 (platform.md), and the account as created', async () => {
    const { text } = await createAccount()
    expect(text).toContain('"creditLimit":{"currency":"NOK","amount":"1000"}')
    expect(text).toContain('"balanceAmount":{"currency":"NOK","amount":"0"}')
    expect(text).toContain('"status":"ENABLED"')
  })

  it('refuses a malformed PSU-ID as every personality does (spec §7)', async () => {
    const { id } = await createAccount()
    const read = await call(
      'GET',
      `${pathTo('listTransactions', { mockCardAccountId: id })}?bookingStatus=booked`,
      {
        headers: { 'PSU-ID': 'abc' },
      },
    )
    await expectProblem(read, 400, {
      code: 'FORMAT_ERROR',
      path: 'PSU-ID',
      text: /^PSU-ID must be the PSU id: 8 to 11 digits/,
    })
  })

  it('answers a transactions POST with 201 and an empty body', async () => {
    const { id } = await createAccount()
    const answer = await call('POST', pathTo('createTransactions', { mockCardAccountId: id }), {
      body: platformExamples.cardTransactionsCreate,
    })
    expect(answer.status).toBe(201)
    expect(answer.headers.get('content-type')).toBeNull()
    expect(await answer.text()).toBe('')
  })

  it('lists booked transactions with string amounts and pending ones as strings; links under the base path', async () => {
    const { id } = await createAccount()
    const path = pathTo('createTransactions', { mockCardAccountId: id })
    const today = localToday()
    const big = { currency: 'NOK', amount: '12345678901234.567' }
    const sent = [
      txBody({ cardTransactionId: 'b-1', transactionAmount: big }),
      txBody({ cardTransactionId: 'p-1', bookingStatus: 'pending', bookingDate: undefined }),
    ]
    expect((await call('POST', path, { json: sent })).status).toBe(201)
    const listed = await call('GET', `${path}?bookingStatus=both`)
    expect(listed.status).toBe(200)
    const text = await listed.text()
    expect(text).toContain('"transactionAmount":{"currency":"NOK","amount":"12345678901234.567"}')
    const page = JSON.parse(text) as {
      cardTransactions: { pending: unknown[]; _links: { first: { href: string } } }
    }
    expect(page.cardTransactions.pending).toEqual([`p-1 ${today} -10.00 NOK 5411`])
    expect(page.cardTransactions._links.first.href).toBe(
      `/api-sandbox${path}?bookingStatus=both&offset=0&limit=200`,
    )
  })

  it('answers errors in the tppMessages shape as ever', async () => {
    await expectProblem(
      await call('POST', pathTo('createCardAccount'), { json: { ...privateBody, status: 'paused' } }),
      400,
      { code: 'FORMAT_ERROR', path: 'status' },
    )
  })
})

describe('the console personality', () => {
  it('is the default: the list is there, ids are UUIDs', async () => {
    const own = createSandboxHandlers({
      sandbox: createSandbox({ store: createMemoryStore(), today: () => localToday() }),
      basePath: `${TEST_BASE_URL}/own`,
    })
    server.use(...own)
    const ownCall = sandboxCaller(`${TEST_BASE_URL}/own`)
    const created = await ownCall('POST', pathTo('createCardAccount'), { json: privateBody })
    expect((await created.json()).resourceId).toMatch(/^[0-9a-f-]{36}$/)
    expect((await ownCall('GET', pathTo('listCardAccounts'))).status).toBe(200)
    server.resetHandlers()
  })
})
