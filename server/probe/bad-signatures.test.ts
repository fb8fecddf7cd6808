// What a sandbox served from a profile answers the probe's bad signatures, and a reused X-Request-ID:
// the contract's rules (Date optional, keyId lenient, no replay) and a strict bank's (or a lax one's).
import type { Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type BankTraits, personalityProfiles } from '../../src/contract/bank-profile'
import { personalityOf } from '../../src/sandbox-http/personality'
import { parseCertificate } from '../../src/signing'
import { generateDevIdentity } from '../../src/signing/dev-identity'
import { createNodeRequestSigner } from '../../src/signing/node/node-signing-crypto'
import { importPrivateKeyPem } from '../../src/signing/private-key'
import type { RequestSigner } from '../../src/signing/signer'
import { createSandboxService } from '../sandbox-service'
import { close, listen } from '../test-support/http'
import { type BadSigners, badSignersOf } from './bad-signatures'

let signer: RequestSigner
let bad: BadSigners
const servers: Server[] = []

beforeAll(async () => {
  const made = await generateDevIdentity({ commonName: 'Strict TPP', organization: 'Strict Bank' })
  const identity = {
    privateKey: await importPrivateKeyPem(made.privateKeyPem),
    certificate: await parseCertificate(made.certificatePem),
  }
  signer = createNodeRequestSigner(identity)
  bad = badSignersOf(identity)
}, 30_000)

afterAll(() => Promise.all(servers.map(close)))

/** `npm run sandbox`'s service, signatures checked, serving the contract's profile changed by `traits`. */
async function sandboxWith(traits: Partial<BankTraits>) {
  const server = createSandboxService({
    personality: personalityOf('test', 'test', { ...personalityProfiles.console, ...traits }),
    signatures: { kind: 'verify' },
    maxBodyBytes: 1024 * 1024,
  })
  servers.push(server)
  const origin = `http://127.0.0.1:${await listen(server)}`
  const path = '/v1/sandbox/card-accounts/no-such-account'
  return async (by: RequestSigner | undefined, requestId = crypto.randomUUID()) => {
    const signed = await (by as RequestSigner).sign({
      method: 'GET',
      url: path,
      headers: { 'X-Request-ID': requestId },
    })
    const answer = await fetch(`${origin}${path}`, { headers: signed.headers })
    return { status: answer.status, body: await answer.text(), sent: signed.headers }
  }
}

describe('a signature without Date', () => {
  it('is sent without one, and verified where Date is optional', async () => {
    const read = await sandboxWith({ dateHeader: 'optional' })
    const { status, sent } = await read(bad.withoutDate)
    expect(Object.keys(sent)).not.toContain('Date')
    expect(status).toBe(404)
  })
  it('is refused, naming Date, where Date is required', async () => {
    const read = await sandboxWith({ dateHeader: 'required' })
    const { status, body } = await read(bad.withoutDate)
    expect(status).toBe(401)
    expect(JSON.parse(body).tppMessages[0]).toMatchObject({ code: 'SIGNATURE_INVALID', path: 'Date' })
    expect((await read(signer)).status).toBe(404)
  })
})

describe("a keyId listing the issuer's RDNs in reverse order", () => {
  it('is taken by a lenient sandbox', async () => {
    const read = await sandboxWith({ keyId: 'lenient' })
    expect((await read(bad.reversedIssuer)).status).toBe(404)
  })
  it('is refused by a strict one, saying what it compares', async () => {
    const read = await sandboxWith({ keyId: 'strict' })
    const { status, body } = await read(bad.reversedIssuer)
    expect(status).toBe(401)
    expect(JSON.parse(body).tppMessages[0].text).toMatch(/in the certificate's order/)
    expect((await read(signer)).status).toBe(404)
  })
})

describe('a reused X-Request-ID', () => {
  it('is refused where reuse is refused, and answered again where it is accepted', async () => {
    const refusing = await sandboxWith({ reusedRequestId: 'refused' })
    const accepting = await sandboxWith({ reusedRequestId: 'accepted' })
    const id = crypto.randomUUID()
    expect((await refusing(signer, id)).status).toBe(404)
    expect((await refusing(signer, id)).status).toBe(401)
    expect((await accepting(signer, id)).status).toBe(404)
    expect((await accepting(signer, id)).status).toBe(404)
  })
})
