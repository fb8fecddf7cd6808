import { describe, expect, it } from 'vitest'
import { certificateWarning } from './certificate-warning'

const notBefore = new Date('2026-01-01T00:00:00Z')
const notAfter = new Date('2026-12-31T12:00:00Z')
const at = (iso: string) => certificateWarning(notBefore, notAfter, new Date(iso))

describe('the signing certificate’s validity', () => {
  it('says nothing more than 30 days before the end', () => {
    expect(at('2026-06-01T00:00:00Z')).toBeUndefined()
    expect(at('2026-11-30T12:00:00Z')).toBeUndefined()
  })

  it('warns from 30 days before the end', () => {
    expect(at('2026-12-01T13:00:00Z')).toBe(
      'This certificate expires in 29 days (2026-12-31): get a new one registered with the bank.',
    )
    expect(at('2026-12-31T08:00:00Z')).toContain('expires today')
  })

  it('says when it has expired or is not valid yet', () => {
    expect(at('2027-01-01T00:00:00Z')).toBe(
      'This certificate expired on 2026-12-31: the sandbox refuses what it signs.',
    )
    expect(at('2025-12-31T00:00:00Z')).toContain('not valid before 2026-01-01')
  })
})
