// The bank's boundary (docs/decisions.md#boundary): the proxy signs and forwards the bank's operations to any
// upstream, and the console's own (clock, settlements, summary, deletes) only to one of our own sandboxes.
import type { Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { operationList, operations } from '../src/contract/operations'
import { personalities } from '../src/sandbox-http/personality'
import { createSandboxService } from './sandbox-service'
import { fakeApp } from './test-support/fake-app'
import { fakeUpstream } from './test-support/fake-upstream'
import { close, json, listen, send } from './test-support/http'

const servers: Server[] = []
afterAll(() => Promise.all(servers.map(close)))

async function started(server: Server): Promise<number> {
  servers.push(server)
  return listen(server)
}

const ID = 'acc-1'
const TX = 'ct-1'
/** Every path of an operation, its deprecated ones too, filled in. */
const pathsOf = (operation: { path: string; deprecatedPaths?: readonly string[] }) =>
  [operation.path, ...(operation.deprecatedPaths ?? [])].map((path) =>
    path.replace('{mockCardAccountId}', ID).replace('{cardTransactionId}', TX),
  )
const bodyFor = (method: string) => (method === 'POST' || method === 'PUT' ? '{}' : undefined)
/** A fresh X-Request-ID each time: the proxy does not sign one twice. */
const headers = () => ({ 'content-type': 'application/json', 'x-request-id': crypto.randomUUID() })

describe("a bank's sandbox as the upstream", () => {
  // A stand-in bank that records every request and answers each 200 `{}`, its /openapi.json included.
  const bank = fakeUpstream()
  let proxy = 0

  beforeAll(async () => {
    const bankPort = await started(bank.server)
    proxy = await started(fakeApp({ upstream: new URL(`http://127.0.0.1:${bankPort}/api-sandbox`) }))
  })

  const own = operationList.filter(({ owner }) => owner === 'console')
  const cases = own.flatMap((operation) =>
    pathsOf(operation).map((path) => [operation.method, path] as const),
  )

  it.each(cases)('never receives %s %s: the proxy answers it itself, 404, unsigned', async (method, path) => {
    const body = bodyFor(method)
    const answer = await send(proxy, `/api${path}`, { method, headers: headers(), ...(body ? { body } : {}) })
    expect(answer.status).toBe(404)
    expect(answer.headers.signature).toBeUndefined()
    const text = (json(answer) as { tppMessages: { text: string }[] }).tppMessages[0]?.text
    expect(text).toMatch(/Sandbox Console's own operation.*bank's sandbox.*sent nothing upstream/)
    const reached = bank.received.filter(({ url }) => url !== '/api-sandbox/openapi.json')
    expect(reached).toEqual([])
  })

  it('asks its /openapi.json once, unsigned, and forwards and signs every operation of the bank', async () => {
    const banks = operationList.filter(({ owner }) => owner !== 'console')
    for (const operation of banks) {
      const [path = ''] = pathsOf(operation)
      const body = bodyFor(operation.method)
      const answer = await send(proxy, `/api${path}`, {
        method: operation.method,
        headers: headers(),
        ...(body ? { body } : {}),
      })
      expect(answer.status).toBe(200)
    }
    const probes = bank.received.filter(({ url }) => url === '/api-sandbox/openapi.json')
    expect(probes).toHaveLength(1)
    expect(probes[0]?.headers.signature).toBeUndefined()
    const forwarded = bank.received.filter(({ url }) => url !== '/api-sandbox/openapi.json')
    expect(forwarded.map(({ method, url }) => `${method} ${url}`)).toEqual(
      banks.map((operation) => `${operation.method} /api-sandbox${pathsOf(operation)[0]}`),
    )
    expect(forwarded.every(({ headers }) => headers.signature === 'fake')).toBe(true)
  })
})

describe('our own sandbox as the upstream', () => {
  let sandbox = 0
  let proxy = 0

  beforeAll(async () => {
    sandbox = await started(
      createSandboxService({
        personality: personalities.console,
        signatures: { kind: 'off' },
        maxBodyBytes: 1024 * 1024,
      }),
    )
    proxy = await started(fakeApp({ upstream: new URL(`http://127.0.0.1:${sandbox}`) }))
  })

  it('gets the console’s own operations, at the new paths and the deprecated ones', async () => {
    for (const path of pathsOf(operations.getSandboxClock)) {
      const answer = await send(proxy, `/api${path}`, { headers: headers() })
      expect(answer.status, path).toBe(200)
      expect(json(answer)).toMatchObject({ today: expect.any(String) })
    }
  })

  it.each(['summary', 'settlements'])('deletes a transaction whose id is %s', async (txId) => {
    const created = await send(sandbox, '/v1/sandbox/card-accounts', {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify({ maskedPan: '525412******3241', currency: 'NOK', customerNumber: '13039319955' }),
    })
    expect(created.status, created.text).toBe(201)
    const { resourceId } = json(created) as { resourceId: string }
    const transactions = `/v1/sandbox/card-accounts/${resourceId}/transactions`
    const added = await send(sandbox, transactions, {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify([
        {
          cardTransactionId: txId,
          bookingDate: '2024-01-02',
          transactionDate: '2024-01-02',
          transactionAmount: { currency: 'NOK', amount: '-10.00' },
          originalAmount: { currency: 'NOK', amount: '-10.00' },
          merchantCategoryCode: '5411',
        },
      ]),
    })
    expect(added.status).toBe(201)
    const deleted = await send(
      proxy,
      `/api/v1/sandbox-console/card-accounts/${resourceId}/transactions/${txId}`,
      { method: 'DELETE', headers: headers() },
    )
    expect(deleted.status).toBe(204)
    const listed = await send(sandbox, `${transactions}?bookingStatus=both`, { headers: headers() })
    expect(json(listed)).toMatchObject({ cardTransactions: { booked: [], pending: [] } })
  })
})
