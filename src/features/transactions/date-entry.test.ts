import { describe, expect, it } from 'vitest'
import { dateEntryProblem, readDateEntry } from './date-entry'

describe('a date typed into a filter field', () => {
  it('acts only once the year is complete: what the field reports while 2026 is typed is not applied', () => {
    const steps = ['0002-11-11', '0020-11-11', '0202-11-11', '2026-11-11'].map((v) => readDateEntry(v, false))
    expect(steps.map((s) => s.kind)).toEqual(['out-of-range', 'out-of-range', 'out-of-range', 'date'])
    expect(steps[3]).toEqual({ kind: 'date', value: '2026-11-11' })
  })

  it('tells an empty field from one the browser could not read (Feb 30, a missing part)', () => {
    expect(readDateEntry('', false)).toEqual({ kind: 'empty' })
    expect(readDateEntry('', true)).toEqual({ kind: 'unreadable' })
    expect(readDateEntry('2026-02-30', false)).toEqual({ kind: 'unreadable' })
  })

  it('says in words why nothing was applied', () => {
    expect(dateEntryProblem('From', { kind: 'unreadable' })).toBe(
      'From is not a real date: the day does not exist in that month, or the month, day or year is missing. The table is not filtered by From.',
    )
    expect(dateEntryProblem('To', { kind: 'out-of-range', year: 202 })).toBe(
      'To: the year 202 is outside 1900–2999; type all four digits. The table is not filtered by To.',
    )
    expect(dateEntryProblem('To', { kind: 'date', value: '2026-11-11' })).toBeUndefined()
  })
})
