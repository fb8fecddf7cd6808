import { base64ToBytes, bytesToBase64, bytesToHex } from './base64'
import { decodeOid, readChildren, readTlv, type Tlv } from './der'
import { dnFromNameDer } from './dn'
import { readPemBlocks } from './pem'
import { RSA_SHA256 } from './rsa'

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
  let read: ReturnType<typeof readTbsCertificate>
  let fields: Omit<Certificate, 'publicKey' | 'keyBits'>
  try {
    read = readTbsCertificate(der)
    fields = {
      der,
      base64Der: bytesToBase64(der),
      serialHex: read.serialHex,
      issuerDn: dnFromNameDer(read.issuer),
      subjectDn: dnFromNameDer(read.subject),
      notBefore: read.notBefore,
      notAfter: read.notAfter,
    }
  } catch (error) {
    throw new CertificateError(`not an X.509 certificate (${error instanceof Error ? error.message : error})`)
  }
  if (read.keyAlgorithm !== RSA_ENCRYPTION) {
    throw new CertificateError(
      `the certificate's key is ${KEY_ALGORITHMS[read.keyAlgorithm] ?? read.keyAlgorithm}, not RSA`,
    )
  }
  const publicKey = await crypto.subtle.importKey('spki', read.subjectPublicKeyInfo, RSA_SHA256, true, [
    'verify',
  ])
  const keyBits = (publicKey.algorithm as RsaHashedKeyAlgorithm).modulusLength
  return { ...fields, publicKey, keyBits }
}

const RSA_ENCRYPTION = '1.2.840.113549.1.1.1'
/** Names for the key algorithms a TPP certificate is likely to hold instead of RSA. */
const KEY_ALGORITHMS: Record<string, string> = {
  '1.2.840.10045.2.1': 'ECDSA',
  '1.3.101.112': 'Ed25519',
  '1.3.101.113': 'Ed448',
  '1.2.840.10040.4.1': 'DSA',
}

/**
 * The fields the signing code reads, walked in the DER of RFC 5280 §4.1 (v1 and v3 alike): the console's
 * own DER reader rather than a general X.509 library, which the page would otherwise load to sign its first
 * request.
 */
function readTbsCertificate(der: Uint8Array<ArrayBuffer>) {
  const certificate = expectTag(readTlv(der, 0), 0x30, 'Certificate')
  if (certificate.end !== der.length) throw new Error('bytes after the certificate')
  const [tbs] = readChildren(der, certificate)
  if (tbs === undefined) throw new Error('no tbsCertificate')
  const all = readChildren(der, expectTag(tbs, 0x30, 'tbsCertificate'))
  // [0] EXPLICIT version, present from v2 on.
  const [serial, , issuer, validity, subject, spki] = all[0]?.tag === 0xa0 ? all.slice(1) : all
  if (!serial || !issuer || !validity || !subject || !spki)
    throw new Error('a tbsCertificate field is missing')
  const [notBefore, notAfter] = readChildren(der, expectTag(validity, 0x30, 'validity'))
  if (!notBefore || !notAfter) throw new Error('validity needs two times')
  const [algorithm] = readChildren(der, expectTag(spki, 0x30, 'subjectPublicKeyInfo'))
  const [oid] = algorithm ? readChildren(der, expectTag(algorithm, 0x30, 'algorithm')) : []
  if (!oid) throw new Error('no key algorithm')
  return {
    serialHex: canonicalSerialHex(
      bytesToHex(der.subarray(expectTag(serial, 0x02, 'serialNumber').contentStart, serial.end)),
    ),
    issuer: der.subarray(expectTag(issuer, 0x30, 'issuer').start, issuer.end),
    subject: der.subarray(expectTag(subject, 0x30, 'subject').start, subject.end),
    notBefore: readTime(der, notBefore),
    notAfter: readTime(der, notAfter),
    keyAlgorithm: decodeOid(der.subarray(expectTag(oid, 0x06, 'algorithm OID').contentStart, oid.end)),
    subjectPublicKeyInfo: der.slice(spki.start, spki.end),
  }
}

function expectTag(tlv: Tlv, tag: number, what: string): Tlv {
  if (tlv.tag !== tag)
    throw new Error(`${what} has DER tag 0x${tlv.tag.toString(16)}, not 0x${tag.toString(16)}`)
  return tlv
}

/** UTCTime (YYMMDDHHMMSSZ, 1950–2049) or GeneralizedTime (YYYYMMDDHHMMSSZ), as RFC 5280 §4.1.2.5 allows them. */
function readTime(der: Uint8Array, tlv: Tlv): Date {
  const text = String.fromCharCode(...der.subarray(tlv.contentStart, tlv.end))
  const match =
    tlv.tag === 0x17
      ? /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/.exec(text)
      : tlv.tag === 0x18
        ? /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/.exec(text)
        : null
  if (!match)
    throw new Error(`a validity time is not a UTCTime or GeneralizedTime in Z: ${JSON.stringify(text)}`)
  const [, y = '', mo = '', d = '', h = '', mi = '', se = ''] = match
  const year = tlv.tag === 0x17 ? (Number(y) < 50 ? 2000 : 1900) + Number(y) : Number(y)
  return new Date(Date.UTC(year, Number(mo) - 1, Number(d), Number(h), Number(mi), Number(se)))
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

/** The serial's hex as a number: DER's sign byte and any other leading zero bytes dropped. */
function canonicalSerialHex(hex: string): string {
  return hex.toUpperCase().replace(/^(?:00)+(?=..)/, '')
}
