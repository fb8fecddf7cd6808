import { type RequestIdClaim, requestIdMemory } from '../../src/sandbox-http/request-id-memory'

export interface SignedRequestIds {
  /**
   * Records `id` as signed now ('fresh'), or says it was signed within the window ('used': it must not be
   * signed again), or that the window already holds `maxIds` ids ('full': nothing is signed until some
   * expire). Case-insensitive.
   */
  claim(id: string): RequestIdClaim
  readonly size: number
}

export interface SignedRequestIdsOptions {
  windowMs: number
  /** The most ids kept: past it new ones are refused, never old ones forgotten early. */
  maxIds: number
  now?: () => number
}

/**
 * The X-Request-IDs signed recently. A signed request replayed within the window is refused before it is
 * signed again, so a captured id cannot be re-signed with another body. Memory is bounded by the window
 * times the signing rate, capped at `maxIds`: 100,000 ids in 10 minutes is 166 signed requests a second.
 */
export function signedRequestIds({
  windowMs,
  maxIds,
  now = () => performance.now(),
}: SignedRequestIdsOptions): SignedRequestIds {
  const memory = requestIdMemory({ maxIds, sweepEveryMs: Math.max(1, Math.ceil(windowMs / 10)) })
  return {
    claim(id) {
      const time = now()
      return memory.claim(id, time + windowMs, time)
    },
    get size() {
      return memory.size
    },
  }
}
