/** What a claim found: a fresh id (now remembered), one already used, or a memory too full to remember it. */
export type RequestIdClaim = 'fresh' | 'used' | 'full'

export interface RequestIdMemory {
  /**
   * Remembers `id` (case-insensitively: a UUID in upper case is the same id) until `until`, or says it is
   * remembered already. Synchronous, so two requests racing with one id cannot both pass.
   */
  claim(id: string, until: number, now: number): RequestIdClaim
  readonly size: number
}

/** How often, at most, a full memory is swept again before it refuses. */
const FULL_SWEEP_GAP_MS = 1_000

/**
 * X-Request-IDs used recently, each kept until its own time (its Date's window for a sandbox, the signing
 * window for the proxy). Never forgotten early: when `maxIds` are live, a new id is refused ('full') rather
 * than an old one dropped, so a flood of fresh ids cannot make room for a replay. Expired ids are swept
 * every `sweepEveryMs`, or at once when the memory is full, so it holds about what the window holds.
 */
export function requestIdMemory({
  maxIds,
  sweepEveryMs,
}: {
  maxIds: number
  sweepEveryMs: number
}): RequestIdMemory {
  const until = new Map<string, number>()
  let nextSweep = Number.NEGATIVE_INFINITY
  let lastSweep = Number.NEGATIVE_INFINITY

  function sweep(now: number) {
    for (const [id, time] of until) if (time <= now) until.delete(id)
    lastSweep = now
    nextSweep = now + sweepEveryMs
  }

  return {
    claim(id, keepUntil, now) {
      const key = id.toLowerCase()
      const known = until.get(key)
      if (known !== undefined && known > now) return 'used'
      if (known !== undefined) until.delete(key)
      if (now >= nextSweep || (until.size >= maxIds && now - lastSweep >= FULL_SWEEP_GAP_MS)) sweep(now)
      if (until.size >= maxIds) return 'full'
      until.set(key, keepUntil)
      return 'fresh'
    },
    get size() {
      return until.size
    },
  }
}
