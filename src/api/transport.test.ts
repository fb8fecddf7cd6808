import { afterEach, describe, expect, it, vi } from 'vitest'
import { UnreachableError } from './errors'
import { createRequestLog, type LogEntry, type RequestLogEntry } from './request-log'
import { createTransport, type TransportOptions } from './transport'

const url = 'http://console.test/api/v1/sandbox/card-accounts'
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
const request = () =>
  new Request(url, { headers: { 'X-Request-ID': '99391c7e-ad88-49ec-a2ad-99ddcb1f7721' } })

const requestLog = createRequestLog()

afterEach(() => {
  vi.unstubAllGlobals()
  requestLog.clear()
})

/** A transport that records into `requestLog`, as the app's client does into its own. */
const configure = (options: Omit<TransportOptions, 'log'>) => createTransport({ ...options, log: requestLog })

const requests = (entries: readonly LogEntry[]) =>
  entries.filter((entry): entry is RequestLogEntry => entry.kind === 'request')

describe('transport in offline mode', () => {
  it('re-starts a worker that let a request through, and retries once', async () => {
    const answered = vi.fn().mockReturnValueOnce(false).mockReturnValueOnce(true)
    const restart = vi.fn(async () => {})
    const transport = configure({ mode: 'offline', offline: { answered, restart } })
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(new Response('<!doctype html>', { headers: { 'content-type': 'text/html' } }))
      .mockResolvedValueOnce(json({ cardAccounts: [] }))
    vi.stubGlobal('fetch', fetch)

    const response = await transport(request())

    expect(await response.json()).toEqual({ cardAccounts: [] })
    expect(restart).toHaveBeenCalledOnce()
    expect(fetch).toHaveBeenCalledTimes(2)
    expect(answered).toHaveBeenCalledWith('99391c7e-ad88-49ec-a2ad-99ddcb1f7721')
    // Both attempts are in the inspector, newest first.
    expect(requests(requestLog.snapshot()).map((e) => e.responseBody)).toEqual([
      '{"cardAccounts":[]}',
      '<!doctype html>',
    ])
  })

  it('treats JSON that did not come from the worker (a proxy behind it) as not the sandbox', async () => {
    const restart = vi.fn(async () => {})
    const transport = configure({ mode: 'offline', offline: { answered: () => false, restart } })
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ cardAccounts: [{ resourceId: 'upstream' }] })),
    )

    const error = await transport(request()).catch((e: unknown) => e)

    expect(restart).toHaveBeenCalledOnce()
    expect(error).toBeInstanceOf(UnreachableError)
    expect((error as Error).message).toMatch(/^The in-browser sandbox \(Offline mode\) did not answer/)
  })

  it('turns a network failure that survives the restart into an error naming the mode', async () => {
    const transport = configure({
      mode: 'offline',
      offline: { answered: () => true, restart: async () => {} },
    })
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')))

    await expect(transport(request())).rejects.toThrow(
      'The in-browser sandbox (Offline mode) did not answer: network error (Failed to fetch)',
    )
  })
})

describe('transport in proxy mode', () => {
  it('lists a cancelled read below the read that replaced it, however slow its condition is to find', async () => {
    let conditionAsked = () => {}
    const transport = configure({
      mode: 'proxy',
      conditionOf: () => new Promise((resolve) => (conditionAsked = () => resolve(undefined))),
    })
    const replaced = new AbortController()
    vi.stubGlobal(
      'fetch',
      vi.fn((sent: Request) =>
        sent.signal.aborted || sent.url.endsWith('?old')
          ? new Promise((_, reject) =>
              sent.signal.addEventListener('abort', () => reject(sent.signal.reason)),
            )
          : Promise.resolve(json({ cardAccounts: [] })),
      ),
    )

    const old = transport(new Request(`${url}?old`, { signal: replaced.signal }))
    replaced.abort()
    await expect(old).rejects.toThrow()
    await transport(request())
    conditionAsked()

    expect(requests(requestLog.snapshot()).map((entry) => entry.cancelled ?? entry.status)).toEqual([
      200,
      true,
    ])
  })

  it('shows a request the console gave up on: it left, and the sandbox may have counted it', async () => {
    const transport = configure({ mode: 'proxy' })
    const replaced = new AbortController()
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (sent: Request) =>
          new Promise((_, reject) => sent.signal.addEventListener('abort', () => reject(sent.signal.reason))),
      ),
    )

    const read = transport(new Request(url, { signal: replaced.signal }))
    replaced.abort()

    await expect(read).rejects.toThrow()
    const [entry] = requests(requestLog.snapshot())
    expect(entry).toMatchObject({
      method: 'GET',
      url: '/api/v1/sandbox/card-accounts',
      cancelled: true,
      failure: 'cancelled by the console before the answer came: the view it was for had changed',
    })
  })

  it('shows a read given up on after its answer began: the sandbox answered, and may have counted it', async () => {
    const transport = configure({ mode: 'proxy' })
    const replaced = new AbortController()
    vi.stubGlobal(
      'fetch',
      vi.fn(async (sent: Request) => {
        // The status and headers are in; the body breaks off when the console gives up, as fetch's does.
        const body = new ReadableStream({
          start: (controller) =>
            sent.signal.addEventListener('abort', () => controller.error(sent.signal.reason)),
        })
        return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } })
      }),
    )

    const read = transport(new Request(url, { signal: replaced.signal }))
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled())
    replaced.abort()

    await expect(read).rejects.toThrow()
    const [entry] = requests(requestLog.snapshot())
    expect(entry).toMatchObject({ status: 200, cancelled: true, url: '/api/v1/sandbox/card-accounts' })
  })

  it('names the proxy when /api answers something that is not the sandbox', async () => {
    const transport = configure({ mode: 'proxy' })
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('Not found', { status: 404 })),
    )

    await expect(transport(request())).rejects.toThrow(
      'The proxy at /api (Proxy mode) did not answer: got HTTP 404 text/plain;charset=UTF-8 from /api/v1/sandbox/card-accounts',
    )
  })

  it("takes an empty 204 as the sandbox's when it echoes the request's X-Request-ID, and only then", async () => {
    const transport = configure({ mode: 'proxy' })
    const echoing = (id: string) => new Response(null, { status: 204, headers: { 'X-Request-ID': id } })
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => echoing('99391c7e-ad88-49ec-a2ad-99ddcb1f7721')),
    )
    expect((await transport(request())).status).toBe(204)

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => echoing('another-id')),
    )
    await expect(transport(request())).rejects.toThrow(
      "got HTTP 204 without a content type from /api/v1/sandbox/card-accounts, not the sandbox's JSON",
    )
  })

  it("records the proxy's trace and the upstream's verification for the inspector", async () => {
    const transport = configure({ mode: 'proxy' })
    const trace = {
      upstream: 'https://sandbox.example/v1/sandbox/card-accounts',
      requestHeaders: { signature: 'keyId="SN=1,CA=CN=Test"' },
      signingString: 'date: Sun, 22 Nov 2026 06:00:00 GMT',
      keyId: 'SN=1,CA=CN=Test',
    }
    const encoded = Buffer.from(JSON.stringify(trace)).toString('base64url')
    const response = json({ cardAccounts: [] })
    response.headers.set('X-Console-Trace', encoded)
    response.headers.set('X-Sandbox-Verification', 'verified keyId=SN=1,CA=CN=Test')
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => response),
    )

    await transport(request())

    const [entry] = requests(requestLog.snapshot())
    expect(entry?.upstream).toEqual({
      url: trace.upstream,
      headers: [['signature', 'keyId="SN=1,CA=CN=Test"']],
      signing: { signingString: trace.signingString, keyId: trace.keyId },
    })
    expect(entry?.signing?.keyId).toBe('SN=1,CA=CN=Test')
    expect(entry?.verification).toEqual({ verified: true, text: 'verified keyId=SN=1,CA=CN=Test' })
  })

  it('keeps the answer as the upstream sent it when the proxy mapped its _links (or says it cannot)', async () => {
    const transport = configure({ mode: 'proxy' })
    const relayed = '{"cardTransactions":{"_links":{"next":{"href":"/api/v1/sandbox/x?offset=1"}}},"n":1.10}'
    const upstream = '"https://bank.example/api-sandbox/v1/sandbox/x?offset=1"'
    const edit = { at: relayed.indexOf('"/api'), relayed: '"/api/v1/sandbox/x?offset=1"', upstream }
    const answer = (links: object) => {
      const trace = { upstream: 'u', requestHeaders: {}, signingString: '', keyId: 'k', links }
      const response = new Response(relayed, { headers: { 'content-type': 'application/json' } })
      response.headers.set('X-Console-Trace', Buffer.from(JSON.stringify(trace)).toString('base64url'))
      return response
    }
    const fetch = vi.fn(async () => answer({ count: 1, edits: [edit] }))
    vi.stubGlobal('fetch', fetch)
    await transport(request())
    fetch.mockResolvedValueOnce(answer({ count: 1 }))
    await transport(request())

    const [unrecorded, rebuilt] = requests(requestLog.snapshot())
    expect(rebuilt?.responseBody).toBe(relayed)
    expect(rebuilt?.linksMapped).toEqual({
      count: 1,
      upstreamBody: `{"cardTransactions":{"_links":{"next":{"href":${upstream}}}},"n":1.10}`,
    })
    expect(unrecorded?.linksMapped).toEqual({ count: 1, upstreamBody: undefined })
  })

  it('records a refused signature with its code, the header at fault and the reason', async () => {
    const transport = configure({ mode: 'proxy' })
    const refusal = {
      tppMessages: [
        {
          category: 'ERROR',
          code: 'SIGNATURE_INVALID',
          path: 'Digest',
          text: 'the Digest header is missing',
        },
      ],
    }
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(refusal, 401)),
    )

    await transport(request())

    expect(requests(requestLog.snapshot())[0]?.verification).toEqual({
      verified: false,
      code: 'SIGNATURE_INVALID',
      part: 'Digest',
      text: 'the Digest header is missing',
    })
  })

  it('gives no verdict on a 401 that is not about the signature, nor on other errors', async () => {
    const transport = configure({ mode: 'proxy' })
    const other = { tppMessages: [{ category: 'ERROR', code: 'CONSENT_INVALID', text: 'no consent' }] }
    const answers = [json(other, 401), new Response('Unauthorized', { status: 401 }), json(other, 400)]
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answers.shift()),
    )

    for (let i = 0; i < 3; i += 1) await transport(request()).catch(() => undefined)

    expect(requests(requestLog.snapshot()).map((entry) => entry.verification)).toEqual([
      undefined,
      undefined,
      undefined,
    ])
  })
})
