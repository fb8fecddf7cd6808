import { createSettingsStore } from '../../api'
import { z } from '../../contract/zod'

/**
 * What Explain keeps for the tab's session, as the console keeps its other per-tab choices: a tester pastes,
 * reads the diagnosis, closes the dialog to try the fix and comes back to both. `diagnosedAt` is set only
 * when the diagnosis shown was of the request as kept: judged again at that instant, it is the same one.
 * An opened file is not kept (it may be megabytes; the dialog asks before closing with one).
 */
const keptRequestSchema = z.object({
  text: z.string(),
  certificate: z.string(),
  atItsDate: z.boolean(),
  entry: z.number(),
  diagnosedAt: z.optional(z.iso.datetime()),
})
export type KeptRequest = z.infer<typeof keptRequestSchema>

export const keptRequest = createSettingsStore<KeptRequest>({
  storage: sessionStorage,
  key: 'sandbox-console.explain',
  schema: keptRequestSchema,
  fallback: { text: '', certificate: '', atItsDate: false, entry: 0 },
  what: 'the request pasted in Explain',
})
