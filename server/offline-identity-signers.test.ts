// Every signer the console ships, signing with the offline TEST identity, whose issuer holds L=Tromsø: the
// keyId must travel RFC 2047-encoded (spec §5.3), which `npm run sandbox` now insists on, so each one's
// request must still be answered 2xx there. The Postman script's run is server/postman-collection.test.ts.
import { execFile } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import type { Server } from 'node:http'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SIGN_BUNDLE } from '../scripts/build-server'
import { createRequestSigner, parseCertificate } from '../src/signing'
import { createNodeRequestSigner } from '../src/signing/node/node-signing-crypto'
import { OFFLINE_TEST_IDENTITY } from '../src/signing/offline-test-identity'
import { importPrivateKeyPem } from '../src/signing/private-key'
import { loadIdentity } from './identity'
import { createSandboxService } from './sandbox-service'
import { readStandaloneSettings } from './standalone-sandbox'
import { close, listen, send } from './test-support/http'
import { runNodeScript } from './test-support/node-script'
import { tempFolder } from './test-support/temp-folder'

const ACCOUNTS = '/v1/sandbox/card-accounts'
const BODY = JSON.stringify({ maskedPan: '525412******3241', currency: 'NOK', customerNumber: '13039319955' })
/** The offline TEST identity as the files TPP_CERT and TPP_KEY name. */
const folder = tempFolder('offline-identity-')
const identity = { certPath: join(folder, 'cert.pem'), keyPath: join(folder, 'key.pem') }
writeFileSync(identity.certPath, OFFLINE_TEST_IDENTITY.certificatePem)
writeFileSync(identity.keyPath, OFFLINE_TEST_IDENTITY.privateKeyPem)
let server: Server
let port: number

beforeAll(async () => {
  server = createSandboxService(await readStandaloneSettings({}))
  port = await listen(server)
})
afterAll(() => close(server))

const request = () => ({
  method: 'POST',
  url: ACCOUNTS,
  headers: { 'X-Request-ID': crypto.randomUUID(), 'Content-Type': 'application/json' },
  body: BODY,
})

function expectEncodedKeyId(signature: string | undefined) {
  expect(signature).toMatch(/^keyId="=\?utf-8\?B\?[A-Za-z0-9+/=]+\?="/)
}

describe('with the offline test identity (issuer L=Tromsø), npm run sandbox answers', () => {
  it("the browser's offline signer (WebCrypto)", async () => {
    const signer = createRequestSigner({
      privateKey: await importPrivateKeyPem(OFFLINE_TEST_IDENTITY.privateKeyPem),
      certificate: await parseCertificate(OFFLINE_TEST_IDENTITY.certificatePem),
    })
    const { headers } = await signer.sign(request())
    expectEncodedKeyId(headers.Signature)
    expect((await send(port, ACCOUNTS, { method: 'POST', headers, body: BODY })).status).toBe(201)
  })

  it("the proxy's signer (node:crypto, as server/main.ts builds it)", async () => {
    const loaded = await loadIdentity(identity)
    const { headers } = await createNodeRequestSigner(loaded).sign(request())
    expectEncodedKeyId(headers.Signature)
    expect((await send(port, ACCOUNTS, { method: 'POST', headers, body: BODY })).status).toBe(201)
  })

  it('npm run sign, its printed curl run by curl', async () => {
    const env = { ...process.env, TPP_CERT: identity.certPath, TPP_KEY: identity.keyPath }
    const run = promisify(execFile)
    const url = `http://127.0.0.1:${port}${ACCOUNTS}`
    const { stdout } = await runNodeScript(SIGN_BUNDLE, ['POST', url, BODY], env)
    const curl = stdout.split('\n').find((line) => line.startsWith('curl ')) ?? ''
    expect(curl).toContain('keyId="=?utf-8?B?')
    const answered = await run('bash', ['-c', `${curl} -s -o /dev/null -w '%{http_code}'`])
    expect(answered.stdout).toBe('201')
  }, 60_000)
})
