// A signed request is accepted once by our verifying sandboxes (`npm run sandbox`, the local upstream, the
// in-browser one share the check): the headers of a signed read, replayed as a DELETE, delete nothing.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import type { Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateDevIdentity } from '../src/signing/dev-identity'
import { createNodeRequestSigner } from '../src/signing/node/node-signing-crypto'
import { REQUEST_TARGET_SIGNED_HEADERS } from '../src/signing/signer'
import { platformExamples } from '../src/test/platform/examples'
import { loadIdentity, type SigningIdentity } from './identity'
import { createSandboxService } from './sandbox-service'
import { readStandaloneSettings } from './standalone-sandbox'
import { close, json, listen, send } from './test-support/http'

const ACCOUNTS = '/v1/sandbox/card-accounts'
let dir: string
let identity: SigningIdentity
let server: Server
let port = 0

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'replay-'))
  const made = await generateDevIdentity({ commonName: 'Replay TPP', organization: 'Replay Bank' })
  const paths = {
    caPath: join(dir, 'ca.pem'),
    certPath: join(dir, 'cert.pem'),
    keyPath: join(dir, 'key.pem'),
  }
  writeFileSync(paths.caPath, made.caCertificatePem)
  writeFileSync(paths.certPath, made.certificatePem)
  writeFileSync(paths.keyPath, made.privateKeyPem, { mode: 0o600 })
  identity = await loadIdentity(paths)
  server = createSandboxService(await readStandaloneSettings({ SANDBOX_TRUSTED_CA: paths.caPath }))
  port = await listen(server)
}, 30_000)

afterAll(async () => {
  await close(server)
  rmSync(dir, { recursive: true, force: true })
})

async function signed(
  method: string,
  path: string,
  requestId: string,
  body?: string,
  signedHeaders?: readonly string[],
) {
  const headers = {
    'X-Request-ID': requestId,
    ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
  }
  const signer = createNodeRequestSigner({ ...identity, ...(signedHeaders ? { signedHeaders } : {}) })
  const made = await signer.sign({
    method,
    url: path,
    headers,
    ...(body === undefined ? {} : { body }),
  })
  return made.headers
}

describe('a signed request replayed at a verifying sandbox', () => {
  it('is refused with 401 naming X-Request-ID, whatever method and path it is sent with', async () => {
    const body = platformExamples.cardAccountCreate
    const created = await send(port, ACCOUNTS, {
      method: 'POST',
      headers: await signed('POST', ACCOUNTS, crypto.randomUUID(), body),
      body,
    })
    expect(created.status).toBe(201)
    const { resourceId } = json(created) as { resourceId: string }

    const read = await signed('GET', ACCOUNTS, crypto.randomUUID())
    expect((await send(port, ACCOUNTS, { headers: read })).status).toBe(200)

    const deleted = await send(port, `${ACCOUNTS}/${resourceId}`, { method: 'DELETE', headers: read })
    expect(deleted.status).toBe(401)
    expect(json(deleted)).toMatchObject({
      tppMessages: [
        { code: 'SIGNATURE_INVALID', path: 'X-Request-ID', text: expect.stringContaining('already used') },
      ],
    })
    expect((await send(port, ACCOUNTS, { headers: read })).status).toBe(401)
    const still = await send(port, `${ACCOUNTS}/${resourceId}`, {
      headers: await signed('GET', `${ACCOUNTS}/${resourceId}`, crypto.randomUUID()),
    })
    expect(still.status).toBe(200)
  })

  it('is refused when signed anew with the same X-Request-ID in another case', async () => {
    const id = crypto.randomUUID()
    expect((await send(port, ACCOUNTS, { headers: await signed('GET', ACCOUNTS, id) })).status).toBe(200)
    const again = await send(port, ACCOUNTS, { headers: await signed('GET', ACCOUNTS, id.toUpperCase()) })
    expect(again.status).toBe(401)
    expect(json(again)).toMatchObject({ tppMessages: [{ path: 'X-Request-ID' }] })
  })
})

describe('a signed request whose (request-target) is signed (SIGN_REQUEST_TARGET=1)', () => {
  async function account() {
    const body = platformExamples.cardAccountCreate
    const created = await send(port, ACCOUNTS, {
      method: 'POST',
      headers: await signed('POST', ACCOUNTS, crypto.randomUUID(), body),
      body,
    })
    return `${ACCOUNTS}/${(json(created) as { resourceId: string }).resourceId}`
  }

  // Each read is captured before it is sent (from a trace or a HAR), so its X-Request-ID is fresh at the
  // sandbox: only (request-target) can refuse the replay.
  it('is refused with 401 naming Signature when sent as a DELETE of another path', async () => {
    const path = await account()
    const read = await signed('GET', ACCOUNTS, crypto.randomUUID(), undefined, REQUEST_TARGET_SIGNED_HEADERS)
    expect(read.Signature).toContain('headers="(request-target) date digest x-request-id"')

    const deleted = await send(port, path, { method: 'DELETE', headers: read })
    expect(deleted.status).toBe(401)
    expect(json(deleted)).toMatchObject({
      tppMessages: [
        {
          code: 'SIGNATURE_INVALID',
          path: 'Signature',
          text: expect.stringContaining(`(request-target), here "delete ${path}"`),
        },
      ],
    })
    expect((await send(port, path, { headers: await signed('GET', path, crypto.randomUUID()) })).status).toBe(
      200,
    )
    expect((await send(port, ACCOUNTS, { headers: read })).status).toBe(200)
  })

  it('is what stops it: without (request-target) the same fresh replay deletes', async () => {
    const path = await account()
    const read = await signed('GET', ACCOUNTS, crypto.randomUUID())
    expect((await send(port, path, { method: 'DELETE', headers: read })).status).toBe(204)
  })
})
