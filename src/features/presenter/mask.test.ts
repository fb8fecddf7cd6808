import { describe, expect, it } from 'vitest'
import { maskBody, maskHeaders, maskIdentifier } from './mask'

describe('presenter masking', () => {
  it('keeps the last two characters and the length of an identifier', () => {
    expect(maskIdentifier('13039319955')).toBe('•••••••••55')
    expect(maskIdentifier('ab')).toBe('••')
    expect(maskIdentifier('')).toBe('')
  })

  it('masks PSU-ID and PSU-Corporate-ID in any case, and nothing else', () => {
    expect(
      maskHeaders([
        ['psu-id', 'PSU-4711-XY'],
        ['PSU-Corporate-ID', '18129215603'],
        ['X-Request-ID', 'b1c2d3e4'],
      ]),
    ).toEqual([
      ['psu-id', '•••••••••XY'],
      ['PSU-Corporate-ID', '•••••••••03'],
      ['X-Request-ID', 'b1c2d3e4'],
    ])
  })

  it('masks customer numbers and PSU ids in a body, compact or indented, and leaves the rest', () => {
    const compact = '{"maskedPan":"525412******3241","customerNumber":"13039319955","name":"Kari"}'
    expect(maskBody(compact)).toBe(
      '{"maskedPan":"525412******3241","customerNumber":"•••••••••55","name":"Kari"}',
    )
    // An escaped quote does not end the value; the mask covers the value as written, escapes included.
    const indented = JSON.stringify(
      { cardAccounts: [{ customerNumber: '18129215603', psuId: 'x\\"y12' }] },
      null,
      2,
    )
    const masked = maskBody(indented)
    expect(masked).not.toContain('18129215603')
    expect(masked).toContain('"customerNumber": "•••••••••03"')
    expect(JSON.parse(masked).cardAccounts[0].psuId).toBe('••••••12')
  })
})
