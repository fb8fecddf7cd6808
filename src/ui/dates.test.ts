import { expect, it } from 'vitest'
import { consoleDateTime, consoleTime } from './dates'

// Local time, as the tester's clock shows it: built from parts, so the test holds in any time zone.
const moment = new Date(2026, 0, 5, 7, 3, 9)

it('writes a moment as yyyy-mm-dd HH:MM, whatever the locale', () => {
  expect(consoleDateTime(moment)).toBe('2026-01-05 07:03')
  expect(consoleDateTime(moment.getTime(), { seconds: true })).toBe('2026-01-05 07:03:09')
  expect(consoleDateTime(moment.toISOString())).toBe('2026-01-05 07:03')
})

it('writes a time as HH:MM:SS on a 24-hour clock', () => {
  expect(consoleTime(new Date(2026, 0, 5, 19, 3, 9))).toBe('19:03:09')
  expect(consoleTime(moment, { seconds: false })).toBe('07:03')
})
