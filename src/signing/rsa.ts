/** RSASSA-PKCS1-v1_5 with SHA-256 over a signing string: the `rsa-sha256` of the draft. */
import { base64ToBytes, bytesToBase64 } from './base64'

export const RSA_SHA256: RsaHashedImportParams = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }

export async function signRsaSha256(privateKey: CryptoKey, signingString: string): Promise<string> {
  const signature = await crypto.subtle.sign(RSA_SHA256, privateKey, new TextEncoder().encode(signingString))
  return bytesToBase64(new Uint8Array(signature))
}

export async function verifyRsaSha256(
  publicKey: CryptoKey,
  signingString: string,
  signatureBase64: string,
): Promise<boolean> {
  const signature = base64ToBytes(signatureBase64)
  if (!signature) return false
  return crypto.subtle.verify(RSA_SHA256, publicKey, signature, new TextEncoder().encode(signingString))
}
