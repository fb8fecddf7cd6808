import { afterEach, describe, expect, it, vi } from 'vitest'
import { RequestTimeoutError, UnreachableError } from './errors'
import { createRequestLog, type RequestLogEntry } from './request-log'
import { createTransport } from './transport'

const url = 'http://console.test/api/v1/sandbox/card-accounts'
const REQUEST_ID = '99391c7e-ad88-49ec-a2ad-99ddcb1f7721'
const request = () => new Request(url, { headers: { 'X-Request-ID': REQUEST_ID } })
const log = createRequestLog()
const lastRequest = () => log.snapshot()[0] as RequestLogEntry

afterEach(() => {
  vi.unstubAllGlobals()
  log.clear()
})

/** A fetch that answers only when its signal aborts it, as a held request does. */
const neverAnswers = vi.fn(
  (_: Request, init?: RequestInit) =>
    new Promise<Response>((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))
    }),
)

describe("the console's request timeout", () => {
  it('gives up after it, says so in words, and names the condition that held the request', async () => {
    vi.stubGlobal('fetch', neverAnswers)
    const restart = vi.fn(async () => {})
    const transport = createTransport({
      mode: 'offline',
      log,
      offline: { answered: () => true, restart },
      timeoutMs: () => 20,
      conditionOf: async (id) => (id === REQUEST_ID ? 'r1: timeout' : undefined),
    })
    const error = await transport(request()).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RequestTimeoutError)
    expect((error as Error).message).toBe(
      "The in-browser sandbox (Offline mode) gave no answer within 0 s, the console's request " +
        'timeout (Condition r1: timeout held it). The request may still have reached the sandbox. ' +
        'Retry, or change the timeout under Conditions.',
    )
    // Not taken for a stopped worker: nothing is restarted or sent again.
    expect(restart).not.toHaveBeenCalled()
    expect(neverAnswers).toHaveBeenCalledOnce()
    expect(lastRequest()).toMatchObject({
      failure: "no answer within the console's request timeout (20 ms)",
      condition: 'r1: timeout',
    })
  })

  it("a caller's own abort stays the caller's", async () => {
    vi.stubGlobal('fetch', neverAnswers)
    const transport = createTransport({ mode: 'proxy', log, timeoutMs: () => 60_000 })
    const controller = new AbortController()
    const pending = transport(new Request(url, { signal: controller.signal }))
    controller.abort()
    const error = await pending.catch((e: unknown) => e)
    expect(error).not.toBeInstanceOf(RequestTimeoutError)
    expect((error as Error).name).toBe('AbortError')
  })
})

describe('a condition on the wire', () => {
  it('badges an answer by its X-Console-Condition', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response('{"tppMessages":[]}', {
            status: 503,
            headers: { 'content-type': 'application/json', 'x-console-condition': 'r2: 503' },
          }),
      ),
    )
    await createTransport({ mode: 'proxy', log })(request())
    expect(lastRequest()).toMatchObject({ status: 503, condition: 'r2: 503' })
  })

  it('a reset a condition made is a network error: no restart of the worker, the rule named', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    )
    const restart = vi.fn(async () => {})
    const transport = createTransport({
      mode: 'offline',
      log,
      offline: { answered: () => true, restart },
      conditionOf: async () => 'r3: connection reset',
    })
    const error = await transport(request()).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UnreachableError)
    expect((error as Error).message).toContain(
      'network error (Failed to fetch); Condition r3: connection reset dropped it',
    )
    expect(restart).not.toHaveBeenCalled()
    expect(lastRequest()).toMatchObject({
      failure: 'network error (Failed to fetch)',
      condition: 'r3: connection reset',
    })
  })
})
