import { expect, it } from 'vitest'
import { headerFieldProblem } from './header-fields'

it('refuses in words what a header cannot carry intact, Latin-1 letters among it', () => {
  expect(headerFieldProblem('PSU-Corporate-ID', '18129215603')).toBeUndefined()
  expect(headerFieldProblem('PSU-Corporate-ID', 'Corp-7 (Oslo), AS!')).toBeUndefined()
  expect(headerFieldProblem('PSU-Corporate-ID', 'corp 😀')).toBe(
    'PSU-Corporate-ID is sent as an HTTP header, which carries only unaccented letters (A–Z), digits, punctuation and spaces intact: remove "😀" (U+1F600)',
  )
  // Chromium empties a Latin-1 letter in a header on its way to a service worker: offline, the sandbox
  // was sent a blank PSU-Corporate-ID and asked for one.
  expect(headerFieldProblem('PSU-Corporate-ID', 'Bjørn Ærø')).toBe(
    'PSU-Corporate-ID is sent as an HTTP header, which carries only unaccented letters (A–Z), digits, punctuation and spaces intact: remove "ø" (U+00F8), "Æ" (U+00C6)',
  )
  expect(headerFieldProblem('PSU-ID', 'a\nb')).toMatch(/^PSU-ID .*remove the control character U\+000A$/)
  expect(headerFieldProblem('PSU-ID', 'x'.repeat(257))).toBe(
    'PSU-ID may have at most 256 characters (it has 257)',
  )
})
