export interface PortableSigner {
  utf8(text: string): Uint8Array
  sha256(bytes: Uint8Array): Uint8Array
  toBase64(bytes: Uint8Array): string
  /** `SHA-256=<base64>` of the UTF-8 body. */
  digestHeader(body?: string): string
  /** Base64 of RSASSA-PKCS1-v1_5 / SHA-256 over the UTF-8 text, with an unencrypted PKCS#8 or PKCS#1 PEM. */
  signRsaSha256(privateKeyPem: string, text: string): string
  /** The key's PKCS#8 DER (a PKCS#1 key wrapped), as WebCrypto's importKey takes it. */
  pkcs8Der(privateKeyPem: string): Uint8Array
}

export interface RequestSigner {
  /** Which one signs: WebCrypto, or the pure-JS signer when there is none. */
  via: 'crypto.subtle' | 'JavaScript'
  digestHeader(body?: string): Promise<string>
  signRsaSha256(privateKeyPem: string, text: string): Promise<string>
}

export function portableSigner(): PortableSigner
export function requestSigner(
  subtle: Pick<SubtleCrypto, 'digest' | 'importKey' | 'sign'> | undefined,
): RequestSigner
