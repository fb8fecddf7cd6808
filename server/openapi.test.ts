import { writeFileSync } from 'node:fs'
import type { Server } from 'node:http'
import { join } from 'node:path'
import { build } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { localToday } from '../src/contract'
import { openApiDocument, openApiServers } from '../src/contract/openapi'
import { createMemoryStore, createSandbox } from '../src/sandbox'
import { createSandboxHandlers } from '../src/sandbox-http/handlers'
import { openApiJson } from '../vite.config'
import { fakeApp } from './test-support/fake-app'
import { close, json, listen, send } from './test-support/http'
import { tempFolder } from './test-support/temp-folder'
import { createSandboxServer } from './upstream'

const dir = tempFolder('console-openapi-')
const servers: Server[] = []
let sandboxPort = 0
let consolePort = 0

beforeAll(async () => {
  const sandbox = createSandbox({ store: createMemoryStore(), today: () => localToday() })
  const sandboxServer = createSandboxServer({
    handlers: createSandboxHandlers({ sandbox }),
    maxBodyBytes: 1024,
  })
  // A build with the console's Vite plugin of a page that is only the shell: what it emits beside it is what
  // `npm start` serves.
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Sandbox Console</title>')
  const outDir = join(dir, 'dist')
  await build({
    configFile: false,
    root: dir,
    logLevel: 'silent',
    plugins: [openApiJson()],
    build: { outDir, emptyOutDir: true },
  })
  const app = fakeApp({ staticDir: outDir })
  servers.push(sandboxServer, app)
  sandboxPort = await listen(sandboxServer)
  consolePort = await listen(app)
})

afterAll(async () => {
  await Promise.all(servers.map(close))
})

describe('/openapi.json', () => {
  it("is served by `npm run sandbox`'s server, its server the sandbox's own root", async () => {
    const answer = await send(sandboxPort, '/openapi.json')
    expect(answer.status).toBe(200)
    expect(answer.headers['content-type']).toBe('application/json')
    expect(json(answer)).toEqual(openApiDocument(openApiServers.sandbox))
    const head = await send(sandboxPort, '/openapi.json', { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.text).toBe('')
  })

  it('is emitted into the build and served by the production static server, its server /api', async () => {
    const answer = await send(consolePort, '/openapi.json')
    expect(answer.status).toBe(200)
    expect(answer.headers['content-type']).toBe('application/json')
    expect(json(answer)).toEqual(openApiDocument(openApiServers.console))
  })
})
