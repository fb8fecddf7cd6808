import { describe, expect, it } from 'vitest'
import { signedRequestIds } from './signed-request-ids'

describe('the signed X-Request-IDs the proxy remembers', () => {
  it('refuses an id within the window and takes it again once the window has passed', () => {
    let time = 0
    const ids = signedRequestIds({ windowMs: 600_000, maxIds: 10, now: () => time })
    expect(ids.claim('a')).toBe(true)
    time = 599_999
    expect(ids.claim('a')).toBe(false)
    time = 600_000
    expect(ids.claim('a')).toBe(true)
  })

  it('keeps at most maxIds, forgetting the oldest first', () => {
    const ids = signedRequestIds({ windowMs: 600_000, maxIds: 3, now: () => 0 })
    for (const id of ['a', 'b', 'c', 'd']) expect(ids.claim(id)).toBe(true)
    expect(ids.size).toBe(3)
    expect(ids.claim('a')).toBe(true)
    expect(ids.claim('d')).toBe(false)
  })

  it('still refuses within the window and forgets after it once its ring has wrapped many times', () => {
    let time = 0
    const ids = signedRequestIds({ windowMs: 100, maxIds: 8, now: () => time })
    for (let i = 0; i < 1_000; i++) {
      time = i * 20
      expect(ids.claim(`id-${i}`)).toBe(true)
      // Claimed 20 ms ago: refused. Claimed 100 ms ago: forgotten, so it may be signed again.
      if (i >= 1) expect(ids.claim(`id-${i - 1}`)).toBe(false)
      if (i >= 5) expect(ids.claim(`id-${i - 5}`)).toBe(true)
    }
    expect(ids.size).toBeLessThanOrEqual(8)
  })
})
