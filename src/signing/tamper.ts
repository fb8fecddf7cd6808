import { bytesToBase64 } from './base64'
import type { HeaderRecord } from './headers'
import { OFFLINE_TEST_IDENTITY } from './offline-test-identity'
import { readPemBlocks } from './pem'
import type { SignOptions } from './signer'
import type { TamperScenario } from './tamper-scenarios'

const STALE_BY_MS = 10 * 60 * 1000

// A real certificate, but not the one that signed: the keyId no longer matches it.
const otherCertificate = () =>
  bytesToBase64(readPemBlocks(OFFLINE_TEST_IDENTITY.caCertificatePem)[0]?.der ?? new Uint8Array())

/**
 * How to sign for the console's X-Console-Tamper value: "Stale Date" is a request signed ten minutes ago,
 * whole and verifiable but for its age, so the refusal a tester sees is the Date's alone and the signing
 * string the inspector shows is the one sent. The other switches spoil a request after it is signed.
 */
/** Used by the one builder of upstream requests (src/signing/upstream-request.ts). */
export function signingOptionsFor(tamper: string | null | undefined): SignOptions {
  return tamper === 'stale-date' ? { ageMs: STALE_BY_MS } : {}
}

/** Applied after signing, by the proxy and by its offline stand-in (src/signing/upstream-request.ts). */
export function tamperSignedHeaders(headers: HeaderRecord, scenario: TamperScenario): HeaderRecord {
  const name = (wanted: string) => Object.keys(headers).find((key) => key.toLowerCase() === wanted) ?? wanted
  const next = { ...headers }
  switch (scenario) {
    case 'bad-signature': {
      const key = name('signature')
      next[key] = (next[key] ?? '').replace(
        /signature="(.)/,
        (_, first: string) => `signature="${first === 'A' ? 'B' : 'A'}`,
      )
      break
    }
    case 'missing-digest':
      delete next[name('digest')]
      break
    case 'wrong-certificate':
      next[name('tpp-signature-certificate')] = otherCertificate()
      break
    case 'stale-date':
      // Signed stale rather than spoiled: signingOptionsFor.
      break
  }
  return next
}
