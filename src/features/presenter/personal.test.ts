import { describe, expect, it } from 'vitest'
import { personalFields, personalHeaders } from '../../contract'
import { REDACTED, redactBody, redactHeaders, redactSigningString } from '../share/redact'
import { maskBody, maskHeaders } from './mask'

// One value per personal header and field: after masking (screen) or redaction (files) none may be left.
const headers: [string, string][] = [
  ...personalHeaders.map((name, i): [string, string] => [name.toLowerCase(), `9100000000${i}`]),
  ['X-Request-ID', 'b1c2d3e4'],
]
const body = JSON.stringify({
  ...Object.fromEntries(personalFields.map((field, i) => [field, `9200000000${i}`])),
  nested: { customerNumber: 92999999999 },
  maskedPan: '525412******3241',
})
const values = [...headers.slice(0, -1).map(([, v]) => v), ...personalFields.map((_, i) => `9200000000${i}`)]

describe('one rule of what is personal, for the screen and for files', () => {
  it('masks on screen every value redaction takes out of a file, and nothing else', () => {
    const screen = JSON.stringify([maskHeaders(headers), maskBody(body)])
    const file = JSON.stringify([redactHeaders(headers), redactBody(body)])
    for (const value of [...values, '92999999999']) {
      expect(screen).not.toContain(value)
      expect(file).not.toContain(value)
    }
    expect(screen).toContain('•••••••••99')
    expect(file.split(REDACTED)).toHaveLength(values.length + 2)
    for (const kept of ['b1c2d3e4', '525412******3241']) {
      expect(screen).toContain(kept)
      expect(file).toContain(kept)
    }
  })

  it('redacts every personal header in a signing string', () => {
    const signing = `(request-target): get /x\n${headers.map(([n, v]) => `${n}: ${v}`).join('\n')}`
    expect(redactSigningString(signing)).toBe(
      `(request-target): get /x\n${personalHeaders.map((n) => `${n.toLowerCase()}: ${REDACTED}`).join('\n')}\nX-Request-ID: b1c2d3e4`,
    )
  })

  it('leaves the account list’s PSU-Corporate-ID wildcard, which names no one, on screen and in files', () => {
    const list: [string, string][] = [['psu-corporate-id', '*']]
    const signing = '(request-target): get /x\npsu-corporate-id: *'
    expect(maskHeaders(list)).toEqual(list)
    expect(redactHeaders(list)).toEqual(list)
    expect(redactSigningString(signing)).toBe(signing)
  })
})
