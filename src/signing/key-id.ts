/** keyId="SN=<serial hex>,CA=<issuer DN>" names the signing certificate (docs/decisions.md#signing). */
import type { Certificate } from './certificate'
import { parseDn, sameDn } from './dn'

type Identified = Pick<Certificate, 'serialHex' | 'issuerDn'>

export function formatKeyId(certificate: Identified): string {
  return `SN=${certificate.serialHex},CA=${certificate.issuerDn}`
}

const KEY_ID = /^SN=([0-9A-Fa-f]+), ?CA=(.+)$/s

/** The serial and the CA as written in `keyId`, or undefined when it is not of the form SN=...,CA=... */
export function readKeyId(keyId: string): { serial: string; ca: string } | undefined {
  const [, serial, ca] = KEY_ID.exec(keyId) ?? []
  return serial === undefined || ca === undefined ? undefined : { serial, ca }
}

/**
 * Why `keyId` does not name `certificate`, or undefined when it does. The serial is compared as a
 * number, so leading zero bytes and the case of the hex digits do not matter.
 */
export function keyIdMismatch(keyId: string, certificate: Identified): string | undefined {
  const { serial, ca } = readKeyId(keyId) ?? { serial: '', ca: '' }
  if (!serial) return `keyId "${keyId}" is not of the form SN=<serial hex>,CA=<issuer DN>`
  if (BigInt(`0x${serial}`) !== BigInt(`0x${certificate.serialHex}`)) {
    return `keyId serial SN=${serial} does not match the certificate's serial ${certificate.serialHex}`
  }
  const dn = parseDn(ca)
  if (!dn.ok) return `keyId CA "${ca}" is not a distinguished name: ${dn.reason}`
  if (!sameDn(ca, certificate.issuerDn)) {
    return `keyId CA "${ca}" does not match the certificate's issuer "${certificate.issuerDn}"`
  }
  return undefined
}
