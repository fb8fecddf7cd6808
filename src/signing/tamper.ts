import { bytesToBase64 } from './base64'
import type { HeaderRecord } from './headers'
import { OFFLINE_TEST_IDENTITY } from './offline-test-identity'
import { readPemBlocks } from './pem'
import type { TamperScenario } from './tamper-scenarios'

const STALE_BY_MS = 10 * 60 * 1000

// A real certificate, but not the one that signed: the keyId no longer matches it.
const otherCertificate = () =>
  bytesToBase64(readPemBlocks(OFFLINE_TEST_IDENTITY.caCertificatePem)[0]?.der ?? new Uint8Array())

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
    case 'stale-date': {
      const key = name('date')
      next[key] = new Date(Date.parse(next[key] ?? '') - STALE_BY_MS).toUTCString()
      break
    }
    case 'wrong-certificate':
      next[name('tpp-signature-certificate')] = otherCertificate()
      break
  }
  return next
}
