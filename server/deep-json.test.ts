// JSON nested far deeper than any body of the operation, well under the 1 MiB limit, sent to the sandbox
// server and through the proxy to it: a 400 naming the depth, never the parser's stack overflow.
import type { Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { personalities } from '../src/sandbox-http/personality'
import { createSandboxService } from './sandbox-service'
import { fakeApp } from './test-support/fake-app'
import { close, json, listen, send } from './test-support/http'

const servers: Server[] = []
const ports = { proxy: 0, sandbox: 0 }

beforeAll(async () => {
  const sandbox = createSandboxService({
    personality: personalities.console,
    signatures: { kind: 'off' },
    maxBodyBytes: 1024 * 1024,
  })
  servers.push(sandbox)
  ports.sandbox = await listen(sandbox)
  const proxy = fakeApp({ upstream: new URL(`http://127.0.0.1:${ports.sandbox}`) })
  servers.push(proxy)
  ports.proxy = await listen(proxy)
})
afterAll(() => Promise.all(servers.map(close)))

const LEVELS = 50_000

describe.each([
  ['the sandbox server', 'sandbox', '/v1/sandbox/card-accounts'],
  ['the proxy', 'proxy', '/api/v1/sandbox/card-accounts'],
] as const)('%s', (_name, server, path) => {
  it(`answers ${LEVELS.toLocaleString('en')} nested objects with 400 FORMAT_ERROR naming the depth`, async () => {
    const answer = await send(ports[server], path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': crypto.randomUUID() },
      body: `${'{"a":'.repeat(LEVELS)}1${'}'.repeat(LEVELS)}`,
    })
    expect(answer.status).toBe(400)
    expect(json(answer)).toEqual({
      tppMessages: [
        {
          category: 'ERROR',
          code: 'FORMAT_ERROR',
          text: 'The request body cannot be read as JSON: Nested deeper than 1000 levels at position 5000',
        },
      ],
    })
  })
})
