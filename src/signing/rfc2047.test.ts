import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decodeParameterValue, encodeParameterValue } from './rfc2047'
import { formatSignatureHeader, parseSignatureHeader } from './signature-header'

describe('RFC 2047 parameter values', () => {
  it('leave printable ASCII alone and encode everything else as one utf-8 B word', () => {
    expect(encodeParameterValue('SN=01,CA=CN=a\\, b')).toBe('SN=01,CA=CN=a\\, b')
    expect(encodeParameterValue('L=Tromsø')).toBe('=?utf-8?B?TD1Ucm9tc8O4?=')
    expect(encodeParameterValue('say "hi"')).toBe('=?utf-8?B?c2F5ICJoaSI=?=')
    expect(encodeParameterValue('=?utf-8?B?YQ==?=')).toBe('=?utf-8?B?PT91dGYtOD9CP1lRPT0/PQ==?=')
  })

  it('round-trip any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (value) => {
        expect(decodeParameterValue(encodeParameterValue(value))).toEqual({ ok: true, value })
      }),
    )
  })

  it.each([
    ['=?utf-8?B?VHJvbXPDuA==?=', 'Tromsø'],
    ['=?UTF-8?b?VHJvbXPDuA==?=', 'Tromsø'],
    ['=?utf-8?Q?Troms=C3=B8_CA?=', 'Tromsø CA'],
    ['=?iso-8859-1?Q?Troms=F8?=', 'Tromsø'],
    ['=?ISO-8859-1?B?VHJvbXP4?=', 'Tromsø'],
    ['=?utf-8?B?U049MDE=?= =?iso-8859-1?Q?=F8?=', 'SN=01ø'],
    ['plain =?utf-8?B?YQ==?=', 'plain =?utf-8?B?YQ==?='],
    ['=?utf-8?B?not a word?=', '=?utf-8?B?not a word?='],
  ])('decode %s', (encoded, decoded) => {
    expect(decodeParameterValue(encoded)).toEqual({ ok: true, value: decoded })
  })

  it.each([
    ['=?utf-8?B?#?=', 'the encoded word =?utf-8?B?#?= is not valid B encoding'],
    ['=?utf-8?Q?a=ZZ?=', 'the encoded word =?utf-8?Q?a=ZZ?= is not valid Q encoding'],
    [
      '=?utf-8?B?/w==?=',
      'the encoded word =?utf-8?B?/w==?= is not valid utf-8 (utf-8 and iso-8859-1 are accepted)',
    ],
    [
      '=?koi8-r?B?YQ==?=',
      'the encoded word =?koi8-r?B?YQ==?= is not valid koi8-r (utf-8 and iso-8859-1 are accepted)',
    ],
  ])('refuse %s', (encoded, reason) => {
    expect(decodeParameterValue(encoded)).toEqual({ ok: false, reason })
  })
})

describe('Signature header', () => {
  const signature = 'c2lnbmF0dXJl'

  it('round-trips with an encoded keyId', () => {
    const parameters = {
      keyId: 'SN=01,CA=L=Tromsø',
      algorithm: 'rsa-sha256',
      headers: ['date', 'digest'],
      signature,
    }
    const header = formatSignatureHeader(parameters)
    expect(header).toBe(
      `keyId="=?utf-8?B?U049MDEsQ0E9TD1Ucm9tc8O4?=",algorithm="rsa-sha256",headers="date digest",signature="${signature}"`,
    )
    expect(parseSignatureHeader(header)).toEqual({ ok: true, value: parameters })
  })

  it('accepts white space around separators and lower-cases header names', () => {
    expect(
      parseSignatureHeader(
        ` keyId = "k", algorithm="rsa-sha256",  headers="Date X-Request-ID" , signature="${signature}"`,
      ),
    ).toEqual({
      ok: true,
      value: { keyId: 'k', algorithm: 'rsa-sha256', headers: ['date', 'x-request-id'], signature },
    })
  })

  it.each([
    ['', 'empty'],
    ['keyId="k" algorithm="a"', 'expected a comma after the value of keyId at character 11'],
    ['keyId="k",', 'trailing comma'],
    ['keyId="k,algorithm="a"', 'expected a comma after the value of keyId at character 21'],
    ['keyId=k', 'the value of keyId must be a double-quoted string'],
    ['Signature keyId="k"', 'expected name="value" at character 1'],
    ['keyId="k",keyId="j"', 'parameter keyId appears twice'],
    // A name given twice is named before its value is read.
    ['keyId="k",keyId=j', 'parameter keyId appears twice'],
    ['keyId="k",created="1"', 'unknown parameter created (expected keyId, algorithm, headers, signature)'],
    [`algorithm="rsa-sha256",signature="${signature}"`, 'keyId is missing or empty'],
    [`keyId="k",signature="${signature}"`, 'algorithm is missing or empty'],
    ['keyId="k",algorithm="rsa-sha256"', 'signature is missing or empty'],
    ['keyId="k",algorithm="rsa-sha256",signature="abc"', 'signature is not base64'],
    [
      `keyId="k",algorithm="a",headers="date  digest",signature="${signature}"`,
      'headers "date  digest" has an empty name',
    ],
    [`keyId="k",algorithm="a",headers="date Date",signature="${signature}"`, 'headers lists date twice'],
    ['keyId="=?utf-8?B?#?=",algorithm="a"', 'keyId: the encoded word =?utf-8?B?#?= is not valid B encoding'],
  ])('refuses %j', (header, reason) => {
    expect(parseSignatureHeader(header)).toEqual({ ok: false, reason: `Signature header: ${reason}` })
  })
})
