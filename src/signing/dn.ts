/**
 * Distinguished names as RFC 4514 strings: most specific RDN first (CN=...,O=...,C=...), the reverse of
 * the DER order that @peculiar/x509's `issuer` prints, with RFC 4514 escaping.
 */
import { bytesToHex, bytesToLatin1, stringOfCodes } from './base64'
import { decodeOid, encodeTlv, readChildren, readTlv } from './der'
import type { Parsed } from './parsed'

export interface DnAttribute {
  oid: string
  /** A string, or the BER encoding of a value that has no string form (written as `#hex`). */
  value: string | Uint8Array
}
/** Attributes of one RDN (more than one when joined by `+`). */
export type Rdn = DnAttribute[]

// RFC 4514 §3, plus registered names that eIDAS CAs use in their DNs.
const DESCRIPTORS: Record<string, string> = {
  CN: '2.5.4.3',
  L: '2.5.4.7',
  ST: '2.5.4.8',
  O: '2.5.4.10',
  OU: '2.5.4.11',
  C: '2.5.4.6',
  STREET: '2.5.4.9',
  DC: '0.9.2342.19200300.100.1.25',
  UID: '0.9.2342.19200300.100.1.1',
  serialNumber: '2.5.4.5',
  organizationIdentifier: '2.5.4.97',
  emailAddress: '1.2.840.113549.1.9.1',
}
const NAME_OF_OID = new Map(Object.entries(DESCRIPTORS).map(([name, oid]) => [oid, name]))
// Names are case-insensitive; E is how OpenSSL and Windows write emailAddress.
const OID_OF_NAME = new Map([
  ...Object.entries(DESCRIPTORS).map(([name, oid]) => [name.toUpperCase(), oid] as const),
  ['E', DESCRIPTORS.emailAddress ?? ''],
])

/** The RDNs of a DER Name, in DER order (most general first). */
export function readNameDer(der: Uint8Array): Rdn[] {
  return readChildren(der, readTlv(der, 0)).map((set) =>
    readChildren(der, set).map((pair) => {
      const [type, value] = readChildren(der, pair)
      if (!type || !value) throw new Error('malformed AttributeTypeAndValue')
      const oid = decodeOid(der.subarray(type.contentStart, type.end))
      const ber = der.slice(value.start, value.end)
      const text = NAME_OF_OID.has(oid) ? decodeDirectoryString(ber) : undefined
      return { oid, value: text ?? ber }
    }),
  )
}

/** RFC 4514 string of a DER Name. */
export function dnFromNameDer(der: Uint8Array): string {
  return formatDn(readNameDer(der).reverse())
}

/** `rdns` in string order (most specific first). */
export function formatDn(rdns: Rdn[]): string {
  return rdns.map((rdn) => rdn.map(formatAttribute).join('+')).join(',')
}

function formatAttribute({ oid, value }: DnAttribute): string {
  const name = NAME_OF_OID.get(oid)
  // §2.3/2.4: a type without a registered name is dotted, and its value is the hex of its BER.
  if (name && typeof value === 'string') return `${name}=${escapeValue(value)}`
  const ber = typeof value === 'string' ? encodeTlv(0x0c, new TextEncoder().encode(value)) : value
  return `${name ?? oid}=#${bytesToHex(ber)}`
}

function escapeValue(value: string): string {
  const chars = [...value]
  return chars
    .map((ch, i) => {
      if ('"+,;<>\\'.includes(ch)) return `\\${ch}`
      if ((i === 0 && (ch === ' ' || ch === '#')) || (i === chars.length - 1 && ch === ' ')) return `\\${ch}`
      const code = ch.charCodeAt(0)
      return code < 0x20 || code === 0x7f ? `\\${code.toString(16).padStart(2, '0').toUpperCase()}` : ch
    })
    .join('')
}

const TYPE = /[A-Za-z][A-Za-z0-9-]*|[0-9]+(?:\.[0-9]+)+/y
const HEX_VALUE = /#((?:[0-9A-Fa-f]{2})+)/y
const ESCAPABLE = '"+,;<>\\ #='

/**
 * Reads an RFC 4514 string into RDNs in string order. Tolerates white space around separators, as
 * RFC 2253-era producers write `CN=a, O=b`.
 */
export function parseDn(text: string): Parsed<Rdn[]> {
  if (text.trim() === '') return { ok: false, reason: 'the distinguished name is empty' }
  const rdns: Rdn[] = []
  let rdn: Rdn = []
  let i = 0
  for (;;) {
    const read = readAttribute(text, i)
    if (!read.ok) return read
    rdn.push(read.value.attribute)
    i = read.value.end
    if (text[i] === '+') {
      i++
      continue
    }
    rdns.push(rdn)
    rdn = []
    if (i === text.length) return { ok: true, value: rdns }
    if (text[i] !== ',') return { ok: false, reason: `expected , or + at character ${i + 1}` }
    i++
  }
}

type Read<T> = Parsed<T & { end: number }>

/** The `type=value` starting at `start`, and where it ends: at the separator after it, or the text's end. */
function readAttribute(text: string, start: number): Read<{ attribute: DnAttribute }> {
  const fail = (reason: string) => ({ ok: false, reason }) as const
  let i = afterSpaces(text, start)
  TYPE.lastIndex = i
  const type = TYPE.exec(text)?.[0]
  if (!type) return fail(`expected an attribute type at character ${i + 1}`)
  const oid = /^[0-9]/.test(type) ? type : OID_OF_NAME.get(type.toUpperCase())
  if (!oid) return fail(`unknown attribute type ${type}`)
  i = afterSpaces(text, TYPE.lastIndex)
  if (text[i] !== '=') return fail(`expected = after ${type} at character ${i + 1}`)
  i = afterSpaces(text, i + 1)
  HEX_VALUE.lastIndex = i
  const hex = HEX_VALUE.exec(text)?.[1]
  if (hex) {
    const value = Uint8Array.from(hex.match(/../g) ?? [], (h) => Number.parseInt(h, 16))
    return { ok: true, value: { attribute: { oid, value }, end: afterSpaces(text, HEX_VALUE.lastIndex) } }
  }
  const read = readStringValue(text, i, type)
  if (!read.ok) return read
  return { ok: true, value: { attribute: { oid, value: read.value.value }, end: read.value.end } }
}

/**
 * The string value of `type` starting at `start`, its escapes read and its unescaped trailing spaces
 * dropped, up to the next `,` or `+`.
 */
function readStringValue(text: string, start: number, type: string): Read<{ value: string }> {
  const bytes: number[] = []
  let trailingSpaces = 0
  let i = start
  while (i < text.length && text[i] !== ',' && text[i] !== '+') {
    const ch = text[i] ?? ''
    if (ch === '\\') {
      const escaped = readEscape(text, i)
      if (escaped === undefined) return { ok: false, reason: `invalid escape at character ${i + 1}` }
      bytes.push(escaped.byte)
      i += escaped.length
      trailingSpaces = 0
      continue
    }
    const char = String.fromCodePoint(text.codePointAt(i) ?? 0)
    bytes.push(...new TextEncoder().encode(char))
    i += char.length
    trailingSpaces = ch === ' ' ? trailingSpaces + 1 : 0
  }
  try {
    const value = new TextDecoder('utf-8', { fatal: true }).decode(
      new Uint8Array(bytes.slice(0, bytes.length - trailingSpaces)),
    )
    return { ok: true, value: { value, end: i } }
  } catch {
    return { ok: false, reason: `the value of ${type} is not valid UTF-8` }
  }
}

/** The byte the escape at `at` stands for, and its length: a backslash and two hex digits, or one before a special. */
function readEscape(text: string, at: number): { byte: number; length: number } | undefined {
  const pair = text.slice(at + 1, at + 3)
  if (/^[0-9A-Fa-f]{2}$/.test(pair)) return { byte: Number.parseInt(pair, 16), length: 3 }
  const next = text[at + 1] ?? ''
  if (next !== '' && ESCAPABLE.includes(next)) return { byte: next.charCodeAt(0), length: 2 }
  return undefined
}

function afterSpaces(text: string, at: number): number {
  let i = at
  while (text[i] === ' ') i++
  return i
}

/**
 * Whether two RFC 4514 strings name the same entity: attribute types by OID, values compared
 * case-insensitively with white space runs collapsed, multi-valued RDNs as sets. The reverse RDN order
 * is accepted too, as many tools print DNs in DER order.
 */
export function sameDn(a: string, b: string): boolean {
  return dnOrder(a, b) !== undefined
}

/**
 * How `a` names the entity `b` names: with the RDNs in the same order, in the reverse order, or not at all
 * (undefined). Compared as in `sameDn`.
 */
export function dnOrder(a: string, b: string): 'same' | 'reversed' | undefined {
  const left = parseDn(a)
  const right = parseDn(b)
  if (!left.ok || !right.ok) return undefined
  const l = left.value.map(rdnKey)
  const r = right.value.map(rdnKey)
  const equal = (x: string[], y: string[]) => x.length === y.length && x.every((key, i) => key === y[i])
  if (equal(l, r)) return 'same'
  return equal(l, [...r].reverse()) ? 'reversed' : undefined
}

function rdnKey(rdn: Rdn): string {
  return rdn
    .map(({ oid, value }) => {
      const text = typeof value === 'string' ? value : decodeDirectoryString(value)
      if (text === undefined) return `${oid}=#${bytesToHex(value as Uint8Array)}`
      return `${oid}=${JSON.stringify(text.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase())}`
    })
    .sort()
    .join('+')
}

/** The text of a BER string value (X.520 DirectoryString, IA5String), or undefined for other types. */
function decodeDirectoryString(ber: Uint8Array): string | undefined {
  try {
    const tlv = readTlv(ber, 0)
    return tlv.end === ber.length ? decodeString(tlv.tag, ber.subarray(tlv.contentStart, tlv.end)) : undefined
  } catch {
    // Truncated BER, invalid UTF-8 or code points out of range: no string form.
    return undefined
  }
}

function decodeString(tag: number, content: Uint8Array): string | undefined {
  switch (tag) {
    case 0x0c: // UTF8String
      return new TextDecoder('utf-8', { fatal: true }).decode(content)
    case 0x13: // PrintableString
    case 0x14: // TeletexString: in practice Latin-1
    case 0x16: // IA5String
    case 0x1a: // VisibleString
      return bytesToLatin1(content)
    case 0x1e: // BMPString: UTF-16BE
      return stringOfCodes(units(content, 2))
    case 0x1c: // UniversalString: UTF-32BE
      return stringOfCodes(units(content, 4), String.fromCodePoint)
    default:
      return undefined
  }
}

/** Big-endian code units of `size` bytes. */
function units(content: Uint8Array, size: number): number[] {
  if (content.length % size !== 0) throw new RangeError('odd length')
  return Array.from({ length: content.length / size }, (_, k) =>
    content.subarray(k * size, (k + 1) * size).reduce((unit, b) => unit * 256 + b, 0),
  )
}
