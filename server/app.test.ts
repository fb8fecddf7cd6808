import { randomUUID } from 'node:crypto'
import type { Server } from 'node:http'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CONSOLE_SANDBOX_FLAG } from '../src/contract'
import { CONSOLE_CONDITIONS_PATH } from './conditions'
import type { ForwarderOptions } from './proxy/forward'
import { fakeApp } from './test-support/fake-app'
import { fakeSign, fakeUpstream } from './test-support/fake-upstream'
import { close, json, listen, send, traceOf } from './test-support/http'

const REQUEST_ID = '99391c7e-ad88-49ec-a2ad-99ddcb1f7721'
const started: Server[] = []

async function start(server: Server): Promise<number> {
  started.push(server)
  return listen(server)
}

afterEach(async () => {
  await Promise.all(started.splice(0).map(close))
})

const logged: string[] = []

async function proxyTo(upstreamPort: number, options: Partial<ForwarderOptions> = {}) {
  const app = fakeApp({
    upstream: new URL(`http://127.0.0.1:${upstreamPort}/prefix`),
    forward: options,
    log: (line) => logged.push(line),
  })
  return start(app)
}

describe('forwarding', () => {
  it('forwards an allowed route to the fixed upstream with the allowlisted headers only', async () => {
    const upstream = fakeUpstream()
    const upstreamPort = await start(upstream.server)
    const port = await proxyTo(upstreamPort)
    const answer = await send(
      port,
      '/api/v1/sandbox/card-accounts/abc/transactions?bookingStatus=both&limit=5',
      {
        headers: {
          'X-Request-ID': REQUEST_ID,
          'PSU-ID': '13039319955',
          'Accept-Fix': 'longer-name',
          Accept: 'application/json',
          Cookie: 'session=secret',
          Signature: 'keyId="forged"',
          Digest: 'SHA-256=forged',
          Date: 'Thu, 01 Jan 1970 00:00:00 GMT',
          'TPP-Signature-Certificate': 'forged',
          'X-Forwarded-For': '10.0.0.1',
          // Hop-by-hop: meant for this connection only, never for the upstream.
          'Keep-Alive': 'timeout=600',
          TE: 'trailers',
          'Proxy-Authorization': 'Basic c2VjcmV0',
          'Proxy-Connection': 'keep-alive',
          Host: 'evil.example',
        },
      },
    )
    expect(answer.status).toBe(200)
    expect(answer.headers['x-request-id']).toBe(REQUEST_ID)
    const [got] = upstream.received
    expect(got?.url).toBe('/prefix/v1/sandbox/card-accounts/abc/transactions?bookingStatus=both&limit=5')
    expect(got?.headers.host).toBe(`127.0.0.1:${upstreamPort}`)
    expect(got?.headers).toMatchObject({
      'psu-id': '13039319955',
      'accept-fix': 'longer-name',
      signature: 'fake',
    })
    const dropped = [
      ...['cookie', 'digest', 'date', 'tpp-signature-certificate', 'x-forwarded-for'],
      ...['keep-alive', 'te', 'proxy-authorization', 'proxy-connection'],
    ]
    for (const name of dropped) {
      expect(got?.headers).not.toHaveProperty(name)
    }

    const trace = traceOf(answer.headers)
    expect(trace.upstream).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/prefix\/v1\/sandbox\/card-accounts\/abc\/transactions\?/,
    )
    expect(trace.keyId).toBe('SN=1,CA=CN=Fake')
    expect(trace.signingString).toBe(`x-request-id: ${REQUEST_ID}`)
    // The trace shows exactly the header lines the upstream received.
    const sentLines = Object.entries(trace.requestHeaders).map(
      ([name, value]) => `${name.toLowerCase()}: ${value}`,
    )
    const receivedLines: string[] = []
    for (let i = 0; i < (got?.rawHeaders.length ?? 0); i += 2) {
      const name = got?.rawHeaders[i]?.toLowerCase()
      if (name !== 'connection') receivedLines.push(`${name}: ${got?.rawHeaders[i + 1]}`)
    }
    expect(receivedLines.sort()).toEqual(sentLines.sort())
  })

  it('forwards a POST body byte for byte and makes an X-Request-ID when the caller sent none', async () => {
    const upstream = fakeUpstream((_req, res, body) => {
      res.writeHead(201, { 'content-type': 'application/json', 'set-cookie': 'a=b' }).end(body)
    })
    const port = await proxyTo(await start(upstream.server))
    const body = JSON.stringify({ maskedPan: '1234********5678', note: 'é' })
    const answer = await send(port, '/api/v1/sandbox/card-accounts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    })
    expect(answer.status).toBe(201)
    expect(answer.text).toBe(body)
    expect(answer.headers).not.toHaveProperty('set-cookie')
    expect(upstream.received[0]?.headers['content-length']).toBe(String(Buffer.byteLength(body)))
    const requestId = upstream.received[0]?.headers['x-request-id']
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/)
    expect(answer.headers['x-request-id']).toBe(requestId)
  })

  it('answers unknown routes and methods itself, in the tppMessages shape', async () => {
    const upstream = fakeUpstream()
    const port = await proxyTo(await start(upstream.server))
    const unknown = await send(port, '/api/v1/sandbox/accounts', { headers: { 'x-request-id': REQUEST_ID } })
    expect(unknown.status).toBe(404)
    expect(unknown.headers['x-request-id']).toBe(REQUEST_ID)
    expect(json(unknown)).toMatchObject({ tppMessages: [{ category: 'ERROR', code: 'RESOURCE_UNKNOWN' }] })
    for (const path of [
      '/api',
      '/api/',
      '/api/v1/sandbox/card-accounts/',
      '/api/v1/sandbox/card-accounts/a/b',
    ]) {
      expect((await send(port, path)).status).toBe(404)
    }
    expect(json(unknown)).toMatchObject({
      tppMessages: [{ text: 'No sandbox endpoint at /api/v1/sandbox/accounts' }],
    })
    const wrongMethod = await send(port, '/api/v1/sandbox/card-accounts/abc', {
      method: 'PUT',
      headers: { 'x-request-id': REQUEST_ID },
    })
    expect(wrongMethod.status).toBe(405)
    expect(wrongMethod.headers.allow).toBe('GET, HEAD, DELETE, OPTIONS')
    expect(wrongMethod.headers['x-request-id']).toBe(REQUEST_ID)
    expect(json(wrongMethod)).toMatchObject({
      tppMessages: [
        {
          code: 'SERVICE_INVALID',
          text: 'PUT is not allowed on /api/v1/sandbox/card-accounts/abc; allowed: GET, HEAD, DELETE, OPTIONS',
        },
      ],
    })
    expect(upstream.received).toEqual([])
  })

  it('has no conditions route when it applies no conditions: that path is a page path like any other', async () => {
    const answer = await send(await start(fakeApp()), CONSOLE_CONDITIONS_PATH)
    expect(answer.status).toBe(404)
    expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(answer.text).toBe('Not found\n')
  })

  it('answers OPTIONS itself: 204 with Allow on every known path, nothing signed or forwarded', async () => {
    const upstream = fakeUpstream()
    let signed = 0
    const port = await proxyTo(await start(upstream.server), {
      sign: (request) => {
        signed++
        return fakeSign(request)
      },
    })
    for (const [path, allow] of [
      ['/api/v1/sandbox/card-accounts', 'GET, HEAD, POST, OPTIONS'],
      ['/api/v1/sandbox/card-accounts/abc', 'GET, HEAD, DELETE, OPTIONS'],
      ['/api/v1/sandbox/card-accounts/abc/transactions', 'GET, HEAD, POST, OPTIONS'],
      ['/api/v1/sandbox/card-accounts/abc/transactions/ct-1', 'DELETE, OPTIONS'],
    ]) {
      const answer = await send(port, path ?? '', {
        method: 'OPTIONS',
        headers: { 'x-request-id': REQUEST_ID },
      })
      expect(answer.status).toBe(204)
      expect(answer.headers.allow).toBe(allow)
      expect(answer.headers['x-request-id']).toBe(REQUEST_ID)
      expect(answer.headers).not.toHaveProperty('content-length')
      expect(answer.text).toBe('')
    }
    expect((await send(port, '/api/v1/sandbox/nowhere', { method: 'OPTIONS' })).status).toBe(404)
    expect(upstream.received).toEqual([])
    expect(signed).toBe(0)
  })

  it('signs and forwards the deletes to our own sandbox, without a body, and relays the 204', async () => {
    // Our sandbox says so in its OpenAPI document (server/upstream-kind.ts); a bank never gets a delete.
    const upstream = fakeUpstream((req, res) =>
      req.url === '/prefix/openapi.json'
        ? res.writeHead(200).end(JSON.stringify({ [CONSOLE_SANDBOX_FLAG]: {} }))
        : res.writeHead(204).end(),
    )
    let signed = 0
    const port = await proxyTo(await start(upstream.server), {
      sign: (request) => {
        signed++
        return fakeSign(request)
      },
    })
    for (const path of ['/card-accounts/abc', '/card-accounts/abc/transactions/ct-1']) {
      const answer = await send(port, `/api/v1/sandbox-console${path}`, {
        method: 'DELETE',
        headers: { 'x-request-id': randomUUID() },
      })
      expect(answer.status).toBe(204)
      expect(answer.text).toBe('')
    }
    expect(signed).toBe(2)
    expect(upstream.received.map(({ method, url, body }) => `${method} ${url} ${body.length}`)).toEqual([
      'GET /prefix/openapi.json 0',
      'DELETE /prefix/v1/sandbox-console/card-accounts/abc 0',
      'DELETE /prefix/v1/sandbox-console/card-accounts/abc/transactions/ct-1 0',
    ])
  })

  it("forwards HEAD as the signed GET it stands for and answers GET's status and headers without a body", async () => {
    const upstream = fakeUpstream((req, res) => {
      const body = req.url?.includes('missing') ? '{"tppMessages":[]}' : '{"cardAccounts":[]}'
      res.writeHead(body.includes('tpp') ? 404 : 200, {
        'content-type': 'application/json',
        'content-length': String(body.length),
      })
      res.end(body)
    })
    const port = await proxyTo(await start(upstream.server))
    const head = await send(port, '/api/v1/sandbox/card-accounts', {
      method: 'HEAD',
      headers: { 'x-request-id': REQUEST_ID },
    })
    expect(head.status).toBe(200)
    expect(head.headers['content-type']).toBe('application/json')
    expect(head.headers['content-length']).toBe(String('{"cardAccounts":[]}'.length))
    expect(head.headers['x-request-id']).toBe(REQUEST_ID)
    expect(traceOf(head.headers).signingString).toBe(`x-request-id: ${REQUEST_ID}`)
    expect(head.text).toBe('')
    const missing = await send(port, '/api/v1/sandbox/card-accounts/missing', { method: 'HEAD' })
    expect(missing.status).toBe(404)
    expect(missing.text).toBe('')
    expect(upstream.received.map(({ method, url }) => `${method} ${url}`)).toEqual([
      'GET /prefix/v1/sandbox/card-accounts',
      'GET /prefix/v1/sandbox/card-accounts/missing',
    ])
  })

  it('refuses a non-ASCII escape in an account id before matching routes, forwarding nothing', async () => {
    const upstream = fakeUpstream()
    const port = await proxyTo(await start(upstream.server))
    for (const path of [
      '/api/v1/sandbox/card-accounts/%E0',
      '/api/v1/sandbox/card-accounts/%E0%A4/transactions',
    ]) {
      const answer = await send(port, `${path}?bookingStatus=both`)
      expect(answer.status).toBe(400)
      expect(json(answer)).toMatchObject({
        tppMessages: [{ code: 'FORMAT_ERROR', text: 'Encoded "%E0" is not allowed in the request path' }],
      })
    }
    expect(upstream.received).toEqual([])
  })

  it('logs one line per request: method, path, status, duration and request id, nothing else', async () => {
    const upstream = fakeUpstream()
    const port = await proxyTo(await start(upstream.server))
    logged.length = 0
    await send(port, '/api/v1/sandbox/card-accounts', {
      method: 'POST',
      headers: { 'x-request-id': REQUEST_ID, 'psu-id': '13039319955', 'content-type': 'application/json' },
      body: '{"customerNumber":"18129215603"}',
    })
    await send(port, '/api/v1/sandbox/card-accounts/abc/transactions?dateFrom=2026-01-01&bookingStatus=both')
    await send(port, '/api/nowhere')
    // Lines are written when the server closes the response, which may be just after the client has it.
    await vi.waitFor(() => expect(logged).toHaveLength(3))
    expect(logged[0]).toMatch(
      new RegExp(`^POST /api/v1/sandbox/card-accounts 200 \\d+\\.\\dms ${REQUEST_ID}$`),
    )
    expect(logged[1]).toMatch(/^GET \/api\/v1\/sandbox\/card-accounts\/abc\/transactions \d{3} \d+\.\dms /)
    expect(logged[2]).toMatch(/^GET \/api\/nowhere 404 \d+\.\dms -$/)
  })
})
