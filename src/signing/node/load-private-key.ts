/**
 * Node only: encrypted keys (and any format OpenSSL writes) through node:crypto, handed to WebCrypto
 * so the signer stays the same everywhere. The app's tsconfig type-checks all of src/ without Node's
 * types, hence the local type and the specifier TypeScript does not try to resolve.
 */
import { RSA_SHA256 } from '../rsa'
import { SigningError } from '../signing-error'

interface NodeCrypto {
  createPrivateKey(options: { key: string; format: 'pem'; passphrase?: string }): {
    asymmetricKeyType?: string
    export(options: { type: 'pkcs8'; format: 'der' }): Uint8Array
  }
}
const NODE_CRYPTO = 'node:crypto'

export async function loadPrivateKey(pem: string, passphrase?: string): Promise<CryptoKey> {
  const { createPrivateKey } = (await import(/* @vite-ignore */ NODE_CRYPTO)) as NodeCrypto
  let key: ReturnType<NodeCrypto['createPrivateKey']>
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
