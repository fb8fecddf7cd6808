import type { Server } from 'node:http'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { localToday } from '../src/contract'
import { createMemoryStore, createSandbox } from '../src/sandbox'
import { createSandboxHandlers } from '../src/sandbox-http/handlers'
import { fakeApp } from './test-support/fake-app'
import { fakeUpstream } from './test-support/fake-upstream'
import { close, listen, parseRaw, sendRaw } from './test-support/http'
import { createSandboxServer } from './upstream'

// The one limit policy of both servers, probed over raw sockets with the same requests.
const LIMIT = 4096
const REQUEST_ID = '0b5e7c4a-2f1d-4e3b-9a8c-7d6e5f4a3b2c'
const ACCOUNT = JSON.stringify({
  maskedPan: '525412******3241',
  currency: 'NOK',
  customerNumber: '13039319955',
})
const servers: Server[] = []
const ports = { proxy: 0, sandbox: 0 }
const upstream = fakeUpstream((_req, res, body) => {
  res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ length: body.length }))
})

beforeAll(async () => {
  const upstreamPort = await listen(upstream.server)
  const app = fakeApp({
    upstream: new URL(`http://127.0.0.1:${upstreamPort}`),
    forward: { maxBodyBytes: LIMIT },
  })
  const sandbox = createSandbox({ store: createMemoryStore(), today: () => localToday() })
  const sandboxServer = createSandboxServer({
    handlers: createSandboxHandlers({ sandbox }),
    maxBodyBytes: LIMIT,
  })
  servers.push(upstream.server, app, sandboxServer)
  ports.proxy = await listen(app)
  ports.sandbox = await listen(sandboxServer)
})

afterAll(async () => {
  await Promise.all(servers.map(close))
})

const head = (path: string, extra: string, requestId = REQUEST_ID) =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nX-Request-ID: ${requestId}\r\n${extra}\r\n`

async function answer(port: number, data: Array<string | Buffer>) {
  const { status, head, body } = parseRaw(await sendRaw(port, data))
  return { status, head, body }
}

function expectTooLarge(refused: Awaited<ReturnType<typeof answer>>) {
  expect(refused.status).toBe(413)
  expect(refused.head).toMatch(/\r\nconnection: close\r\n/i)
  expect(refused.head).toMatch(new RegExp(`\r\nx-request-id: ${REQUEST_ID}\r\n`, 'i'))
  expect(JSON.parse(refused.body)).toEqual({
    tppMessages: [
      { category: 'ERROR', code: 'PAYLOAD_TOO_LARGE', text: `The request body exceeds ${LIMIT} bytes` },
    ],
  })
}

describe.each([
  ['the proxy', 'proxy', '/api/v1/sandbox/card-accounts'],
  ['the sandbox server', 'sandbox', '/v1/sandbox/card-accounts'],
] as const)('%s reads bodies within one limit', (_name, server, path) => {
  it('refuses a declared Content-Length over the limit before reading a byte of the body', async () => {
    // No body follows: a server that waited for it would never answer.
    expectTooLarge(await answer(ports[server], [head(path, `Content-Length: ${LIMIT + 1}\r\n`)]))
  })

  it('refuses a chunked body as soon as the bytes counted pass the limit, before its end', async () => {
    const chunk = Buffer.alloc(1024, ' ')
    const chunks = Array.from({ length: 5 }, () => [`${chunk.length.toString(16)}\r\n`, chunk, '\r\n']).flat()
    // The terminating chunk is never sent: the answer must come from the count alone.
    expectTooLarge(await answer(ports[server], [head(path, 'Transfer-Encoding: chunked\r\n'), ...chunks]))
  })

  it.each([
    ['a gzip body', 'gzip', gzipSync(ACCOUNT)],
    ['plain JSON labelled gzip', 'gzip', ACCOUNT],
    ['any other coding', 'br, identity', ACCOUNT],
  ])('refuses %s with 415 naming Content-Encoding, before reading it', async (_case, coding, body) => {
    const refused = await answer(ports[server], [
      head(path, `Content-Encoding: ${coding}\r\nContent-Length: ${body.length}\r\n`),
      body,
    ])
    expect(refused.status).toBe(415)
    expect(refused.head).toMatch(/\r\nconnection: close\r\n/i)
    expect(JSON.parse(refused.body)).toEqual({
      tppMessages: [
        {
          category: 'ERROR',
          code: 'FORMAT_ERROR',
          path: 'Content-Encoding',
          text: `The request body must be sent uncompressed: Content-Encoding "${coding}" is not accepted (send none, or identity)`,
        },
      ],
    })
  })

  it('takes a body labelled identity', async () => {
    const taken = await answer(ports[server], [
      // Its own X-Request-ID: the proxy signs an id once, and the next test sends the shared one.
      head(
        path,
        `Content-Encoding: identity\r\nContent-Length: ${ACCOUNT.length}\r\nConnection: close\r\n`,
        crypto.randomUUID(),
      ),
      ACCOUNT,
    ])
    expect(taken.status).toBe(201)
  })

  it('takes a body of exactly the limit', async () => {
    const body = ACCOUNT.padEnd(LIMIT, ' ')
    const taken = await answer(ports[server], [
      head(path, `Content-Length: ${LIMIT}\r\nConnection: close\r\n`),
      body,
    ])
    expect(taken.status).toBe(201)
  })
})
