import { createHash, KeyObject, sign } from 'node:crypto'
import { createRequestSigner, type RequestSigner, type RequestSignerOptions } from '../signer'
import type { SigningCrypto } from '../signing-crypto'

/**
 * node:crypto for the proxy. The RSA signature still runs on the thread pool, so the event loop keeps serving
 * while it is computed, but through node:crypto's own job rather than WebCrypto's promise machinery, which
 * costs more CPU per call; the Digest is hashed inline, since a hand-off costs more than hashing a small body.
 * Figures in docs/benchmarks.md.
 */
export function nodeSigningCrypto(privateKey: CryptoKey): SigningCrypto {
  // This KeyObject can export the key even though the CryptoKey cannot (Node does not carry `extractable`
  // over), so it never leaves this closure: what goes out is signatures and digests only.
  const key = KeyObject.from(privateKey)
  return {
    digestHeader: (body) => `SHA-256=${createHash('sha256').update(body).digest('base64')}`,
    signRsaSha256: (signingString) =>
      new Promise((resolve, reject) => {
        sign('sha256', Buffer.from(signingString), key, (error, signature) => {
          if (error) reject(error)
          else resolve(signature.toString('base64'))
        })
      }),
  }
}

/** The request signer the proxy uses: the shared one, on node:crypto. */
export function createNodeRequestSigner(options: Omit<RequestSignerOptions, 'crypto'>): RequestSigner {
  return createRequestSigner({ ...options, crypto: nodeSigningCrypto(options.privateKey) })
}
