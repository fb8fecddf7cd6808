import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { generateDevIdentity } from '../../src/signing/dev-identity'
import { createNodeRequestSigner } from '../../src/signing/node/node-signing-crypto'
import { loadIdentity } from '../identity'
import { badSignersOf } from '../probe/bad-signatures'

/**
 * A probe's TPP identity for a test: a fresh certificate and key written to `dir` and loaded as the proxy
 * loads TPP_CERT and TPP_KEY, with the signer and the opt-in's bad signers made from it.
 */
export async function probeIdentityIn(dir: string) {
  const made = await generateDevIdentity({ commonName: 'Probe TPP', organization: 'Probe Bank' })
  const certPath = join(dir, 'cert.pem')
  const keyPath = join(dir, 'key.pem')
  writeFileSync(certPath, made.certificatePem)
  writeFileSync(keyPath, made.privateKeyPem, { mode: 0o600 })
  const identity = await loadIdentity({ certPath, keyPath })
  return { signer: createNodeRequestSigner(identity), badSigners: badSignersOf(identity) }
}
