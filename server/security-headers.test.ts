import { mkdirSync, writeFileSync } from 'node:fs'
import type { Server } from 'node:http'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from './app'
import { fakeSign, fakeUpstream } from './test-support/fake-upstream'
import { close, listen, send } from './test-support/http'
import { tempFolder } from './test-support/temp-folder'

const dist = tempFolder('console-headers-')
const HTML = '<!doctype html><script>fetch("/api/v1/sandbox/card-accounts", {method: "POST"})</script>'
const upstream = fakeUpstream((_req, res) => {
  res.writeHead(200, {
    'content-type': 'text/html',
    'content-security-policy': "script-src 'unsafe-inline'",
    'x-content-type-options': 'sniff-away',
  })
  res.end(HTML)
})
let app: Server
let port = 0

beforeAll(async () => {
  mkdirSync(join(dist, 'assets'))
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Sandbox Console</title>')
  writeFileSync(join(dist, 'assets', 'index-Bx3kP9aQ.js'), 'console.log(1)')
  app = createApp({
    staticDir: dist,
    upstream: {
      baseUrl: new URL(`http://127.0.0.1:${await listen(upstream.server)}`),
      sign: fakeSign,
      connectTimeoutMs: 1_000,
      totalTimeoutMs: 5_000,
      maxBodyBytes: 1024,
    },
    log: () => {},
  })
  port = await listen(app)
})

afterAll(async () => {
  await Promise.all([close(app), close(upstream.server)])
})

describe("the console's own pages", () => {
  it.each([
    ['index.html', '/'],
    ['a client route', '/accounts/abc'],
    ['a hashed asset', '/assets/index-Bx3kP9aQ.js'],
    ['a missing file', '/assets/missing-12345678.js'],
  ])('%s: a CSP that runs its own scripts only, nosniff, no referrer, no framing', async (_name, path) => {
    const answer = await send(port, path)
    expect(answer.headers).toMatchObject({
      'content-security-policy':
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
        "worker-src 'self'; object-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'DENY',
    })
  })
})

describe('answers under /api', () => {
  it('relay the upstream body unchanged, sandboxed, not sniffed and as a download if navigated to', async () => {
    const answer = await send(port, '/api/v1/sandbox/card-accounts')
    expect(answer.status).toBe(200)
    expect(answer.text).toBe(HTML)
    expect(answer.headers['content-type']).toBe('text/html')
    expect(answer.headers).toMatchObject({
      'content-security-policy': 'sandbox',
      'x-content-type-options': 'nosniff',
      'content-disposition': 'attachment',
      'referrer-policy': 'no-referrer',
    })
  })

  it("carry the same headers on the proxy's own errors", async () => {
    for (const path of ['/api/v1/sandbox/nothing-here', '/api']) {
      const answer = await send(port, path)
      expect(answer.status).toBe(404)
      expect(answer.headers).toMatchObject({
        'content-security-policy': 'sandbox',
        'x-content-type-options': 'nosniff',
        'content-disposition': 'attachment',
      })
    }
  })
})
