import { describe, expect, it } from 'vitest'
import { runBounded } from '../test/bounded-run'
import { buildSigningString } from './signing-string'

const base = { method: 'GET', url: '/v1/a?b=c' }

describe('buildSigningString', () => {
  it('looks names up in any case, trims optional white space and keeps the listed order', () => {
    const headers = { 'X-Request-ID': ' id ', DATE: '\tMon, 01 Mar 2027 00:00:00 GMT', 'Psu-Id': 'a  b' }
    expect(
      buildSigningString({
        ...base,
        headers,
        headerNames: ['psu-id', '(request-target)', 'x-request-id', 'date'],
      }),
    ).toEqual({
      ok: true,
      value:
        'psu-id: a  b\n(request-target): get /v1/a?b=c\nx-request-id: id\ndate: Mon, 01 Mar 2027 00:00:00 GMT',
    })
  })

  it('keeps an empty value as an empty line value', () => {
    expect(buildSigningString({ ...base, headers: { 'psu-id': '' }, headerNames: ['psu-id'] })).toEqual({
      ok: true,
      value: 'psu-id: ',
    })
  })

  it('names a listed header that is absent or given twice instead of merging', () => {
    expect(buildSigningString({ ...base, headers: {}, headerNames: ['date'] })).toEqual({
      ok: false,
      header: 'date',
      reason: 'header date is listed in headers but absent',
    })
    expect(buildSigningString({ ...base, headers: { Date: 'a', date: 'b' }, headerNames: ['date'] })).toEqual(
      {
        ok: false,
        header: 'date',
        reason: 'header date is given more than once',
      },
    )
  })
})

describe('a megabyte header value', () => {
  it('loses the white space at its ends and keeps the inner runs, in one pass', () => {
    // In a child killed past the bound: a quadratic trim never returns from this in the test's own thread.
    const line = runBounded(
      `import { buildSigningString } from './src/signing/signing-string.ts'
       const run = ' \\t'.repeat(500_000)
       const value = run + 'a' + run + 'b' + run + 'c' + run
       const built = buildSigningString({ headerNames: ['psu-id'], method: 'GET', url: '/', headers: { 'PSU-ID': value } })
       if (!built.ok) throw new Error(built.reason)
       const v = built.value
       console.log(JSON.stringify({ length: v.length, start: v.slice(0, 10), end: v.slice(-3) }))`,
    )
    expect(line).toEqual({ length: 'psu-id: '.length + 3 + 2 * 1_000_000, start: 'psu-id: a ', end: ' \tc' })
  }, 120_000)
})
