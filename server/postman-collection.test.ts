// The exported Postman collection, run by newman against `npm run sandbox`'s code on a free loopback port:
// its pre-request script signs every request with the key given to it, and the sandbox verifies them.

import type { Server } from 'node:http'
import { createRequire } from 'node:module'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RequestLogEntry } from '../src/api'
import { createdAccountEntry, withoutBody } from '../src/features/share/fixtures'
import { identityOf, toPostmanCollection } from '../src/features/share/postman'
import { formatKeyId, parseCertificate } from '../src/signing'
import { generateDevIdentity } from '../src/signing/dev-identity'
import { OFFLINE_TEST_IDENTITY } from '../src/signing/offline-test-identity'
import { readPemBlocks } from '../src/signing/pem'
import { createSandboxService } from './sandbox-service'
import { readStandaloneSettings } from './standalone-sandbox'
import { close, listen } from './test-support/http'

interface NewmanSummary {
  run: {
    executions: { response?: { code: number; text(): string } }[]
    failures: { error: { message: string } }[]
  }
}
type NewmanRun = (
  options: { collection: unknown; envVar: { key: string; value: string }[]; reporters: string[] },
  done: (error: Error | null, summary: NewmanSummary) => void,
) => void
const newman = createRequire(import.meta.url)('newman') as { run: NewmanRun }

let server: Server
let baseUrl: string

beforeAll(async () => {
  server = createSandboxService(await readStandaloneSettings({}))
  baseUrl = `http://127.0.0.1:${await listen(server)}`
})

afterAll(() => close(server))

async function loggedSession(): Promise<RequestLogEntry[]> {
  const [block] = readPemBlocks(OFFLINE_TEST_IDENTITY.certificatePem)
  const certificate = await parseCertificate(block?.der ?? new Uint8Array())
  const created = createdAccountEntry()
  const signing = { signingString: '', keyId: formatKeyId(certificate) }
  const headers = created.requestHeaders.map(([name, value]): [string, string] =>
    name === 'TPP-Signature-Certificate' ? [name, certificate.base64Der] : [name, value],
  )
  // Newest first, as the inspector keeps them.
  return [
    withoutBody({
      ...created,
      id: 2,
      method: 'GET',
      url: '/api/v1/sandbox/card-accounts',
      requestHeaders: headers.filter(([n]) => n !== 'Content-Type' && n !== 'PSU-ID'),
      signing,
    }),
    { ...created, requestHeaders: headers, signing },
  ]
}

function runCollection(entries: RequestLogEntry[], privateKeyPem: string): Promise<NewmanSummary> {
  const collection = toPostmanCollection(entries, { baseUrl, identity: identityOf(entries) })
  return new Promise((resolve, reject) =>
    newman.run(
      { collection, envVar: [{ key: 'privateKeyPem', value: privateKeyPem }], reporters: [] },
      (error, summary) => (error ? reject(error) : resolve(summary)),
    ),
  )
}

describe('the exported Postman collection run by newman', () => {
  it('signs every request so that the sandbox answers 2xx', async () => {
    const summary = await runCollection(await loggedSession(), OFFLINE_TEST_IDENTITY.privateKeyPem)
    expect(summary.run.failures.map((f) => f.error.message)).toEqual([])
    expect(summary.run.executions.map((e) => e.response?.code)).toEqual([201, 200])
    expect(JSON.parse(summary.run.executions[1]?.response?.text() ?? '{}').cardAccounts).toHaveLength(1)
  })

  it('with another key than the certificate names, every request is refused with 401', async () => {
    const other = await generateDevIdentity({ commonName: 'Not the certificate', organization: 'Elsewhere' })
    const summary = await runCollection(await loggedSession(), other.privateKeyPem)
    expect(summary.run.executions.map((e) => e.response?.code)).toEqual([401, 401])
    expect(summary.run.executions[0]?.response?.text()).toContain('SIGNATURE_INVALID')
  })
})
