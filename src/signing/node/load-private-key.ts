import { createPrivateKey, type KeyObject } from 'node:crypto'
import { RSA_SHA256 } from '../rsa'
import { SigningError } from '../signing-error'

/**
 * Reads encrypted keys (and any format OpenSSL writes) with node:crypto and hands the key on as a
 * non-extractable CryptoKey, so nothing holding it can export the key material again.
 */
export async function loadPrivateKey(pem: string, passphrase?: string): Promise<CryptoKey> {
  let key: KeyObject
  try {
    key = createPrivateKey({ key: pem, format: 'pem', ...(passphrase === undefined ? {} : { passphrase }) })
  } catch (error) {
    throw new SigningError(
      'KEY_INVALID',
      `cannot read the private key (${error instanceof Error ? error.message : error})`,
    )
  }
  if (key.asymmetricKeyType !== 'rsa') {
    throw new SigningError(
      'KEY_INVALID',
      `the private key is ${key.asymmetricKeyType ?? 'not asymmetric'}, not RSA`,
    )
  }
  const pkcs8 = new Uint8Array(key.export({ type: 'pkcs8', format: 'der' }))
  return crypto.subtle.importKey('pkcs8', pkcs8, RSA_SHA256, false, ['sign'])
}
