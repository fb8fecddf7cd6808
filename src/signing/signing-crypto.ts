import { digestHeader } from './digest'
import { signRsaSha256 } from './rsa'

/**
 * The hashing and RSA signing behind a request signer, bound to its private key. WebCrypto's runs in the
 * browser and in Node alike; the proxy uses node:crypto's (`signing/node`), which costs less CPU a request.
 */
export interface SigningCrypto {
  /** `SHA-256=<base64>` of the body bytes exactly as sent. */
  digestHeader(body: Uint8Array): string | Promise<string>
  /** Base64 of RSASSA-PKCS1-v1_5 with SHA-256 over the UTF-8 signing string. */
  signRsaSha256(signingString: string): string | Promise<string>
}

export function webSigningCrypto(privateKey: CryptoKey): SigningCrypto {
  return { digestHeader, signRsaSha256: (signingString) => signRsaSha256(privateKey, signingString) }
}
