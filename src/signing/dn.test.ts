import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { encodeTlv } from './der'
import { dnFromNameDer, formatDn, parseDn, sameDn } from './dn'

const CN = '2.5.4.3'

describe('RFC 4514 strings', () => {
  it('round-trip any value through escaping', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1 }), fc.string({ unit: 'binary' }), (cn, o) => {
        const rdns = [[{ oid: CN, value: cn }], [{ oid: '2.5.4.10', value: o }]]
        expect(parseDn(formatDn(rdns))).toEqual({ ok: true, value: rdns })
      }),
    )
  })

  it('escape exactly what RFC 4514 §2.4 requires, and control characters', () => {
    expect(formatDn([[{ oid: CN, value: ' #a,b+c"d\\e<f>g;h=i#j\u0001 ' }]])).toBe(
      'CN=\\ #a\\,b\\+c\\"d\\\\e\\<f\\>g\\;h=i#j\\01\\ ',
    )
  })

  it('read hex escapes as UTF-8 and #hex values as BER', () => {
    expect(parseDn('L=Troms\\C3\\B8,1.2.3.4=#0C0178')).toEqual({
      ok: true,
      value: [
        [{ oid: '2.5.4.7', value: 'Tromsø' }],
        [{ oid: '1.2.3.4', value: Uint8Array.of(0x0c, 0x01, 0x78) }],
      ],
    })
  })

  it('read spaces around separators as RFC 2253-era producers write them, keeping escaped ones', () => {
    expect(parseDn(' CN = a b  + UID=x ,O=#0C0178 ')).toEqual({
      ok: true,
      value: [
        [
          { oid: CN, value: 'a b' },
          { oid: '0.9.2342.19200300.100.1.1', value: 'x' },
        ],
        [{ oid: '2.5.4.10', value: Uint8Array.of(0x0c, 0x01, 0x78) }],
      ],
    })
    expect(parseDn('CN=a\\ ')).toEqual({ ok: true, value: [[{ oid: CN, value: 'a ' }]] })
  })

  it.each([
    ['', 'the distinguished name is empty'],
    ['CN=a,', 'expected an attribute type at character 6'],
    ['XYZ=a', 'unknown attribute type XYZ'],
    ['CN', 'expected = after CN at character 3'],
    ['CN=a\\q', 'invalid escape at character 5'],
    ['CN=\\FF', 'the value of CN is not valid UTF-8'],
    ['CN=#0C0178 x', 'expected , or + at character 12'],
    ['CN=a\\', 'invalid escape at character 5'],
  ])('refuse %j', (text, reason) => {
    expect(parseDn(text)).toEqual({ ok: false, reason })
  })
})

describe('sameDn', () => {
  it.each([
    ['CN=a,O=b', 'CN=a,O=b'],
    ['CN=a,O=b', 'O=b, CN=a'],
    ['CN=Ab  Cd,O=b', 'cn=ab cd,o=B'],
    ['CN=a+UID=x,O=b', 'UID=x+CN=a,O=b'],
    ['CN=abc', '2.5.4.3=#0C03616263'],
    ['CN=abc', 'CN=#13036162 63'.replace(' ', '')],
    ['E=ca@example.com,CN=a', 'emailAddress=ca@example.com,CN=a'],
  ])('%s is %s', (a, b) => {
    expect(sameDn(a, b)).toBe(true)
  })

  it.each([
    ['CN=a,O=b', 'CN=a'],
    ['CN=a,O=b,C=NO', 'O=b,CN=a,C=NO'],
    ['CN=a+UID=x', 'CN=a,UID=x'],
    ['CN=a', 'O=a'],
    ['CN=a', 'CN=a,'],
  ])('%s is not %s', (a, b) => {
    expect(sameDn(a, b)).toBe(false)
  })
})

describe('DER names', () => {
  /** A Name of one RDN: CN as the string type `tag` holding `content`. */
  const nameOf = (tag: number, content: Uint8Array) => {
    const type = Uint8Array.of(0x06, 0x03, 0x55, 0x04, 0x03)
    const pair = encodeTlv(0x30, new Uint8Array([...type, ...encodeTlv(tag, content)]))
    return encodeTlv(0x30, encodeTlv(0x31, pair))
  }

  // More characters than a call's arguments may be (V8 takes about 120,000): each string type is read
  // without spreading its bytes into one call.
  const length = 300_000

  it('read a very long PrintableString or BMPString value as text', () => {
    const printable = new Uint8Array(length).fill(0x41)
    expect(dnFromNameDer(nameOf(0x13, printable))).toBe(`CN=${'A'.repeat(length)}`)
    const bmp = new Uint8Array(2 * length).map((_, i) => (i % 2 === 0 ? 0x00 : 0xe6))
    expect(dnFromNameDer(nameOf(0x1e, bmp))).toBe(`CN=${'æ'.repeat(length)}`)
  })

  it('read a very long UniversalString value as text', () => {
    const universal = new Uint8Array(4 * length).map((_, i) => (i % 4 === 3 ? 0x61 : i % 4 === 2 ? 0xf6 : 0))
    expect(dnFromNameDer(nameOf(0x1c, universal))).toBe(`CN=${'\u{f661}'.repeat(length)}`)
  })
})
