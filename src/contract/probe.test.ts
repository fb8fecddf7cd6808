// Two checks of one sandbox compared, as `npm run probe --compare` and the console's "Changed since" do.
import { describe, expect, it } from 'vitest'
import { personalityProfiles } from './bank-profile'
import { compareTraits } from './probe'

describe('two checks compared', () => {
  it('name each trait where two profiles differ', () => {
    expect(compareTraits(personalityProfiles.console, personalityProfiles['small-pages'])).toEqual({
      changed: [
        { trait: 'pageSizeDefault', before: 200, after: 10 },
        { trait: 'pageCap', before: { max: 1000, above: 'refused' }, after: { max: 10, above: 'lowered' } },
      ],
      notCheckedNow: [],
      notCheckedBefore: [],
    })
  })

  it('tell a trait one check left unknown apart from a change: the opt-in left out changes no bank', () => {
    const withOptIn = personalityProfiles.platform
    const without = { ...withOptIn, dateHeader: 'unknown', keyId: 'unknown' } as const
    expect(compareTraits(withOptIn, without)).toEqual({
      changed: [],
      notCheckedNow: ['dateHeader', 'keyId'],
      notCheckedBefore: [],
    })
    expect(compareTraits(without, { ...withOptIn, amounts: 'number' })).toEqual({
      changed: [{ trait: 'amounts', before: 'string', after: 'number' }],
      notCheckedNow: [],
      notCheckedBefore: ['dateHeader', 'keyId'],
    })
  })
})
