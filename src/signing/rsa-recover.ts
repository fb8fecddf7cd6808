/**
 * What an RSA signature holds, read with the public key alone: s^e mod n is the PKCS#1 v1.5 block the
 * signer padded, so it tells a signature made with another key (no valid padding) from one made with
 * this key over other bytes (valid padding, another hash) or with another hash function. A diagnosis
 * needs that; verification never does.
 */
import { base64ToBytes, base64UrlToBytes } from './base64'

export type RecoveredSignature =
  | { kind: 'other-key' }
  | { kind: 'signed'; hash: HashName | 'unknown'; digest: Uint8Array }

type HashName = 'SHA-1' | 'SHA-256' | 'SHA-384' | 'SHA-512'

// DER of DigestInfo up to the digest itself (RFC 8017 §9.2, note 1).
const DIGEST_INFO_PREFIXES: [HashName, string][] = [
  ['SHA-1', '3021300906052b0e03021a05000414'],
  ['SHA-256', '3031300d060960864801650304020105000420'],
  ['SHA-384', '3041300d060960864801650304020205000430'],
  ['SHA-512', '3051300d060960864801650304020305000440'],
]

export async function recoverSignature(
  publicKey: CryptoKey,
  signatureBase64: string,
): Promise<RecoveredSignature> {
  const jwk = await crypto.subtle.exportKey('jwk', publicKey)
  const signature = base64ToBytes(signatureBase64)
  const modulus = jwk.n === undefined ? undefined : base64UrlToBytes(jwk.n)
  const exponent = jwk.e === undefined ? undefined : base64UrlToBytes(jwk.e)
  if (!modulus || !exponent || !signature) return { kind: 'other-key' }
  const n = toBigInt(modulus)
  const s = toBigInt(signature)
  if (s >= n) return { kind: 'other-key' }
  const block = fromBigInt(modPow(s, toBigInt(exponent), n), modulus.length)
  // 00 01 FF…FF 00 DigestInfo, with at least eight FF bytes.
  if (block[0] !== 0 || block[1] !== 1) return { kind: 'other-key' }
  let at = 2
  while (block[at] === 0xff) at++
  if (at < 10 || block[at] !== 0) return { kind: 'other-key' }
  const info = block.subarray(at + 1)
  const hex = Array.from(info, (b) => b.toString(16).padStart(2, '0')).join('')
  for (const [hash, prefix] of DIGEST_INFO_PREFIXES) {
    if (hex.startsWith(prefix)) return { kind: 'signed', hash, digest: info.slice(prefix.length / 2) }
  }
  return { kind: 'signed', hash: 'unknown', digest: info.slice() }
}

function toBigInt(bytes: Uint8Array): bigint {
  let value = 0n
  for (const b of bytes) value = (value << 8n) | BigInt(b)
  return value
}

function fromBigInt(value: bigint, length: number): Uint8Array {
  const out = new Uint8Array(length)
  for (let i = length - 1, v = value; i >= 0; i--, v >>= 8n) out[i] = Number(v & 0xffn)
  return out
}

function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n
  let b = base % modulus
  for (let e = exponent; e > 0n; e >>= 1n) {
    if (e & 1n) result = (result * b) % modulus
    b = (b * b) % modulus
  }
  return result
}
