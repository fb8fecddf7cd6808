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
 * signed again, so a captured id cannot be re-signed with another body. Every id lives the same time, so the
 * Map's insertion order is also expiry order and forgetting is a walk from its front.
 */
export function signedRequestIds({
  windowMs,
  maxIds,
  now = () => performance.now(),
}: SignedRequestIdsOptions): SignedRequestIds {
  const signedAt = new Map<string, number>()

  function forgetOld(time: number) {
    for (const [id, at] of signedAt) {
      if (time - at < windowMs && signedAt.size < maxIds) return
      signedAt.delete(id)
    }
  }

  return {
    claim(id) {
      const time = now()
      forgetOld(time)
      if (signedAt.has(id)) return false
      signedAt.set(id, time)
      return true
    },
    get size() {
      return signedAt.size
    },
  }
}
