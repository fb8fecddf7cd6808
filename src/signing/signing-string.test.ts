import { describe, expect, it } from 'vitest'
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
