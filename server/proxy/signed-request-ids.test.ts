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
})
