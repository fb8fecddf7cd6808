import { describe, expect, it } from 'vitest'
import {
  cardAccount,
  cardAccountList,
  cardTransactionsResponse,
  localToday,
  problem,
  SWAP_AMOUNTS_FIX,
  transactionsCreated,
} from '../contract'
import { pathParameterProblem } from '../contract/operations'
import { createMemoryStore, createSandbox, type SandboxStore } from '../sandbox'
import {
  corporateBody,
  expectProblem,
  privateBody,
  REQUEST_ID,
  sandboxForThisFile,
  txBody,
  txPath,
} from '../test/sandbox-calls'
import { createSandboxHandlers } from './handlers'
import { TEST_BASE_URL } from './node'

const { server, sandbox, call } = sandboxForThisFile()
const today = localToday()

async function createAccount(body: object = privateBody) {
  const response = await call('POST', '/v1/sandbox/card-accounts', { json: body })
  expect(response.status).toBe(201)
  return cardAccount.parse(await response.json()).resourceId
}

describe('happy paths', () => {
  it('creates a card account: 201, Location, the stored object, the echoed X-Request-ID', async () => {
    const response = await call('POST', '/v1/sandbox/card-accounts', { json: privateBody })
    expect(response.status).toBe(201)
    expect(response.headers.get('x-request-id')).toBe(REQUEST_ID)
    const account = cardAccount.parse(await response.json())
    expect(response.headers.get('location')).toBe(`/v1/sandbox/card-accounts/${account.resourceId}`)
    expect(account).toMatchObject({ ...privateBody, customerType: 'private', status: 'enabled' })
  })

  it('lists and reads card accounts', async () => {
    const id = await createAccount()
    const list = await call('GET', '/v1/sandbox/card-accounts')
    expect(list.status).toBe(200)
    expect(cardAccountList.parse(await list.json()).cardAccounts.map((a) => a.resourceId)).toEqual([id])
    const one = await call('GET', `/v1/sandbox/card-accounts/${id}`)
    expect(one.status).toBe(200)
    expect(cardAccount.parse(await one.json()).resourceId).toBe(id)
  })

  it('adds transactions (201 transactionsCreated) and lists them (200, contract shape, links)', async () => {
    const id = await createAccount()
    const created = await call('POST', txPath(id), {
      json: [txBody(), txBody({ cardTransactionId: 'mine' })],
    })
    expect(created.status).toBe(201)
    const { transactions } = transactionsCreated.parse(await created.json())
    expect(transactions.map((t) => t.cardTransactionId)).toContain('mine')

    const listed = await call('GET', txPath(id, '?bookingStatus=booked&limit=1'))
    expect(listed.status).toBe(200)
    expect(listed.headers.get('x-request-id')).toBe(REQUEST_ID)
    const page = cardTransactionsResponse.parse(await listed.json())
    expect(page.cardTransactions.booked.map((t) => t.cardTransactionId)).toEqual(['mine'])
    expect(page.cardTransactions._links?.next?.href).toBe(
      `${txPath(id)}?bookingStatus=booked&offset=1&limit=1`,
    )
  })

  it('accepts a single transaction object', async () => {
    const id = await createAccount()
    expect((await call('POST', txPath(id), { json: txBody() })).status).toBe(201)
  })

  it('swaps the amounts with accept-fix, x-accept-fix and within a comma list; ignores unknown fixes', async () => {
    const id = await createAccount()
    await call('POST', txPath(id), { json: txBody() })
    const amountOf = async (headers: Record<string, string>) => {
      const page = cardTransactionsResponse.parse(
        await (await call('GET', txPath(id, '?bookingStatus=both'), { headers })).json(),
      )
      return page.cardTransactions.booked[0]?.transactionAmount.currency
    }
    expect(await amountOf({})).toBe('NOK')
    expect(await amountOf({ 'accept-fix': SWAP_AMOUNTS_FIX })).toBe('EUR')
    expect(await amountOf({ 'x-accept-fix': SWAP_AMOUNTS_FIX })).toBe('EUR')
    expect(await amountOf({ 'accept-fix': ` longer-name , ${SWAP_AMOUNTS_FIX} ` })).toBe('EUR')
    expect(await amountOf({ 'accept-fix': 'no-such-fix, longer-name' })).toBe('NOK')
  })

  it('takes longer-name from the accept-fix header when creating an account', async () => {
    const body = { ...privateBody, name: 'N'.repeat(70) }
    await expectProblem(await call('POST', '/v1/sandbox/card-accounts', { json: body }), 400, {
      code: 'FORMAT_ERROR',
      path: 'name',
    })
    const fixed = await call('POST', '/v1/sandbox/card-accounts', {
      json: body,
      headers: { 'accept-fix': 'longer-name' },
    })
    expect(fixed.status).toBe(201)
  })

  it('reads a corporate account and its transactions with PSU-Corporate-ID', async () => {
    const id = await createAccount(corporateBody)
    const headers = { 'PSU-Corporate-ID': 'ACME-1' }
    expect((await call('GET', `/v1/sandbox/card-accounts/${id}`, { headers })).status).toBe(200)
    expect((await call('GET', txPath(id, '?bookingStatus=both'), { headers })).status).toBe(200)
  })

  it('prefixes Location and links with the base path', async () => {
    const scoped = createSandbox({ store: createMemoryStore(), today: () => today })
    server.use(...createSandboxHandlers({ sandbox: scoped, basePath: `${TEST_BASE_URL}/api` }))
    const created = await call('POST', '/api/v1/sandbox/card-accounts', { json: privateBody })
    expect(created.status).toBe(201)
    const { resourceId } = cardAccount.parse(await created.json())
    expect(created.headers.get('location')).toBe(`/api/v1/sandbox/card-accounts/${resourceId}`)
    const page = cardTransactionsResponse.parse(
      await (await call('GET', `/api${txPath(resourceId, '?bookingStatus=both')}`)).json(),
    )
    expect(page.cardTransactions._links?.first?.href).toMatch(/^\/api\/v1\/sandbox\/card-accounts\//)
    // Outside the base path nothing of this sandbox answers.
    await expectProblem(await call('GET', txPath(resourceId, '?bookingStatus=both')), 404, {
      code: 'RESOURCE_UNKNOWN',
    })
  })
})

describe('errors (docs/decisions.md#error-codes)', () => {
  it('400 FORMAT_ERROR for a missing X-Request-ID, nothing echoed', async () => {
    await expectProblem(
      await call('GET', '/v1/sandbox/card-accounts', { requestId: null }),
      400,
      { code: 'FORMAT_ERROR', path: 'X-Request-ID', text: /required/ },
      null,
    )
  })

  it('400 FORMAT_ERROR for an X-Request-ID that is not a UUID, nothing echoed', async () => {
    await expectProblem(
      await call('GET', '/v1/sandbox/card-accounts', { requestId: 'abc' }),
      400,
      { code: 'FORMAT_ERROR', path: 'X-Request-ID', text: /UUID/ },
      null,
    )
  })

  it('checks headers before the resource: bad X-Request-ID on an unknown account is 400', async () => {
    await expectProblem(
      await call('GET', txPath('nope', '?bookingStatus=both'), { requestId: 'x' }),
      400,
      {
        code: 'FORMAT_ERROR',
        path: 'X-Request-ID',
      },
      null,
    )
  })

  it.each([
    ['', 'bookingStatus', /required/],
    ['?bookingStatus=all', 'bookingStatus', /one of booked, pending, both/],
    ['?bookingStatus=booked&bookingStatus=pending', 'bookingStatus', /one of/],
    ['?bookingStatus=both&limit=0', 'limit', /^limit must be 1 or more/],
    ['?bookingStatus=both&limit=abc', 'limit', /whole number/],
    ['?bookingStatus=both&offset=-5', 'offset', /^offset must be 0 or more/],
    ['?bookingStatus=both&fromDate=2026-02-30', 'fromDate', /calendar/],
    ['?bookingStatus=both&toDate=tomorrow', 'toDate', /YYYY-MM-DD/],
  ])('400 FORMAT_ERROR for the query "%s"', async (query, path, text) => {
    const id = await createAccount()
    await expectProblem(await call('GET', txPath(id, query)), 400, { code: 'FORMAT_ERROR', path, text })
  })

  it('400 PERIOD_INVALID when fromDate is after toDate', async () => {
    const id = await createAccount()
    await expectProblem(
      await call('GET', txPath(id, '?bookingStatus=both&fromDate=2026-03-02&toDate=2026-03-01')),
      400,
      { code: 'PERIOD_INVALID', text: /after/ },
    )
  })

  it.each([['abc'], ['12345678901234567890'], ['1234567']])(
    '400 FORMAT_ERROR naming the rule for a PSU-ID "%s" (spec §7), on reads and writes',
    async (psuId) => {
      const id = await createAccount()
      const expected = {
        code: 'FORMAT_ERROR',
        path: 'PSU-ID',
        text: "PSU-ID must be the PSU id: 8 to 11 digits, e.g. 13039319955 (a card account's customerNumber)",
      }
      const headers = { 'PSU-ID': psuId }
      await expectProblem(await call('GET', txPath(id, '?bookingStatus=both'), { headers }), 400, expected)
      await expectProblem(await call('POST', txPath(id), { headers, json: [txBody()] }), 400, expected)
      await expectProblem(
        await call('POST', '/v1/sandbox/card-accounts', { headers, json: privateBody }),
        400,
        expected,
      )
    },
  )

  it.each([
    ['a space', 'a b', '"a b"'],
    ['200 characters', 'x'.repeat(200), `"${'x'.repeat(40)}…" (200 characters)`],
  ])(
    "400 FORMAT_ERROR naming mockCardAccountId and its rule for %s, in the proxy's words",
    async (_what, id, shown) => {
      const expected = {
        code: 'FORMAT_ERROR',
        path: 'mockCardAccountId',
        text: `mockCardAccountId must be 1 to 128 of A-Z a-z 0-9 _ . ~ ! = -, not ${shown}`,
      }
      await expectProblem(await call('GET', txPath(id, '?bookingStatus=both')), 400, expected)
      expect(pathParameterProblem({ mockCardAccountId: id })).toEqual(
        problem(400, 'FORMAT_ERROR', expected.text, expected.path),
      )
    },
  )

  it('400 FORMAT_ERROR naming cardTransactionId for a transaction id outside its rule', async () => {
    const id = await createAccount()
    await expectProblem(
      await call('DELETE', `/v1/sandbox-console/card-accounts/${id}/transactions/a%20b`),
      400,
      {
        code: 'FORMAT_ERROR',
        path: 'cardTransactionId',
        text: 'cardTransactionId must be 1 to 35 letters, digits, ".", "_" or "-", not "a b"',
      },
    )
  })

  it.each([
    ['Accept', 'application/xml'],
    ['Accept', 'application/json;q=0'],
    ['Accept-Charset', 'utf-16'],
  ])('406 in JSON for %s: %s, which rules out all the sandbox can send', async (name, value) => {
    const id = await createAccount()
    const answer = await call('GET', txPath(id, '?bookingStatus=both'), { headers: { [name]: value } })
    await expectProblem(answer, 406, {
      code: 'FORMAT_ERROR',
      path: name,
      text: /must allow (application\/json|utf-8)/,
    })
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8')
  })

  it('takes a well-formed PSU-ID, and none', async () => {
    const id = await createAccount()
    const headers = { 'PSU-ID': '13039319955' }
    expect((await call('GET', txPath(id, '?bookingStatus=both'), { headers })).status).toBe(200)
    expect((await call('GET', txPath(id, '?bookingStatus=both'))).status).toBe(200)
  })

  it('400 FORMAT_ERROR for a corporate account read without PSU-Corporate-ID', async () => {
    const id = await createAccount(corporateBody)
    await expectProblem(await call('GET', `/v1/sandbox/card-accounts/${id}`), 400, {
      code: 'FORMAT_ERROR',
      path: 'PSU-Corporate-ID',
    })
    await expectProblem(
      await call('GET', txPath(id, '?bookingStatus=both'), { headers: { 'PSU-Corporate-ID': ' ' } }),
      400,
      {
        code: 'FORMAT_ERROR',
        path: 'PSU-Corporate-ID',
      },
    )
  })

  it('400 FORMAT_ERROR for a body that is not JSON, naming the problem', async () => {
    const id = await createAccount()
    const headers = { 'Content-Type': 'application/json' }
    await expectProblem(await call('POST', txPath(id), { headers, body: '[{"transactionDate": ' }), 400, {
      code: 'FORMAT_ERROR',
      text: /^The request body cannot be read as JSON: .* at position [0-9]+$/,
    })
    await expectProblem(await call('POST', '/v1/sandbox/card-accounts', { headers, body: '' }), 400, {
      code: 'FORMAT_ERROR',
      text: /empty/,
    })
  })

  it('400 FORMAT_ERROR for JSON of the wrong kind, in the words the proxy uses, naming the field', async () => {
    const id = await createAccount()
    const messages = async (path: string, json: unknown) => {
      const answer = await call('POST', path, { json })
      expect(answer.status).toBe(400)
      return (await answer.json()).tppMessages.map(({ path, text }: { path?: string; text: string }) =>
        path === undefined ? { text } : { path, text },
      )
    }
    expect(await messages('/v1/sandbox/card-accounts', [])).toEqual([
      { text: 'The request body must be a JSON object, not an array' },
    ])
    expect(await messages('/v1/sandbox/card-accounts', { ...privateBody, creditLimit: [] })).toEqual([
      { path: 'creditLimit', text: 'creditLimit must be a JSON object, not an array' },
    ])
    const { originalAmount: _, ...withoutOriginal } = txBody({ transactionAmount: null } as never)
    expect(await messages(txPath(id), [withoutOriginal, 'coffee'])).toEqual([
      { path: '[0].transactionAmount', text: '[0].transactionAmount must be a JSON object, not null' },
      { path: '[0].originalAmount', text: '[0].originalAmount is required: a JSON object' },
      { path: '[1]', text: '[1] must be a JSON object, not a string' },
    ])
    expect(await messages('/v1/sandbox/card-accounts', { ...privateBody, balances: 5 })).toEqual([
      { path: 'balances', text: 'balances must be a JSON array, not a number' },
    ])
    expect(await messages(`/v1/sandbox-console/card-accounts/${id}/settlements`, 'all')).toEqual([
      { text: 'The request body must be a JSON object, not a string' },
    ])
  })

  it('400 FORMAT_ERROR naming each field the operation does not take at its own path, __proto__ too', async () => {
    const id = await createAccount()
    const body = JSON.stringify({ ...privateBody, extra: 1 }).replace(/}$/, ',"__proto__":{"x":1}}')
    const account = await call('POST', '/v1/sandbox/card-accounts', { body })
    expect(account.status).toBe(400)
    expect((await account.json()).tppMessages).toEqual([
      {
        category: 'ERROR',
        code: 'FORMAT_ERROR',
        path: 'extra',
        text: 'extra is not a field this operation takes',
      },
      {
        category: 'ERROR',
        code: 'FORMAT_ERROR',
        path: '__proto__',
        text: '__proto__ is not a field this operation takes',
      },
    ])
    await expectProblem(
      await call('POST', txPath(id), {
        body: JSON.stringify([txBody({ cardAcceptorAddress: {} })]).replace(
          '"cardAcceptorAddress":{}',
          '"cardAcceptorAddress":{"__proto__":1}',
        ),
      }),
      400,
      {
        code: 'FORMAT_ERROR',
        path: '[0].cardAcceptorAddress.__proto__',
        text: '[0].cardAcceptorAddress.__proto__ is not a field this operation takes',
      },
    )
  })

  it('415 FORMAT_ERROR for a wrong Content-Type, on every operation that takes a body', async () => {
    const id = await createAccount()
    for (const path of [
      '/v1/sandbox/card-accounts',
      txPath(id),
      `/v1/sandbox-console/card-accounts/${id}/settlements`,
      '/v1/sandbox-console/clock',
    ]) {
      const response = await call('POST', path, {
        headers: { 'Content-Type': 'text/plain' },
        body: JSON.stringify(privateBody),
      })
      await expectProblem(response, 415, { code: 'FORMAT_ERROR', path: 'Content-Type', text: /text\/plain/ })
    }
  })

  it.each(['application/json; charset=iso-8859-1', 'application/problem+json', 'application/vnd.x+json'])(
    '415 for %s, in the words the proxy uses (src/contract/request-body.ts)',
    async (type) => {
      const response = await call('POST', '/v1/sandbox/card-accounts', {
        headers: { 'Content-Type': type },
        body: JSON.stringify(privateBody),
      })
      await expectProblem(response, 415, {
        code: 'FORMAT_ERROR',
        path: 'Content-Type',
        text: `Content-Type must be application/json (optionally charset=utf-8), not ${type}`,
      })
    },
  )

  it('takes application/json with charset=utf-8 in any spelling', async () => {
    for (const type of ['application/json;charset=UTF-8', 'Application/JSON; charset="utf-8"']) {
      const response = await call('POST', '/v1/sandbox/card-accounts', {
        headers: { 'Content-Type': type },
        body: JSON.stringify(privateBody),
      })
      expect(response.status).toBe(201)
    }
  })

  it('400 FORMAT_ERROR for failed field validation, naming the element, storing nothing', async () => {
    const id = await createAccount()
    const batch = Array.from({ length: 10 }, (_, i) =>
      i === 7 ? txBody({ merchantCategoryCode: '12345' }) : txBody(),
    )
    await expectProblem(await call('POST', txPath(id), { json: batch }), 400, {
      code: 'FORMAT_ERROR',
      path: '[7].merchantCategoryCode',
    })
    const page = cardTransactionsResponse.parse(
      await (await call('GET', txPath(id, '?bookingStatus=both'))).json(),
    )
    expect(page.cardTransactions.booked).toEqual([])
  })

  it('400 FORMAT_ERROR for a duplicate cardTransactionId', async () => {
    const id = await createAccount()
    await call('POST', txPath(id), { json: txBody({ cardTransactionId: 'dup' }) })
    await expectProblem(await call('POST', txPath(id), { json: txBody({ cardTransactionId: 'dup' }) }), 400, {
      code: 'FORMAT_ERROR',
      path: '[0].cardTransactionId',
    })
  })

  it('404 RESOURCE_UNKNOWN for an unknown mockCardAccountId, before query and body checks', async () => {
    await expectProblem(await call('GET', '/v1/sandbox/card-accounts/nope'), 404, {
      code: 'RESOURCE_UNKNOWN',
    })
    await expectProblem(await call('GET', txPath('nope', '?bookingStatus=nonsense')), 404, {
      code: 'RESOURCE_UNKNOWN',
    })
    await expectProblem(await call('POST', txPath('nope'), { json: txBody() }), 404, {
      code: 'RESOURCE_UNKNOWN',
    })
    await expectProblem(
      await call('POST', txPath('nope'), { headers: { 'Content-Type': 'application/json' }, body: '{' }),
      404,
      { code: 'RESOURCE_UNKNOWN', path: 'mockCardAccountId' },
    )
  })

  it.each([
    ['DELETE', '/v1/sandbox/card-accounts', 'GET, HEAD, POST, OPTIONS'],
    ['PUT', '/v1/sandbox/card-accounts/some-id', 'GET, HEAD, DELETE, OPTIONS'],
    ['POST', '/v1/sandbox/card-accounts/some-id', 'GET, HEAD, DELETE, OPTIONS'],
    ['GET', '/v1/sandbox/card-accounts/some-id/transactions/ct-1', 'DELETE, OPTIONS'],
    ['PATCH', '/v1/sandbox/card-accounts/some-id/transactions', 'GET, HEAD, POST, OPTIONS'],
  ])('405 SERVICE_INVALID for %s %s, with Allow: %s', async (method, path, allow) => {
    const response = await call(method, path)
    expect(response.headers.get('allow')).toBe(allow)
    const body = await expectProblem(response, 405, { code: 'SERVICE_INVALID' })
    expect(body.tppMessages[0]?.text).toBe(`${method} is not allowed on ${path}; allowed: ${allow}`)
  })

  it.each([
    '/v1/sandbox/accounts',
    '/v1/sandbox/card-accounts/some-id/balances',
    '/v1/sandbox/card-accounts/some-id/transactions/ct-1/extra',
    '/v1/sandbox/card-accounts/',
    '/v1/sandbox/card-accounts/%E0',
    '/v1/sandbox/card-accounts/%E0%A4%A/transactions',
  ])('404 RESOURCE_UNKNOWN for the unknown path %s', async (path) => {
    for (const method of ['GET', 'POST']) {
      const response = await call(method, `${path}?bookingStatus=both`, { json: txBody() })
      const body = await expectProblem(response, 404, { code: 'RESOURCE_UNKNOWN' })
      expect(body.tppMessages[0]?.text).toBe(`No sandbox endpoint at ${path}`)
    }
  })

  it('wraps an unexpected failure into a 500 tppMessages body', async () => {
    const broken: SandboxStore = {
      ...createMemoryStore(),
      loadAccounts: () => Promise.reject(new Error('disk on fire')),
    }
    const sandboxOnFire = createSandbox({ store: broken, today: () => today })
    server.use(...createSandboxHandlers({ sandbox: sandboxOnFire, basePath: TEST_BASE_URL }))
    const body = await expectProblem(await call('GET', '/v1/sandbox/card-accounts'), 500, {
      code: 'INTERNAL_SERVER_ERROR',
    })
    expect(body.tppMessages[0]?.text).toContain('disk on fire')
  })
})

describe('HEAD and OPTIONS', () => {
  it('answers HEAD like GET, without the body, wherever GET is allowed', async () => {
    const id = await createAccount(corporateBody)
    for (const [path, headers] of [
      ['/v1/sandbox/card-accounts', {}],
      [`/v1/sandbox/card-accounts/${id}`, { 'PSU-Corporate-ID': 'corp' }],
      [txPath(id, '?bookingStatus=both'), { 'PSU-Corporate-ID': 'corp' }],
      [`/v1/sandbox/card-accounts/${id}`, {}],
      ['/v1/sandbox/card-accounts/nope', {}],
    ] as const) {
      const get = await call('GET', path, { headers })
      const head = await call('HEAD', path, { headers })
      expect(head.status).toBe(get.status)
      expect(head.headers.get('content-type')).toBe('application/json; charset=utf-8')
      expect(head.headers.get('x-request-id')).toBe(REQUEST_ID)
      expect(await head.text()).toBe('')
    }
  })

  it.each([
    ['/v1/sandbox/card-accounts', 'GET, HEAD, POST, OPTIONS'],
    ['/v1/sandbox/card-accounts/some-id', 'GET, HEAD, DELETE, OPTIONS'],
    ['/v1/sandbox/card-accounts/some-id/transactions', 'GET, HEAD, POST, OPTIONS'],
    ['/v1/sandbox/card-accounts/some-id/transactions/ct-1', 'DELETE, OPTIONS'],
  ])('answers OPTIONS %s with 204 and Allow: %s, unsigned and without X-Request-ID', async (path, allow) => {
    server.use(
      ...createSandboxHandlers({
        sandbox,
        basePath: TEST_BASE_URL,
        authenticate: async () => problem(401, 'SIGNATURE_MISSING', 'Signature header is required'),
      }),
    )
    const response = await call('OPTIONS', path, { requestId: null })
    expect(response.status).toBe(204)
    expect(response.headers.get('allow')).toBe(allow)
    expect(await response.text()).toBe('')
  })

  it('answers OPTIONS on an unknown path with 404', async () => {
    await expectProblem(await call('OPTIONS', '/v1/sandbox/nowhere'), 404, { code: 'RESOURCE_UNKNOWN' })
  })
})

describe('the authenticate seam', () => {
  it('runs first, with the exact body bytes, and its problem is the answer', async () => {
    const seen: Array<{ method: string; body: string }> = []
    server.use(
      ...createSandboxHandlers({
        sandbox,
        basePath: TEST_BASE_URL,
        authenticate: async (request, body) => {
          seen.push({ method: request.method, body: new TextDecoder().decode(body) })
          return problem(401, 'SIGNATURE_MISSING', 'Signature header is required', 'Signature')
        },
      }),
    )
    // An unknown path would be an error too; authentication comes first.
    await expectProblem(await call('POST', '/v1/sandbox/nowhere', { body: '{"a": 1}' }), 401, {
      code: 'SIGNATURE_MISSING',
      path: 'Signature',
    })
    const refused = await call('POST', txPath('nope'), { json: { x: 'é' } })
    // A 401 names the scheme to authenticate with (RFC 9110 §11.6.1).
    expect(refused.headers.get('www-authenticate')).toBe(
      'Signature realm="sandbox",headers="date digest x-request-id"',
    )
    await expectProblem(refused, 401, { code: 'SIGNATURE_MISSING' })
    expect(seen).toEqual([
      { method: 'POST', body: '{"a": 1}' },
      { method: 'POST', body: '{"x":"é"}' },
    ])
    expect(await sandbox.listCardAccounts()).toEqual([])
  })

  // docs/decisions.md#error-order: the header the signature covers is checked before the signature.
  it.each([
    ['missing', null, /required/],
    ['not a UUID', 'abc', /UUID/],
  ])('is not asked when X-Request-ID is %s: 400 naming it, before the 401', async (_, requestId, text) => {
    let asked = 0
    server.use(
      ...createSandboxHandlers({
        sandbox,
        basePath: TEST_BASE_URL,
        authenticate: async () => {
          asked++
          return problem(401, 'SIGNATURE_MISSING', 'Signature header is required', 'Signature')
        },
      }),
    )
    for (const path of ['/v1/sandbox/card-accounts', '/v1/sandbox/nowhere']) {
      await expectProblem(
        await call('POST', path, { requestId, json: privateBody }),
        400,
        { code: 'FORMAT_ERROR', path: 'X-Request-ID', text },
        null,
      )
    }
    expect(asked).toBe(0)
  })

  it('lets the request through when it returns null', async () => {
    server.use(...createSandboxHandlers({ sandbox, basePath: TEST_BASE_URL, authenticate: async () => null }))
    expect((await call('POST', '/v1/sandbox/card-accounts', { json: privateBody })).status).toBe(201)
  })
})

describe('deletes (the console sandbox only)', () => {
  it('DELETE of a transaction answers 204 and the list loses it', async () => {
    const id = await createAccount()
    await call('POST', txPath(id), {
      json: [txBody({ cardTransactionId: 'a' }), txBody({ cardTransactionId: 'b' })],
    })
    const deleted = await call('DELETE', `/v1/sandbox/card-accounts/${id}/transactions/a`)
    expect(deleted.status).toBe(204)
    expect(deleted.headers.get('x-request-id')).toBe(REQUEST_ID)
    expect(await deleted.text()).toBe('')
    const page = cardTransactionsResponse.parse(
      await (await call('GET', txPath(id, '?bookingStatus=both'))).json(),
    )
    expect(page.cardTransactions.booked.map((t) => t.cardTransactionId)).toEqual(['b'])
    await expectProblem(await call('DELETE', `/v1/sandbox/card-accounts/${id}/transactions/a`), 404, {
      code: 'RESOURCE_UNKNOWN',
      path: 'cardTransactionId',
    })
  })

  it('DELETE of an account answers 204; the account and its transactions are gone', async () => {
    const id = await createAccount()
    await call('POST', txPath(id), { json: [txBody()] })
    expect((await call('DELETE', `/v1/sandbox/card-accounts/${id}`)).status).toBe(204)
    await expectProblem(await call('GET', `/v1/sandbox/card-accounts/${id}`), 404, {
      code: 'RESOURCE_UNKNOWN',
      path: 'mockCardAccountId',
    })
    await expectProblem(await call('GET', txPath(id, '?bookingStatus=both')), 404, {
      code: 'RESOURCE_UNKNOWN',
    })
    await expectProblem(await call('DELETE', `/v1/sandbox/card-accounts/${id}`), 404, {
      code: 'RESOURCE_UNKNOWN',
      path: 'mockCardAccountId',
    })
  })

  it('an id that is a percent-encoded path segment is decoded, as elsewhere', async () => {
    const id = await createAccount()
    await call('POST', txPath(id), { json: [txBody({ cardTransactionId: 'x.y_z-1' })] })
    expect((await call('DELETE', `/v1/sandbox/card-accounts/${id}/transactions/x.y_z-1`)).status).toBe(204)
  })
})
