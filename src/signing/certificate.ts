import { base64ToBytes, bytesToBase64 } from './base64'
import { dnFromNameDer } from './dn'
import { readPemBlocks } from './pem'
import { RSA_SHA256 } from './rsa'
import { X509Certificate } from './x509'

/** What signing and verification need to know about an X.509 certificate (v1 and v3 alike). */
export interface Certificate {
  der: Uint8Array<ArrayBuffer>
  /** The value of TPP-Signature-Certificate: base64 DER, no PEM lines. */
  base64Der: string
  /** Upper-case hex of the serial as a number: no leading zero bytes, not even DER's sign byte. */
  serialHex: string
  /** RFC 4514, most specific RDN first. */
  issuerDn: string
  subjectDn: string
  notBefore: Date
  notAfter: Date
  /** RSASSA-PKCS1-v1_5 with SHA-256, usable for `verify`. */
  publicKey: CryptoKey
  /** Modulus length; production keys must have at least 2048 bits. */
  keyBits: number
}

/** The input is not a usable certificate; `message` says why. */
export class CertificateError extends Error {
  override name = 'CertificateError'
}

/** Reads base64 DER (as in TPP-Signature-Certificate), PEM, or DER bytes. */
export async function parseCertificate(input: string | Uint8Array): Promise<Certificate> {
  const der = typeof input === 'string' ? certificateDer(input) : new Uint8Array(input)
  let x509: X509Certificate
  let fields: Omit<Certificate, 'publicKey' | 'keyBits'>
  try {
    x509 = new X509Certificate(der)
    fields = {
      der,
      base64Der: bytesToBase64(der),
      serialHex: canonicalSerialHex(x509.serialNumber),
      issuerDn: dnFromNameDer(new Uint8Array(x509.issuerName.toArrayBuffer())),
      subjectDn: dnFromNameDer(new Uint8Array(x509.subjectName.toArrayBuffer())),
      notBefore: x509.notBefore,
      notAfter: x509.notAfter,
    }
  } catch (error) {
    throw new CertificateError(`not an X.509 certificate (${error instanceof Error ? error.message : error})`)
  }
  const keyAlgorithm = x509.publicKey.algorithm.name
  if (keyAlgorithm !== RSA_SHA256.name) {
    throw new CertificateError(`the certificate's key is ${keyAlgorithm}, not RSA`)
  }
  const publicKey = await crypto.subtle.importKey('spki', x509.publicKey.rawData, RSA_SHA256, true, [
    'verify',
  ])
  const keyBits = (publicKey.algorithm as RsaHashedKeyAlgorithm).modulusLength
  return { ...fields, publicKey, keyBits }
}

function certificateDer(text: string): Uint8Array<ArrayBuffer> {
  const trimmed = text.trim()
  if (trimmed.includes('-----BEGIN')) {
    let blocks: ReturnType<typeof readPemBlocks>
    try {
      blocks = readPemBlocks(trimmed)
    } catch (error) {
      throw new CertificateError(error instanceof Error ? error.message : String(error))
    }
    const block = blocks.find((b) => b.label === 'CERTIFICATE')
    if (!block) throw new CertificateError('the PEM text has no CERTIFICATE block')
    return block.der
  }
  const der = base64ToBytes(trimmed)
  if (!der) throw new CertificateError('not base64')
  if (der.length === 0) throw new CertificateError('empty')
  return der
}

/** @peculiar/x509 gives lower-case hex with DER's sign byte dropped, but not other leading zero bytes. */
function canonicalSerialHex(hex: string): string {
  return hex.toUpperCase().replace(/^(?:00)+(?=..)/, '')
}
