// Requests to the sandbox handlers in Node tests (msw's setupServer at TEST_BASE_URL, or a real server), and
// the assertions every suite makes of an error answer.
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest'
import { localToday, tppMessagesBody } from '../contract'
import { setupSandboxServer, TEST_BASE_URL } from '../sandbox-http/node'

export const REQUEST_ID = '99391c7e-ad88-49ec-a2ad-99ddcb1f7721'

export interface CallOptions {
  headers?: Record<string, string>
  /** Sent as JSON.stringify gives it, with Content-Type application/json. */
  json?: unknown
  /** Sent exactly as given (a JSON text with number literals JSON.stringify cannot write, or not JSON). */
  body?: string
  /** null: no X-Request-ID at all. */
  requestId?: string | null
}

/** `call(method, path, options)` against `baseUrl`: an X-Request-ID unless told otherwise. */
export function sandboxCaller(baseUrl: string) {
  return (
    method: string,
    path: string,
    { headers = {}, json, body, requestId = REQUEST_ID }: CallOptions = {},
  ): Promise<Response> => {
    const all: Record<string, string> = { ...headers }
    if (requestId !== null) all['X-Request-ID'] = requestId
    if (json !== undefined || body !== undefined) all['Content-Type'] ??= 'application/json'
    return fetch(`${baseUrl}${path}`, {
      method,
      headers: all,
      ...(json !== undefined ? { body: JSON.stringify(json) } : body !== undefined ? { body } : {}),
    })
  }
}

/** Asserts an error answer: status, a tppMessages body, the first message, and the echoed id. */
export async function expectProblem(
  response: Response,
  status: number,
  message: { code: string; path?: string; text?: RegExp | string },
  echoed: string | null = REQUEST_ID,
) {
  expect(response.status).toBe(status)
  expect(response.headers.get('content-type')).toContain('application/json')
  expect(response.headers.get('x-request-id')).toBe(echoed)
  const body = tppMessagesBody.parse(await response.json())
  const [first] = body.tppMessages
  expect(first).toMatchObject({ category: 'ERROR', code: message.code })
  if (message.path !== undefined) expect(first?.path).toBe(message.path)
  if (typeof message.text === 'string') expect(first?.text).toBe(message.text)
  else if (message.text) expect(first?.text).toMatch(message.text)
  return body
}

export const privateBody = { maskedPan: '525412******3241', currency: 'NOK', customerNumber: '13039319955' }
export const corporateBody = { ...privateBody, customerNumber: '18129215603', customerType: 'corporate' }

/** A booked transaction of today, NOK -10.00 spent as EUR -0.90. */
export const txBody = (overrides: object = {}) => ({
  transactionDate: localToday(),
  bookingDate: localToday(),
  transactionAmount: { currency: 'NOK', amount: '-10.00' },
  originalAmount: { currency: 'EUR', amount: '-0.90' },
  merchantCategoryCode: '5411',
  ...overrides,
})

export const accountsPath = '/v1/sandbox/card-accounts'
export const txPath = (id: string, query = '') =>
  `${accountsPath}/${encodeURIComponent(id)}/transactions${query}`

/**
 * The sandbox's handlers on a fresh memory engine behind msw at TEST_BASE_URL for the calling test file,
 * emptied (and any per-test handler dropped) before each test; with a caller for it.
 */
export function sandboxForThisFile() {
  const { server, sandbox } = setupSandboxServer()
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
  beforeEach(() => sandbox.reset())
  afterEach(() => server.resetHandlers())
  afterAll(() => server.close())
  const call = sandboxCaller(TEST_BASE_URL)
  return { server, sandbox, call, createAccount: accountCreator(call) }
}

/** Creates a card account (the private test customer unless told) and gives its id; not a 201 fails the test. */
export function accountCreator(call: ReturnType<typeof sandboxCaller>) {
  return async (body: object = privateBody, headers: Record<string, string> = {}): Promise<string> => {
    const response = await call('POST', accountsPath, { json: body, headers })
    expect(response.status).toBe(201)
    return ((await response.json()) as { resourceId: string }).resourceId
  }
}
