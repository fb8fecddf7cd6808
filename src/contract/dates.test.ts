import { describe, expect, it } from 'vitest'
import { addDays, daysBetween, isoDate } from './dates'
import { weekStart } from './transactions-summary'

const messages = (value: string) => isoDate.safeParse(value).error?.issues.map((issue) => issue.message) ?? []

describe('a calendar date in the years 0001 to 0099', () => {
  it.each(['0001-01-01', '0050-06-15', '0099-12-31', '0004-02-29'])('%s is a real day', (date) => {
    expect(messages(date)).toEqual([])
  })

  it('keeps the calendar rule there: no 29 February in 0100, no 31 June in 0050, no year 0000', () => {
    for (const date of ['0100-02-29', '0050-06-31', '0000-01-01']) {
      expect(messages(date)).toEqual(['is not a real calendar date'])
    }
  })

  it('counts and steps days there without landing in the 1900s', () => {
    expect(addDays('0050-12-31', 1)).toBe('0051-01-01')
    expect(addDays('0001-03-01', -1)).toBe('0001-02-28')
    expect(daysBetween('0099-12-31', '0100-01-01')).toBe(1)
    expect(daysBetween('0050-01-01', '2050-01-01')).toBe(730_485)
    // 0050-06-15 is a Wednesday in the proleptic Gregorian calendar (Python's datetime agrees).
    expect(weekStart('0050-06-15')).toBe('0050-06-13')
  })
})
