import { expect, it } from 'vitest'
import { cardAccountCreate } from './card-account'
import { characterCount } from './text'

const account = { maskedPan: '525412******3241', currency: 'NOK', customerNumber: '13039319955' }
const nameIssues = (name: string) =>
  cardAccountCreate.safeParse({ ...account, name }).error?.issues.map((issue) => issue.message) ?? []

// docs/decisions.md#text-length: the rule and the counters count code points, one for each emoji.
it('counts code points, as the name rule does: 35 emoji pass, 36 do not', () => {
  expect(characterCount('😀'.repeat(35))).toBe(35)
  expect(nameIssues('😀'.repeat(35))).toEqual([])
  expect(nameIssues('😀'.repeat(36))).toEqual([expect.stringMatching(/^name may have at most 35 characters/)])
})

it('counts a joined family emoji as the code points it is made of', () => {
  const family = '👨‍👩‍👧'
  expect(characterCount(family)).toBe(5)
  expect(nameIssues(`${'N'.repeat(30)}${family}`)).toEqual([])
  expect(nameIssues(`${'N'.repeat(31)}${family}`)).toHaveLength(1)
})
