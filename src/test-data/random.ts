// Apart from the generator: the engine's test conditions draw from the same PRNG, and the in-browser
// sandbox, which loads them at start, should not fetch the generator with it.

/** The largest seed mulberry32 tells apart: it reads its seed as 32 bits, so a larger one repeats a smaller. */
export const MAX_SEED = 0xffff_ffff

/** Small seeded PRNG (mulberry32): the same seed gives the same sequence in every browser and in Node. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
