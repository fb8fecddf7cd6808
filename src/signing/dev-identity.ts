/**
 * A development CA and a TPP certificate issued by it, for the local upstream and offline mode. Never a
 * real TPP identity: the CA exists only inside the returned certificates.
 */
import { bytesToHex } from './base64'
import { parseDn, type Rdn } from './dn'
import { toPem } from './pem'
import { RSA_SHA256 } from './rsa'
import {
  AuthorityKeyIdentifierExtension,
  BasicConstraintsExtension,
  type JsonAttributeObject,
  type JsonNameParams,
  KeyUsageFlags,
  KeyUsagesExtension,
  Name,
  SubjectKeyIdentifierExtension,
  X509CertificateGenerator,
} from './x509'

export interface DevIdentityOptions {
  /** CN of the TPP certificate. */
  commonName: string
  /** O of the TPP certificate and of the default CA name. */
  organization?: string
  /** Validity of both certificates. */
  days?: number
  /** The CA's DN in RFC 4514 order; default `CN=<organization> Development CA,O=<organization>`. */
  caDn?: string
  now?: Date
}

export interface DevIdentity {
  caCertificatePem: string
  certificatePem: string
  /** PKCS#8, unencrypted. */
  privateKeyPem: string
}

const KEY_BITS = 2048
const DAY_MS = 86_400_000

export async function generateDevIdentity(options: DevIdentityOptions): Promise<DevIdentity> {
  const { commonName, organization = 'Sandbox Console Development', days = 365, now = new Date() } = options
  const caRdns = options.caDn === undefined ? undefined : parseDn(options.caDn)
  if (caRdns && !caRdns.ok) throw new Error(`caDn: ${caRdns.reason}`)
  const caName = toName(
    caRdns?.value ?? [
      [{ oid: OID.CN, value: `${organization} Development CA` }],
      [{ oid: OID.O, value: organization }],
    ],
  )
  const subject = toName([[{ oid: OID.CN, value: commonName }], [{ oid: OID.O, value: organization }]])
  // An hour back, so a verifier whose clock is slightly behind accepts a certificate made just now.
  const notBefore = new Date(now.getTime() - 3_600_000)
  const notAfter = new Date(notBefore.getTime() + days * DAY_MS)

  const caKeys = await generateKeys(false)
  const keys = await generateKeys(true)
  const ca = await X509CertificateGenerator.createSelfSigned({
    serialNumber: randomSerialHex(),
    name: caName,
    notBefore,
    notAfter,
    keys: caKeys,
    extensions: [
      new BasicConstraintsExtension(true, 0, true),
      new KeyUsagesExtension(KeyUsageFlags.keyCertSign | KeyUsageFlags.cRLSign, true),
      await SubjectKeyIdentifierExtension.create(caKeys.publicKey),
    ],
  })
  const certificate = await X509CertificateGenerator.create({
    serialNumber: randomSerialHex(),
    subject,
    issuer: caName,
    notBefore,
    notAfter,
    publicKey: keys.publicKey,
    signingKey: caKeys.privateKey,
    extensions: [
      new BasicConstraintsExtension(false, undefined, true),
      new KeyUsagesExtension(KeyUsageFlags.digitalSignature | KeyUsageFlags.nonRepudiation, true),
      await SubjectKeyIdentifierExtension.create(keys.publicKey),
      await AuthorityKeyIdentifierExtension.create(caKeys.publicKey),
    ],
  })
  const pkcs8 = await crypto.subtle.exportKey('pkcs8', keys.privateKey)
  return {
    caCertificatePem: toPem('CERTIFICATE', new Uint8Array(ca.rawData)),
    certificatePem: toPem('CERTIFICATE', new Uint8Array(certificate.rawData)),
    privateKeyPem: toPem('PRIVATE KEY', new Uint8Array(pkcs8)),
  }
}

const OID = { CN: '2.5.4.3', O: '2.5.4.10', C: '2.5.4.6' }

function generateKeys(extractable: boolean): Promise<CryptoKeyPair> {
  return crypto.subtle.generateKey(
    { ...RSA_SHA256, modulusLength: KEY_BITS, publicExponent: Uint8Array.of(1, 0, 1) },
    extractable,
    ['sign', 'verify'],
  )
}

/** The high bit is set so that DER needs a leading zero byte: keyId must not show it. */
function randomSerialHex(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[0] = (bytes[0] ?? 0) | 0x80
  return bytesToHex(bytes)
}

/** RFC 4514 order in, DER order out; explicit string types so the library does not unescape values again. */
function toName(rdns: Rdn[]): Name {
  const json: JsonNameParams = [...rdns].reverse().map((rdn) => {
    const attributes: Record<string, JsonAttributeObject[]> = {}
    for (const { oid, value } of rdn) {
      if (typeof value !== 'string') throw new Error(`caDn: #hex values are not supported (${oid})`)
      const typed =
        oid === OID.C || /^[A-Za-z0-9 '()+,\-./:=?]*$/.test(value)
          ? { printableString: value }
          : { utf8String: value }
      attributes[oid] = [...(attributes[oid] ?? []), typed]
    }
    return attributes
  })
  return new Name(json)
}
