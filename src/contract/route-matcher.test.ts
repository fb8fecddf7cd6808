import { describe, expect, it } from 'vitest'
import { matchRoute, operationList, operations } from './operations'
import { operationOf, refusalOf } from './route-matcher'
import { pathTo } from './routes'

const ACCOUNTS = '/v1/sandbox/card-accounts'

describe('matchRoute', () => {
  it.each(operationList.map((operation) => [operation.name, operation] as const))(
    'finds %s by its own method and path, with its decoded parameters',
    (name, operation) => {
      const id = 'acc 1/ü'
      const txId = 'ct 1/ü'
      const path = operation.path
        .replace('{mockCardAccountId}', encodeURIComponent(id))
        .replace('{cardTransactionId}', encodeURIComponent(txId))
      const match = matchRoute(operation.method, path)
      expect(match).toMatchObject({ kind: 'operation', operation: { name } })
      expect(match.kind === 'operation' ? match.params : undefined).toEqual({
        ...(operation.path.includes('{mockCardAccountId}') ? { mockCardAccountId: id } : {}),
        ...(operation.path.includes('{cardTransactionId}') ? { cardTransactionId: txId } : {}),
      })
    },
  )

  it('finds the GET operation for HEAD', () => {
    expect(matchRoute('HEAD', `${ACCOUNTS}/abc/transactions`)).toMatchObject({
      kind: 'operation',
      operation: { name: 'listTransactions', method: 'GET' },
      params: { mockCardAccountId: 'abc' },
    })
  })

  it.each([
    [ACCOUNTS, ['GET', 'HEAD', 'POST', 'OPTIONS']],
    [`${ACCOUNTS}/abc`, ['GET', 'HEAD', 'DELETE', 'OPTIONS']],
    [`${ACCOUNTS}/abc/transactions`, ['GET', 'HEAD', 'POST', 'OPTIONS']],
    [`${ACCOUNTS}/abc/transactions/ct-1`, ['DELETE', 'OPTIONS']],
  ])('knows what %s allows: %j', (path, allow) => {
    expect(matchRoute('OPTIONS', path)).toEqual({ kind: 'options', allow })
    expect(matchRoute('PUT', path)).toEqual({ kind: 'method-not-allowed', allow })
    expect(matchRoute('get', path)).toEqual({ kind: 'method-not-allowed', allow })
  })

  it.each([
    '',
    '/',
    '/v1/sandbox',
    `${ACCOUNTS}/`,
    `${ACCOUNTS}//transactions`,
    `${ACCOUNTS}/abc/transactions/`,
    `${ACCOUNTS}/abc/balances`,
    `${ACCOUNTS}/a/b/transactions`,
    '/v1/sandbox/card%2Daccounts',
    '/api/v1/sandbox/card-accounts',
    // Malformed escapes: no parameter decodes from them, and nothing throws.
    `${ACCOUNTS}/%E0`,
    `${ACCOUNTS}/%E0%A4%A/transactions`,
    `${ACCOUNTS}/%/transactions`,
  ])('does not know %j', (path) => {
    expect(matchRoute('GET', path)).toEqual({ kind: 'unknown' })
    expect(matchRoute('OPTIONS', path)).toEqual({ kind: 'unknown' })
  })
})

describe('refusalOf: the one text of each answer', () => {
  it('OPTIONS: 204 with Allow, no problem', () => {
    expect(refusalOf('OPTIONS', `/api${ACCOUNTS}`, matchRoute('OPTIONS', ACCOUNTS) as never)).toEqual({
      status: 204,
      allow: 'GET, HEAD, POST, OPTIONS',
    })
  })

  it('405 SERVICE_INVALID naming the method, the path as requested and what is allowed', () => {
    const refusal = refusalOf('PUT', `/api${ACCOUNTS}/abc`, { kind: 'method-not-allowed', allow: ['GET'] })
    expect(refusal).toEqual({
      status: 405,
      allow: 'GET',
      problem: {
        status: 405,
        messages: [
          {
            category: 'ERROR',
            code: 'SERVICE_INVALID',
            text: `PUT is not allowed on /api${ACCOUNTS}/abc; allowed: GET`,
          },
        ],
      },
    })
  })

  it('404 RESOURCE_UNKNOWN naming the path as requested', () => {
    expect(refusalOf('GET', '/nowhere', { kind: 'unknown' })).toEqual({
      status: 404,
      problem: {
        status: 404,
        messages: [{ category: 'ERROR', code: 'RESOURCE_UNKNOWN', text: 'No sandbox endpoint at /nowhere' }],
      },
    })
  })
})

describe('pathTo', () => {
  it('builds each path from the table, percent-encoding the parameters', () => {
    expect(pathTo('listCardAccounts')).toBe(ACCOUNTS)
    expect(pathTo('getCardAccount', { mockCardAccountId: 'a/b c?' })).toBe(`${ACCOUNTS}/a%2Fb%20c%3F`)
    expect(pathTo('createTransactions', { mockCardAccountId: 'x' })).toBe(`${ACCOUNTS}/x/transactions`)
    expect(operations.createTransactions.path).toBe(operations.listTransactions.path)
  })
})

describe('operationOf', () => {
  it.each([
    ['GET', `/api${ACCOUNTS}`, 'listCardAccounts'],
    ['POST', `/api${ACCOUNTS}?x=1`, 'createCardAccount'],
    ['GET', `/api${ACCOUNTS}/abc`, 'getCardAccount'],
    ['GET', `/api${ACCOUNTS}/abc/transactions?bookingStatus=both&limit=5`, 'listTransactions'],
    ['POST', `${ACCOUNTS}/abc/transactions`, 'createTransactions'],
    ['DELETE', `/api${ACCOUNTS}`, undefined],
    ['GET', '/api/openapi.json', undefined],
    ['GET', `/api${ACCOUNTS}/%E0`, undefined],
  ])('%s %s is %s', (method, url, name) => {
    expect(operationOf(method, url)).toBe(name)
  })
})
