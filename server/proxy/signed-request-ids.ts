export interface SignedRequestIds {
  /**
   * Records `id` as signed now and says true, or says false when it was already signed within the window:
   * the caller must then not sign it again. Synchronous, so two requests racing with one id cannot both pass.
   */
  claim(id: string): boolean
  readonly size: number
}

export interface SignedRequestIdsOptions {
  windowMs: number
  /** The most ids kept: past it the oldest are forgotten early, so memory stays bounded under any load. */
  maxIds: number
  now?: () => number
}

/**
 * The X-Request-IDs signed recently. A signed request replayed within the window is refused before it is
 * signed again, so a captured id cannot be re-signed with another body. Every id lives the same time, so
 * claim order is also expiry order: the ids wait in a ring in that order and are forgotten from its front.
 * The ring, not the Set's own order, says which is oldest: a Set walked from its front after many deletions
 * passes over every deleted slot first, which made each claim cost more the longer the proxy ran.
 */
export function signedRequestIds({
  windowMs,
  maxIds,
  now = () => performance.now(),
}: SignedRequestIdsOptions): SignedRequestIds {
  const signed = new Set<string>()
  const ring: string[] = new Array(maxIds)
  const times = new Float64Array(maxIds)
  /** The oldest id's slot; the ring holds `signed.size` ids from there on. */
  let oldest = 0

  function forgetOld(time: number) {
    while (signed.size > 0 && (time - (times[oldest] ?? 0) >= windowMs || signed.size >= maxIds)) {
      signed.delete(ring[oldest] ?? '')
      oldest = (oldest + 1) % maxIds
    }
  }

  return {
    claim(id) {
      const time = now()
      forgetOld(time)
      if (signed.has(id)) return false
      const slot = (oldest + signed.size) % maxIds
      ring[slot] = id
      times[slot] = time
      signed.add(id)
      return true
    },
    get size() {
      return signed.size
    },
  }
}
