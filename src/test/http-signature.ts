// The http-signature package (Joyent's reference verifier), the independent check of our signatures.
// It is CommonJS without types: typed here as far as the tests use it.
import { createRequire } from 'node:module'

export interface HttpSignature {
  parseRequest(
    request: { method: string; url: string; httpVersion: string; headers: Record<string, string> },
    options?: { headers?: string[] },
  ): { keyId: string; params: { headers: string[] }; signingString: string }
  verifySignature(parsed: unknown, publicKeyPem: string): boolean
}

export const httpSignature = createRequire(import.meta.url)('http-signature') as HttpSignature
