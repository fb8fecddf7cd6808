import { describe, expect, it } from 'vitest'
import { signedRequestIds } from './signed-request-ids'

describe('the signed X-Request-IDs the proxy remembers', () => {
  it('refuses an id within the window and takes it again once the window has passed', () => {
    let time = 0
    const ids = signedRequestIds({ windowMs: 600_000, maxIds: 10, now: () => time })
    expect(ids.claim('a')).toBe('fresh')
    time = 599_999
    expect(ids.claim('a')).toBe('used')
    time = 600_000
    expect(ids.claim('a')).toBe('fresh')
  })

  it('takes an id in another case for the same id', () => {
    const ids = signedRequestIds({ windowMs: 600_000, maxIds: 10, now: () => 0 })
    expect(ids.claim('99391c7e-ad88-49ec-a2ad-99ddcb1f7721')).toBe('fresh')
    expect(ids.claim('99391C7E-AD88-49EC-A2AD-99DDCB1F7721')).toBe('used')
  })

  it('cannot be flushed: when full it refuses new ids and still remembers the first', () => {
    let time = 0
    const ids = signedRequestIds({ windowMs: 600_000, maxIds: 3, now: () => time })
    for (const id of ['a', 'b', 'c']) expect(ids.claim(id)).toBe('fresh')
    for (let i = 0; i < 1_000; i++) expect(ids.claim(`flood-${i}`)).toBe('full')
    expect(ids.size).toBe(3)
    expect(ids.claim('a')).toBe('used')
    time = 600_000
    expect(ids.claim('d')).toBe('fresh')
  })

  it('still refuses within the window and forgets after it over many windows', () => {
    let time = 0
    const ids = signedRequestIds({ windowMs: 100, maxIds: 16, now: () => time })
    for (let i = 0; i < 1_000; i++) {
      time = i * 20
      expect(ids.claim(`id-${i}`)).toBe('fresh')
      // Claimed 20 ms ago: refused. Claimed 100 ms ago: forgotten, so it may be signed again.
      if (i >= 1) expect(ids.claim(`id-${i - 1}`)).toBe('used')
      if (i >= 5) expect(ids.claim(`id-${i - 5}`)).toBe('fresh')
    }
    expect(ids.size).toBeLessThanOrEqual(16)
  })
})
