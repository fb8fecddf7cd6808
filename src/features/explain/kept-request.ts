import { z } from '../../contract/zod'

/**
 * What Explain keeps for the tab's session, as the console keeps its other per-tab choices: a tester pastes,
 * reads the diagnosis, closes the dialog to try the fix and comes back to both. `diagnosedAt` is set only
 * when the diagnosis shown was of the request as kept: judged again at that instant, it is the same one.
 * An opened file is not kept (it may be megabytes; the dialog asks before closing with one).
 */
const keptRequest = z.object({
  text: z.string(),
  certificate: z.string(),
  atItsDate: z.boolean(),
  entry: z.number(),
  diagnosedAt: z.optional(z.iso.datetime()),
})
export type KeptRequest = z.infer<typeof keptRequest>

const KEY = 'sandbox-console.explain'
const NOTHING_KEPT: KeptRequest = { text: '', certificate: '', atItsDate: false, entry: 0 }

export function readKeptRequest(): KeptRequest {
  try {
    const parsed = keptRequest.safeParse(JSON.parse(sessionStorage.getItem(KEY) ?? 'null'))
    return parsed.success ? parsed.data : NOTHING_KEPT
  } catch {
    return NOTHING_KEPT
  }
}

export function keepRequest(kept: KeptRequest): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(kept))
  } catch {
    // Storage refused (a private window's quota): the request stays until the dialog closes.
  }
}
