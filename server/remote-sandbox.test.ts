// `npm start` pointed at a real sandbox: SANDBOX_BASE_URL (HTTPS), TPP_CERT and an encrypted TPP_KEY with its
// passphrase. The stand-in sandbox is the local upstream behind TLS, trusting only the CA of that TPP
// certificate, so an answer it gives proves the request arrived signed with that identity.
import { createPrivateKey } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseCertificate } from '../src/signing'
import { generateDevIdentity } from '../src/signing/dev-identity'
import { type LocalUpstream, startLocalUpstream } from './local-upstream'
import { type ConsoleServer, startConsoleServer } from './test-support/console-process'
import { close } from './test-support/http'
import { type TlsFront, tlsFront } from './test-support/tls-front'

const PASSPHRASE = 'correct horse battery staple'
const ACCOUNTS = '/api/v1/sandbox/card-accounts'

let dir: string
let sandbox: LocalUpstream
let front: TlsFront
let settings: Record<string, string>
let caDn: string
const apps: ConsoleServer[] = []

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'remote-sandbox-'))
  const tpp = await generateDevIdentity({ commonName: 'Remote Test TPP', organization: 'Remote Test Bank' })
  const ca = await parseCertificate(tpp.caCertificatePem)
  caDn = ca.subjectDn
  sandbox = await startLocalUpstream({ trustedCa: ca, maxBodyBytes: 1024 * 1024 })
  front = await tlsFront((sandbox.server.address() as AddressInfo).port)
  const encryptedKey = createPrivateKey(tpp.privateKeyPem).export({
    type: 'pkcs8',
    format: 'pem',
    cipher: 'aes-256-cbc',
    passphrase: PASSPHRASE,
  })
  writeFileSync(join(dir, 'tpp-cert.pem'), tpp.certificatePem)
  writeFileSync(join(dir, 'tpp-key.pem'), encryptedKey, { mode: 0o600 })
  writeFileSync(join(dir, 'sandbox-tls.pem'), front.certificatePem)
  settings = {
    SANDBOX_BASE_URL: front.url,
    TPP_CERT: join(dir, 'tpp-cert.pem'),
    TPP_KEY: join(dir, 'tpp-key.pem'),
    TPP_KEY_PASSPHRASE: PASSPHRASE,
  }
}, 30_000)

afterAll(async () => {
  await Promise.all(apps.map((app) => app.stop()))
  await front.close()
  await close(sandbox.server)
  rmSync(dir, { recursive: true, force: true })
})

async function startConsole(extra: Record<string, string> = {}): Promise<ConsoleServer> {
  const app = await startConsoleServer({ ...settings, ...extra })
  apps.push(app)
  return app
}

describe('npm start with SANDBOX_BASE_URL, TPP_CERT and an encrypted TPP_KEY', () => {
  it('signs with that identity over HTTPS to that sandbox, whose TLS certificate it trusts', async () => {
    const app = await startConsole({ NODE_EXTRA_CA_CERTS: join(dir, 'sandbox-tls.pem') })
    expect(app.output()).toContain(`/api -> signing proxy -> ${front.url}/ (SANDBOX_BASE_URL)`)
    expect(app.output()).toContain('signing as CN=Remote Test TPP,O=Remote Test Bank')

    const created = await fetch(`${app.url}${ACCOUNTS}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ maskedPan: '525412******3241', currency: 'NOK', customerNumber: '13039319955' }),
    })
    expect(created.status).toBe(201)
    expect(created.headers.get('x-sandbox-verification')).toMatch(
      new RegExp(`^verified keyId=SN=[0-9A-F]+,CA=${caDn.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
    )
    const { resourceId } = (await created.json()) as { resourceId: string }

    const listed = await fetch(`${app.url}${ACCOUNTS}`)
    expect(listed.status).toBe(200)
    expect(await listed.json()).toMatchObject({
      cardAccounts: [{ resourceId, maskedPan: '525412******3241' }],
    })
  }, 30_000)

  it('reads the passphrase from TPP_KEY_PASSPHRASE_FILE instead, and signs the same', async () => {
    const passphraseFile = join(dir, 'passphrase')
    writeFileSync(passphraseFile, `${PASSPHRASE}\n`, { mode: 0o600 })
    const app = await startConsole({
      NODE_EXTRA_CA_CERTS: join(dir, 'sandbox-tls.pem'),
      TPP_KEY_PASSPHRASE: '',
      TPP_KEY_PASSPHRASE_FILE: passphraseFile,
    })
    expect(app.output()).toContain('signing as CN=Remote Test TPP,O=Remote Test Bank')
    const listed = await fetch(`${app.url}${ACCOUNTS}`)
    expect(listed.status).toBe(200)
    expect(listed.headers.get('x-sandbox-verification')).toMatch(/^verified keyId=SN=[0-9A-F]+,CA=/)
  }, 30_000)

  it('refuses an upstream whose TLS certificate it does not trust: 502 naming the TLS error', async () => {
    const app = await startConsole()
    const answer = await fetch(`${app.url}${ACCOUNTS}`)
    expect(answer.status).toBe(502)
    const body = (await answer.json()) as { tppMessages: { code: string; text: string }[] }
    expect(body.tppMessages).toEqual([
      expect.objectContaining({
        code: 'UPSTREAM_UNREACHABLE',
        text: `The upstream ${front.url} could not be reached: the upstream's TLS certificate is not trusted: if a private CA issued it, give that CA to Node with NODE_EXTRA_CA_CERTS=/path/to/ca.pem (DEPTH_ZERO_SELF_SIGNED_CERT)`,
      }),
    ])
  }, 30_000)
})
