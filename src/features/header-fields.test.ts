import { expect, it } from 'vitest'
import { headerFieldProblem } from './header-fields'

it('refuses in words what a header cannot carry, and accepts Latin-1 text', () => {
  expect(headerFieldProblem('PSU-Corporate-ID', '18129215603')).toBeUndefined()
  expect(headerFieldProblem('PSU-Corporate-ID', 'Bjørn Ærø')).toBeUndefined()
  expect(headerFieldProblem('PSU-Corporate-ID', 'corp 😀')).toBe(
    'PSU-Corporate-ID is sent as an HTTP header, which can carry only Latin letters, digits, punctuation and spaces: remove "😀" (U+1F600)',
  )
  expect(headerFieldProblem('PSU-ID', 'a\nb')).toMatch(/^PSU-ID .*remove the control character U\+000A$/)
  expect(headerFieldProblem('PSU-ID', 'x'.repeat(257))).toBe(
    'PSU-ID may have at most 256 characters (it has 257)',
  )
})
