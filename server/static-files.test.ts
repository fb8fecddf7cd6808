import { mkdirSync, writeFileSync } from 'node:fs'
import type { Server } from 'node:http'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fakeApp } from './test-support/fake-app'
import { close, listen, parseRaw, send, sendRaw } from './test-support/http'
import { tempFolder } from './test-support/temp-folder'

const parent = tempFolder('console-static-')
const dist = join(parent, 'dist')
let app: Server
let port = 0

beforeAll(async () => {
  mkdirSync(join(dist, 'assets'), { recursive: true })
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Sandbox Console</title>')
  writeFileSync(join(dist, 'assets', 'index-Bx3kP9aQ.js'), 'console.log(1)')
  writeFileSync(join(dist, 'mockServiceWorker.js'), '/* worker */')
  // A secret beside the served folder, for the traversal probes.
  writeFileSync(join(parent, 'secret.pem'), 'PRIVATE KEY')
  app = fakeApp({ staticDir: dist })
  port = await listen(app)
})

afterAll(async () => {
  await close(app)
})

describe('the built console', () => {
  it('serves index.html at / without long caching', async () => {
    const answer = await send(port, '/')
    expect(answer.status).toBe(200)
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(answer.headers['cache-control']).toBe('no-cache')
    expect(answer.text).toContain('Sandbox Console')
  })

  it('serves hashed assets as immutable, other files revalidated', async () => {
    const asset = await send(port, '/assets/index-Bx3kP9aQ.js')
    expect(asset.status).toBe(200)
    expect(asset.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const worker = await send(port, '/mockServiceWorker.js')
    expect(worker.headers['cache-control']).toBe('no-cache')
  })

  it('answers client routes with index.html, missing files with 404', async () => {
    const route = await send(port, '/accounts/abc/transactions?bookingStatus=booked')
    expect(route.status).toBe(200)
    expect(route.text).toContain('Sandbox Console')
    expect((await send(port, '/assets/missing-12345678.js')).status).toBe(404)
  })

  it('answers HEAD without a body and refuses other methods', async () => {
    const head = await send(port, '/', { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.text).toBe('')
    expect((await send(port, '/', { method: 'POST' })).status).toBe(405)
  })

  it.each([
    '/../secret.pem',
    '/assets/../../secret.pem',
    '/%2e%2e/secret.pem',
    '/..%2fsecret.pem',
    '/..%5csecret.pem',
    '/..\\secret.pem',
    '//secret.pem',
  ])('refuses traversal: %s', async (target) => {
    const raw = await sendRaw(port, `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`)
    const answer = parseRaw(raw)
    expect(answer.status).toBe(400)
    expect(raw).not.toContain('PRIVATE KEY')
  })
})
