import type { Certificate } from '../certificate'
import { dnOrder, formatDn, parseDn } from '../dn'
import { readKeyId } from '../key-id'
import { type Finding, finding } from './finding'
import { isAscii } from './wire'

type Named = Pick<Certificate, 'serialHex' | 'issuerDn' | 'subjectDn'>

/**
 * keyId="SN=<serial hex>,CA=<issuer DN>" against the certificate it should name. `written` is the value
 * between the quotes, `keyId` the same with RFC 2047 encoded words decoded.
 */
export function keyIdFindings(written: string, keyId: string, certificate: Named | undefined): Finding[] {
  const findings: Finding[] = []
  if (!isAscii(written)) {
    findings.push(
      finding(
        'rfc2047-needed',
        'refused',
        'The keyId holds characters outside ASCII without RFC 2047 encoding',
        'Header values travel as bytes that servers read as ISO-8859-1, so a name such as Tromsø arrives garbled and no longer matches the certificate. A value that is not plain ASCII must be sent as an RFC 2047 encoded word.',
        `Write keyId="=?utf-8?B?<base64 of the UTF-8 keyId>?=" and sign it again.`,
        [{ label: 'keyId', value: keyId }],
      ),
    )
  }
  const parts = readKeyId(keyId)
  if (!parts) {
    const colons = /^SN=[0-9A-Fa-f]{2}(?:[:\s][0-9A-Fa-f]{2})+,/.test(keyId)
    findings.push(
      finding(
        'keyid-form',
        'refused',
        'The keyId is not of the form SN=<serial hex>,CA=<issuer DN>',
        colons
          ? 'The serial is written with separators between the bytes, as certificate viewers show it.'
          : 'The bank finds the certificate by the serial number and the issuer named in keyId.',
        certificate
          ? `Write keyId="SN=${certificate.serialHex},CA=${certificate.issuerDn}".`
          : 'Write keyId="SN=<the certificate serial in hex>,CA=<the issuer DN>".',
        [{ label: 'keyId', value: keyId }],
      ),
    )
    return findings
  }
  if (!certificate) return findings
  findings.push(...serialFindings(parts.serial, certificate), ...caFindings(parts.ca, certificate))
  return findings
}

function serialFindings(serial: string, certificate: Named): Finding[] {
  const actual = BigInt(`0x${certificate.serialHex}`)
  const details = [
    { label: 'Serial in keyId', value: serial },
    { label: "Certificate's serial (hex)", value: certificate.serialHex },
  ]
  if (BigInt(`0x${serial}`) === actual) {
    const found: Finding[] = []
    if (serial.length > certificate.serialHex.length) {
      found.push(
        finding(
          'keyid-serial-leading-zeros',
          'accepted-here',
          'The keyId serial has leading zeros',
          'This sandbox compares the serial as a number, so leading zeros (such as the 00 that DER adds before a high first byte) do not matter here; a bank that compares the text will not find the certificate.',
          `Write SN=${certificate.serialHex}.`,
          details,
        ),
      )
    }
    if (serial !== serial.toUpperCase()) {
      found.push(
        finding(
          'keyid-serial-case',
          'accepted-here',
          'The keyId serial is in lower-case hex',
          'This sandbox compares the serial as a number; a bank that compares the text may expect upper-case hex.',
          `Write SN=${certificate.serialHex}.`,
          details,
        ),
      )
    }
    return found
  }
  if (/^[0-9]+$/.test(serial) && BigInt(serial) === actual) {
    return [
      finding(
        'keyid-serial-decimal',
        'refused',
        'The keyId serial is written in decimal',
        'The serial must be hexadecimal. Written in decimal it reads as another, much larger number, so it names no certificate.',
        `Write SN=${certificate.serialHex}.`,
        details,
      ),
    ]
  }
  return [
    finding(
      'keyid-serial-mismatch',
      'refused',
      "The keyId serial is not the certificate's serial",
      'keyId names another certificate than the one in TPP-Signature-Certificate: the request was probably signed for one certificate and sent with another.',
      'Send the certificate whose key signs, and name its serial in keyId.',
      details,
    ),
  ]
}

function caFindings(ca: string, certificate: Named): Finding[] {
  const details = [
    { label: 'CA in keyId', value: ca },
    { label: "Certificate's issuer", value: certificate.issuerDn },
  ]
  const fix = `Write CA=${certificate.issuerDn}, the issuer in RFC 4514 form (most specific first, commas inside values escaped as \\,).`
  const order = dnOrder(ca, certificate.issuerDn)
  if (order === 'reversed') {
    return [
      finding(
        'keyid-ca-order',
        'accepted-here',
        "The keyId CA lists the issuer's names in reverse order",
        'This sandbox accepts the issuer written in either order (many tools print it most general first); a bank that compares the text expects the RFC 4514 order, most specific first.',
        fix,
        details,
      ),
    ]
  }
  if (order === 'same') {
    if (ca === certificate.issuerDn) return []
    return [
      finding(
        'keyid-ca-not-verbatim',
        'accepted-here',
        "The keyId CA is the issuer, but not written as the certificate's issuer",
        'This sandbox compares names ignoring case and spaces after commas; a bank that compares the text may not.',
        fix,
        details,
      ),
    ]
  }
  if (
    [certificate.issuerDn, reversed(certificate.issuerDn)].some(
      (dn) => dn !== undefined && unescapeDn(dn) === ca,
    )
  ) {
    return [
      finding(
        'keyid-ca-escaping',
        'refused',
        'A comma or another special character in the keyId CA is not escaped',
        'In a distinguished name a comma separates names, so a comma inside a value (such as "Test CA, Inc.") must be written \\, or the name reads as other names.',
        fix,
        details,
      ),
    ]
  }
  const subject = dnOrder(ca, certificate.subjectDn) !== undefined
  return [
    finding(
      'keyid-ca-mismatch',
      'refused',
      "The keyId CA does not match the certificate's issuer",
      subject
        ? "The CA names the certificate's own subject; it must name the authority that issued it."
        : 'The CA names another authority than the one that issued the certificate sent.',
      fix,
      details,
    ),
  ]
}

function reversed(dn: string): string | undefined {
  const rdns = parseDn(dn)
  return rdns.ok ? formatDn([...rdns.value].reverse()) : undefined
}

const unescapeDn = (dn: string) => dn.replace(/\\(.)/g, '$1')
