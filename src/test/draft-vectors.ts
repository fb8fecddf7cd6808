// The draft's Appendix C test vectors, a copy of those shared with the other teams (/work/shared/test-vectors).
import { readFileSync } from 'node:fs'

export interface DraftVectors {
  publicKeyPem: string
  privateKeyPem: string
  request: { method: string; path: string; headers: Record<string, string>; body: string }
  cases: { name: string; headers: string | null; signingString: string; signature: string }[]
  emptyBodyDigest: string
}

export const draftVectors: DraftVectors = JSON.parse(
  readFileSync(
    new URL('../signing/test-vectors/draft-cavage-http-signatures-10.json', import.meta.url),
    'utf8',
  ),
)
