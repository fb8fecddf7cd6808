import type { Server } from 'node:http'
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  cardAccount,
  cardTransactionsResponse,
  localToday,
  tppMessagesBody,
  transactionsCreated,
} from '../src/contract'
import { createMemoryStore, createSandbox } from '../src/sandbox'
import { createSandboxHandlers } from '../src/sandbox-http/handlers'
import { close, json, listen, send, sendRaw } from './test-support/http'
import { createSandboxServer } from './upstream'

const REQUEST_ID = '6f0c2e51-3b7a-4d7e-9a41-2b1f0c9d8e77'
const MAX_BODY = 4096
const today = localToday()
let server: Server
let port: number
let base: string

beforeAll(async () => {
  const sandbox = createSandbox({ store: createMemoryStore(), today: () => today })
  server = createSandboxServer({ handlers: createSandboxHandlers({ sandbox }), maxBodyBytes: MAX_BODY })
  port = await listen(server)
  base = `http://127.0.0.1:${port}`
})
afterAll(() => close(server))

const headers = { 'X-Request-ID': REQUEST_ID, 'Content-Type': 'application/json' }

async function expectProblem(response: Response, status: number, code: string) {
  expect(response.status).toBe(status)
  expect(response.headers.get('x-request-id')).toBe(REQUEST_ID)
  const body = tppMessagesBody.parse(await response.json())
  expect(body.tppMessages[0]?.code).toBe(code)
  return body
}

describe('local upstream over a real socket', () => {
  it('serves the sandbox operation end to end', async () => {
    const created = await fetch(`${base}/v1/sandbox/card-accounts`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ maskedPan: '525412******3241', currency: 'NOK', customerNumber: '13039319955' }),
    })
    expect(created.status).toBe(201)
    expect(created.headers.get('x-request-id')).toBe(REQUEST_ID)
    const { resourceId } = cardAccount.parse(await created.json())
    expect(created.headers.get('location')).toBe(`/v1/sandbox/card-accounts/${resourceId}`)

    const transactions = `${base}/v1/sandbox/card-accounts/${resourceId}/transactions`
    const added = await fetch(transactions, {
      method: 'POST',
      headers,
      body: JSON.stringify([
        {
          transactionDate: today,
          bookingDate: today,
          transactionAmount: { currency: 'NOK', amount: -12.5 },
          originalAmount: { currency: 'NOK', amount: '-12.50' },
          merchantCategoryCode: '5411',
        },
      ]),
    })
    expect(added.status).toBe(201)
    expect(transactionsCreated.parse(await added.json()).transactions).toHaveLength(1)

    const listed = await fetch(`${transactions}?bookingStatus=both`, {
      headers: { 'X-Request-ID': REQUEST_ID },
    })
    expect(listed.status).toBe(200)
    expect(listed.headers.get('content-type')).toContain('application/json')
    const page = cardTransactionsResponse.parse(await listed.json())
    expect(page.cardTransactions.booked[0]?.transactionAmount).toEqual({ currency: 'NOK', amount: '-12.5' })
  })

  it('answers 413 with a tppMessages body for a body over the limit, and keeps serving', async () => {
    const response = await fetch(`${base}/v1/sandbox/card-accounts`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ padding: 'x'.repeat(MAX_BODY * 4) }),
    })
    const body = await expectProblem(response, 413, 'PAYLOAD_TOO_LARGE')
    expect(body.tppMessages[0]?.text).toContain(String(MAX_BODY))
    const after = await fetch(`${base}/v1/sandbox/card-accounts`, { headers })
    expect(after.status).toBe(200)
  })

  it('answers 400 FORMAT_ERROR for malformed JSON', async () => {
    const response = await fetch(`${base}/v1/sandbox/card-accounts`, {
      method: 'POST',
      headers,
      body: '{"maskedPan":',
    })
    const body = await expectProblem(response, 400, 'FORMAT_ERROR')
    expect(body.tppMessages[0]?.text).toMatch(/^The request body cannot be read as JSON: /)
  })

  it('answers 404 RESOURCE_UNKNOWN for unknown paths, inside and outside the sandbox prefix', async () => {
    for (const path of ['/v1/sandbox/nowhere', '/index.html', '/v1/sandbox/card-accounts/%E0']) {
      const body = await expectProblem(await fetch(`${base}${path}`, { headers }), 404, 'RESOURCE_UNKNOWN')
      expect(body.tppMessages[0]?.text).toBe(`No sandbox endpoint at ${path}`)
    }
  })

  it('answers 405 with Allow for a method fetch cannot carry, and 404 for it on an unknown path', async () => {
    const answer = await send(port, '/v1/sandbox/card-accounts', {
      method: 'TRACE',
      headers: { 'x-request-id': REQUEST_ID },
    })
    expect(answer.status).toBe(405)
    expect(answer.headers.allow).toBe('GET, HEAD, POST, OPTIONS')
    expect(answer.headers['x-request-id']).toBe(REQUEST_ID)
    expect(tppMessagesBody.parse(json(answer)).tppMessages[0]).toMatchObject({
      code: 'SERVICE_INVALID',
      text: 'TRACE is not allowed on /v1/sandbox/card-accounts; allowed: GET, HEAD, POST, OPTIONS',
    })
    expect((await send(port, '/elsewhere', { method: 'TRACE' })).status).toBe(404)
  })

  it('answers HEAD like GET without a body, and OPTIONS with 204 and Allow', async () => {
    const head = await send(port, '/v1/sandbox/card-accounts', {
      method: 'HEAD',
      headers: { 'x-request-id': REQUEST_ID },
    })
    expect(head.status).toBe(200)
    expect(head.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(head.headers['x-request-id']).toBe(REQUEST_ID)
    expect(head.text).toBe('')
    const options = await send(port, '/v1/sandbox/card-accounts/some-id', { method: 'OPTIONS' })
    expect(options.status).toBe(204)
    expect(options.headers.allow).toBe('GET, HEAD, DELETE, OPTIONS')
    expect(options.headers).not.toHaveProperty('content-length')
    expect(options.text).toBe('')
  })

  it('answers 400 naming a request target that is no URL path', async () => {
    const raw = await sendRaw(port, 'GET //[ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')
    expect(raw).toMatch(/^HTTP\/1\.1 400 .*"text":"the request target cannot be read: Invalid URL"/s)
  })

  it('survives malformed HTTP and a client that hangs up mid-body', async () => {
    expect(await sendRaw(port, 'NOT HTTP AT ALL\r\n\r\n')).toMatch(/^HTTP\/1\.1 400 .*"tppMessages"/s)
    await new Promise<void>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(
          'POST /v1/sandbox/card-accounts HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a"',
        )
        setTimeout(() => {
          socket.destroy()
          resolve()
        }, 20)
      })
    })
    const after = await fetch(`${base}/v1/sandbox/card-accounts`, { headers })
    expect(after.status).toBe(200)
  })
})
