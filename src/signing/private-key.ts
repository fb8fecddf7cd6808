import { concatBytes, encodeTlv } from './der'
import { type PemBlock, readPemBlocks } from './pem'
import { RSA_SHA256 } from './rsa'
import { SigningError } from './signing-error'

// AlgorithmIdentifier { rsaEncryption, NULL }
const RSA_ENCRYPTION = Uint8Array.of(
  0x30,
  0x0d,
  0x06,
  0x09,
  0x2a,
  0x86,
  0x48,
  0x86,
  0xf7,
  0x0d,
  0x01,
  0x01,
  0x01,
  0x05,
  0x00,
)
const VERSION_0 = Uint8Array.of(0x02, 0x01, 0x00)

/**
 * Imports an unencrypted RSA key from PKCS#8 (`BEGIN PRIVATE KEY`) or PKCS#1 (`BEGIN RSA PRIVATE KEY`)
 * PEM as a non-extractable RSASSA-PKCS1-v1_5/SHA-256 signing key. Encrypted keys need Node:
 * `loadPrivateKey` in `signing/node`.
 */
export async function importPrivateKeyPem(pem: string): Promise<CryptoKey> {
  let blocks: PemBlock[]
  try {
    blocks = readPemBlocks(pem)
  } catch (error) {
    throw new SigningError('KEY_INVALID', error instanceof Error ? error.message : String(error))
  }
  const block = blocks.find((b) => b.label.endsWith('PRIVATE KEY'))
  if (!block) throw new SigningError('KEY_INVALID', 'no PRIVATE KEY block in the PEM text')
  if (block.label === 'ENCRYPTED PRIVATE KEY' || block.headers.some((h) => h.includes('ENCRYPTED'))) {
    throw new SigningError(
      'KEY_INVALID',
      'the private key is encrypted: load it with loadPrivateKey (Node only)',
    )
  }
  if (block.label !== 'PRIVATE KEY' && block.label !== 'RSA PRIVATE KEY') {
    throw new SigningError('KEY_INVALID', `unsupported key type ${block.label}`)
  }
  const pkcs8 = block.label === 'PRIVATE KEY' ? block.der : pkcs1ToPkcs8(block.der)
  try {
    return await crypto.subtle.importKey('pkcs8', pkcs8, RSA_SHA256, false, ['sign'])
  } catch (error) {
    throw new SigningError(
      'KEY_INVALID',
      `not an RSA private key (${error instanceof Error ? error.message : error})`,
    )
  }
}

/** WebCrypto imports PKCS#8 only; a PKCS#1 RSAPrivateKey is the privateKey field of a PKCS#8 one. */
export function pkcs1ToPkcs8(pkcs1: Uint8Array): Uint8Array<ArrayBuffer> {
  return encodeTlv(0x30, concatBytes(VERSION_0, RSA_ENCRYPTION, encodeTlv(0x04, pkcs1)))
}
