// `npm run sandbox` as a stand-in for the bank: it checks signatures like the local upstream behind
// `npm start`, over real sockets, and the signed request it prints at start works as printed.
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import type { Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateDevIdentity } from '../src/signing/dev-identity'
import { createNodeRequestSigner } from '../src/signing/node/node-signing-crypto'
import { platformExamples } from '../src/test/platform/examples'
import { REQUEST_ID } from '../src/test/sandbox-calls'
import { loadIdentity, type SigningIdentity } from './identity'
import { createSandboxService } from './sandbox-service'
import { readStandaloneSettings, standaloneBanner } from './standalone-sandbox'
import { type Answer, close, json, listen, send } from './test-support/http'

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url))
const ACCOUNTS = '/v1/sandbox/card-accounts'

let dir: string
/** Two TPPs, each with its own CA. */
let ours: { identity: SigningIdentity; caPath: string; certPath: string; keyPath: string }
let theirs: { identity: SigningIdentity; caPath: string }
const servers: Server[] = []

async function tpp(name: string, bank = `${name} Bank`) {
  const made = await generateDevIdentity({ commonName: `${name} TPP`, organization: bank })
  const paths = {
    caPath: join(dir, `${name}-ca.pem`),
    certPath: join(dir, `${name}-cert.pem`),
    keyPath: join(dir, `${name}-key.pem`),
  }
  writeFileSync(paths.caPath, made.caCertificatePem)
  writeFileSync(paths.certPath, made.certificatePem)
  writeFileSync(paths.keyPath, made.privateKeyPem, { mode: 0o600 })
  return { identity: await loadIdentity(paths), ...paths }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'standalone-sandbox-'))
  ours = await tpp('ours')
  theirs = await tpp('theirs')
}, 30_000)

afterAll(async () => {
  await Promise.all(servers.map(close))
  rmSync(dir, { recursive: true, force: true })
})

/** `npm run sandbox` with these settings, on a free port. */
async function startSandbox(env: Record<string, string> = {}) {
  const settings = await readStandaloneSettings(env)
  const server = createSandboxService(settings)
  servers.push(server)
  const port = await listen(server)
  return { port, banner: standaloneBanner(settings, `http://127.0.0.1:${port}`) }
}

async function signedSend(
  port: number,
  identity: SigningIdentity,
  method: string,
  path: string,
  body?: string,
) {
  const headers = {
    'X-Request-ID': crypto.randomUUID(),
    ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
  }
  const signed = await createNodeRequestSigner(identity).sign({
    method,
    url: path,
    headers,
    ...(body === undefined ? {} : { body }),
  })
  return send(port, path, { method, headers: signed.headers, ...(body === undefined ? {} : { body }) })
}

function expect401(answer: Answer, code: string, path: string) {
  expect(answer.status).toBe(401)
  expect(json(answer)).toEqual({ tppMessages: [expect.objectContaining({ category: 'ERROR', code, path })] })
}

describe('npm run sandbox checks signatures by default', () => {
  it('answers an unsigned request 401 SIGNATURE_MISSING, as the local upstream does', async () => {
    const { port } = await startSandbox()
    expect401(
      await send(port, ACCOUNTS, { headers: { 'X-Request-ID': REQUEST_ID } }),
      'SIGNATURE_MISSING',
      'Signature',
    )
  })

  it('answers a garbage signature 401 SIGNATURE_INVALID', async () => {
    const { port } = await startSandbox()
    const signed = await createNodeRequestSigner(ours.identity).sign({
      method: 'GET',
      url: ACCOUNTS,
      headers: { 'X-Request-ID': REQUEST_ID },
    })
    const headers = {
      ...signed.headers,
      Signature: 'keyId="x",algorithm="rsa-sha256",headers="date",signature="AAAA"',
    }
    expect401(await send(port, ACCOUNTS, { headers }), 'SIGNATURE_INVALID', 'Signature')
    // The signature's first character changed: always to "A" left it as it was when it began with one.
    const flipped = {
      ...signed.headers,
      Signature: (signed.headers.Signature ?? '').replace(
        /signature="(.)/,
        (_, first: string) => `signature="${first === 'A' ? 'B' : 'A'}`,
      ),
    }
    expect401(await send(port, ACCOUNTS, { headers: flipped }), 'SIGNATURE_INVALID', 'Signature')
  })

  it('answers a body that does not match its Digest 401 SIGNATURE_INVALID naming Digest', async () => {
    const { port } = await startSandbox()
    const signed = await createNodeRequestSigner(ours.identity).sign({
      method: 'POST',
      url: ACCOUNTS,
      headers: { 'X-Request-ID': REQUEST_ID, 'Content-Type': 'application/json' },
      body: platformExamples.cardAccountCreate,
    })
    const other = platformExamples.cardAccountCreate.replace('"Test"', '"Tset"')
    expect401(
      await send(port, ACCOUNTS, { method: 'POST', headers: signed.headers, body: other }),
      'SIGNATURE_INVALID',
      'Digest',
    )
  })

  it('trusts any well-formed certificate whose key verifies and whose keyId matches', async () => {
    const { port } = await startSandbox()
    for (const { identity } of [ours, theirs]) {
      const answer = await signedSend(port, identity, 'GET', ACCOUNTS)
      expect(answer.status).toBe(200)
      expect(answer.headers['x-sandbox-verification']).toBe(
        `verified keyId=SN=${identity.certificate.serialHex},CA=${identity.certificate.issuerDn}`,
      )
    }
  })

  it('with SANDBOX_TRUSTED_CA, refuses a certificate another CA issued: 401 CERTIFICATE_INVALID', async () => {
    const { port, banner } = await startSandbox({ SANDBOX_TRUSTED_CA: ours.caPath })
    expect(banner.join('\n')).toContain(`only certificates issued by ${ours.identity.certificate.issuerDn}`)
    expect((await signedSend(port, ours.identity, 'GET', ACCOUNTS)).status).toBe(200)
    const refused = await signedSend(port, theirs.identity, 'GET', ACCOUNTS)
    expect401(refused, 'CERTIFICATE_INVALID', 'TPP-Signature-Certificate')
    expect(json(refused)).toMatchObject({
      tppMessages: [
        {
          text: `TPP-Signature-Certificate is not issued by the CA this sandbox trusts (${ours.identity.certificate.issuerDn})`,
        },
      ],
    })
  })

  it("with SANDBOX_TRUSTED_CA, refuses a certificate under the CA's name that its key did not sign", async () => {
    const impostor = await tpp('impostor', 'ours Bank')
    expect(impostor.identity.certificate.issuerDn).toBe(ours.identity.certificate.issuerDn)
    const { port } = await startSandbox({ SANDBOX_TRUSTED_CA: ours.caPath })
    const refused = await signedSend(port, impostor.identity, 'GET', ACCOUNTS)
    expect401(refused, 'CERTIFICATE_INVALID', 'TPP-Signature-Certificate')
  }, 30_000)

  it('with SANDBOX_SIGNATURES=off, answers an unsigned request and says so at start', async () => {
    const { port, banner } = await startSandbox({ SANDBOX_SIGNATURES: 'off' })
    expect(banner.join('\n')).toContain('signatures: NOT checked (SANDBOX_SIGNATURES=off)')
    const answer = await send(port, ACCOUNTS, { headers: { 'X-Request-ID': REQUEST_ID } })
    expect(answer.status).toBe(200)
    expect(json(answer)).toEqual({ cardAccounts: [] })
  })

  it('answers 507 past SANDBOX_MAX_TRANSACTIONS_PER_ACCOUNT and keeps what it stored', async () => {
    const { port } = await startSandbox({
      SANDBOX_SIGNATURES: 'off',
      SANDBOX_MAX_TRANSACTIONS_PER_ACCOUNT: '2',
    })
    const post = (path: string, body: unknown) =>
      send(port, path, {
        method: 'POST',
        headers: { 'X-Request-ID': crypto.randomUUID(), 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      })
    const created = await post(ACCOUNTS, JSON.parse(platformExamples.cardAccountCreate))
    const { resourceId } = json(created) as { resourceId: string }
    const transactions = `${ACCOUNTS}/${encodeURIComponent(resourceId)}/transactions`
    const tx = (id: string) => ({
      cardTransactionId: id,
      transactionDate: '2026-01-02',
      bookingDate: '2026-01-02',
      transactionAmount: { currency: 'NOK', amount: '-1.00' },
      originalAmount: { currency: 'NOK', amount: '-1.00' },
      merchantCategoryCode: '5411',
    })
    expect((await post(transactions, [tx('a')])).status).toBe(201)
    const refused = await post(transactions, [tx('b'), tx('c')])
    expect(refused.status).toBe(507)
    expect(json(refused)).toEqual({
      tppMessages: [
        {
          category: 'ERROR',
          code: 'STORE_FULL',
          text:
            'Nothing was stored: the cap of 2 transactions per card account: this card account holds 1, ' +
            'and 2 more would pass it',
        },
      ],
    })
    const read = await send(port, `${transactions}?bookingStatus=both`, {
      headers: { 'X-Request-ID': crypto.randomUUID() },
    })
    expect(json(read)).toMatchObject({
      cardTransactions: { booked: [{ cardTransactionId: 'a' }], pending: [] },
    })
  })

  it.each([
    [{ SANDBOX_SIGNATURES: 'of' }, 'SANDBOX_SIGNATURES must be "off" (or "on", the default), not "of"'],
    [
      { SANDBOX_TRUSTED_CA: '/nonexistent/ca.pem' },
      'SANDBOX_TRUSTED_CA: cannot read /nonexistent/ca.pem (ENOENT)',
    ],
    [
      { SANDBOX_PERSONALITY: 'bank' },
      'SANDBOX_PERSONALITY must be one of console, platform, booked-only, number-amounts, pending-strings, extra-fields, absolute-links, small-pages, not "bank"',
    ],
  ])('refuses to start on %o, never silently unchecked', async (env, message) => {
    await expect(readStandaloneSettings(env)).rejects.toThrow(message)
  })
})

/** The words of a command line as the signer prints it: single-quoted words, `'\''` for a quote. */
function shellWords(line: string): string[] {
  return [...line.matchAll(/(?:'((?:[^']|'\\'')*)'|(\S+))/g)].map(([, quoted, bare]) =>
    quoted === undefined ? (bare ?? '') : quoted.replaceAll(`'\\''`, "'"),
  )
}

/**
 * Runs the banner's `npm run sign -- ...` as printed (signing as `ours`), with `flag` first if given, and
 * sends what its curl would; `sent` is the headers it sent.
 */
async function runPrintedSignCommand(banner: string[], port: number, flag?: string) {
  const printed = banner
    .find((line) => line.includes('npm run sign -- '))
    ?.trim()
    .replace(/^a signed request: /, '')
  expect(printed).toMatch(/^npm run sign -- /)
  const command =
    flag === undefined ? printed : printed?.replace('npm run sign -- ', `npm run sign -- ${flag} `)
  const { stdout } = await promisify(execFile)('sh', ['-c', command ?? ''], {
    cwd: REPO_ROOT,
    env: { ...process.env, TPP_CERT: ours.certPath, TPP_KEY: ours.keyPath },
  })
  const curl = stdout.split('\n').find((line) => line.startsWith('curl '))
  const words = shellWords(curl ?? '')
  const url = new URL(words[3] ?? '')
  expect(url.port).toBe(String(port))
  const headers: Record<string, string> = {}
  let body: Buffer | undefined
  for (let i = 4; i < words.length; i += 2) {
    const value = words[i + 1] ?? ''
    if (words[i] === '-H') headers[value.slice(0, value.indexOf(':'))] = value.slice(value.indexOf(':') + 2)
    if (words[i] === '--data-binary')
      body = Buffer.from(value.startsWith('@') ? platformExamplesFile(value.slice(1)) : value)
  }
  const answer = await send(port, `${url.pathname}${url.search}`, {
    method: words[2] ?? 'GET',
    headers,
    ...(body === undefined ? {} : { body }),
  })
  return Object.assign(answer, { sent: headers })
}

function platformExamplesFile(path: string): string {
  expect(path).toBe('src/test/platform/card-account-create.json')
  return platformExamples.cardAccountCreate
}

describe('the signed request npm run sandbox prints at start', () => {
  it('works as printed: its curl, sent, is answered 200', async () => {
    const { port, banner } = await startSandbox()
    const answer = await runPrintedSignCommand(banner, port)
    expect(answer.status).toBe(200)
    expect(answer.headers['x-sandbox-verification']).toMatch(/^verified keyId=/)
  }, 30_000)

  it('works with --request-target, which signs the method and path', async () => {
    const { port, banner } = await startSandbox()
    const answer = await runPrintedSignCommand(banner, port, '--request-target')
    expect(answer.status).toBe(200)
    expect(answer.sent.Signature).toContain('headers="(request-target) date digest x-request-id"')
  }, 30_000)

  it('works in the platform personality too: the example account, posted as written, is created', async () => {
    const { port, banner } = await startSandbox({ SANDBOX_PERSONALITY: 'platform' })
    expect(banner[0]).toContain(`http://127.0.0.1:${port}/api-sandbox (personality platform:`)
    const answer = await runPrintedSignCommand(banner, port)
    expect(answer.status).toBe(201)
    expect(answer.text).toContain('"creditLimit":{"currency":"NOK","amount":"1000"}')
    // A sandbox shaped like the bank sends none of the console's own headers.
    expect(answer.headers['x-sandbox-verification']).toBeUndefined()
  }, 30_000)
})

describe("the platform's example bodies over npm run sandbox", () => {
  it('are accepted exactly as written, signed, and read back', async () => {
    const { port } = await startSandbox()
    const created = await signedSend(
      port,
      ours.identity,
      'POST',
      ACCOUNTS,
      platformExamples.cardAccountCreate,
    )
    expect(created.status).toBe(201)
    const { resourceId } = json(created) as { resourceId: string }
    const path = `${ACCOUNTS}/${resourceId}/transactions`
    const added = await signedSend(port, ours.identity, 'POST', path, platformExamples.cardTransactionsCreate)
    expect(added.status).toBe(201)
    const listed = await signedSend(port, ours.identity, 'GET', `${path}?bookingStatus=booked`)
    expect(listed.status).toBe(200)
    const booked = (
      json(listed) as { cardTransactions: { booked: { cardTransactionId: string; invoiced: string }[] } }
    ).cardTransactions.booked
    expect(booked.map(({ cardTransactionId, invoiced }) => [cardTransactionId, invoiced])).toEqual([
      ['test-2', ''],
      ['test-1', 'true'],
    ])
  }, 30_000)
})
