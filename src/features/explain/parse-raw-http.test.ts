import { describe, expect, it } from 'vitest'
import { parseRawHttp } from './parse-raw-http'

const bytes = (text: string) => new TextEncoder().encode(text)

describe('parseRawHttp', () => {
  it('refuses a first line that is no request line, and a line that is no header', () => {
    const notARequestLine = {
      ok: false,
      reason: 'the first line is not a request line such as "POST /v1/sandbox/card-accounts HTTP/1.1"',
    }
    expect(parseRawHttp('POST v1/x HTTP/1.1')).toEqual(notARequestLine)
    expect(parseRawHttp('GET /v1 HTTP/1.1\n: empty name')).toEqual({
      ok: false,
      reason: 'the line ": empty name" is not a header (name: value)',
    })
    expect(parseRawHttp('GET /v1\n  folded first')).toEqual({
      ok: false,
      reason: 'the line "  folded first" is not a header (name: value)',
    })
  })

  it('reads a request without a blank line as a head without a body', () => {
    expect(parseRawHttp('\n  get /v1?a=1 \nHost: h\n\n')).toEqual({
      ok: true,
      format: 'raw HTTP',
      request: { method: 'GET', url: '/v1?a=1', headers: [['Host', 'h']], bodySource: 'none' },
      notes: [],
    })
    expect(parseRawHttp(bytes('GET /v1 HTTP/1.1\r\nHost: h'))).toMatchObject({
      request: { headers: [['Host', 'h']], bodySource: 'none' },
    })
  })

  it('says a blank line followed by nothing is no body, from bytes or text', () => {
    for (const input of [bytes('POST /v1 HTTP/1.1\nA: 1\n\n'), 'POST /v1 HTTP/1.1\nA: 1\r\n\r\n']) {
      const reading = parseRawHttp(input)
      expect(reading).toMatchObject({ ok: true, request: { bodySource: 'none' } })
      expect(reading.ok && reading.request).not.toHaveProperty('body')
    }
  })
})
