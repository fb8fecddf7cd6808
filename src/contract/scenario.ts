import { bankProfileFile } from './bank-profile'
import { conditionSet, emptyConditionSet } from './conditions'
import { isoDate } from './dates'
import { personalityName } from './personality-names'
import { realClock, sandboxClockState } from './sandbox-clock'
import {
  accountBookPart,
  CONSOLE_FILE_FORMAT,
  CONSOLE_FILE_VERSION,
  cardAccountData,
  formatField,
  headReader,
  versionField,
} from './snapshot'
import { z } from './zod'

/** The most characters (code points) a scenario's name may have: the forms count against it. */
export const SCENARIO_NAME_MAX = 80

/** A scenario's name: what the list shows and the library is keyed by. */
export const scenarioName = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'a scenario needs a name'),
    z.maxLength(SCENARIO_NAME_MAX, `a scenario name may have at most ${SCENARIO_NAME_MAX} characters`),
  )

/**
 * Whether two scenario names are one name: letters' case apart, a tester reads "Demo" and "demo" as the
 * same scenario (docs/decisions.md#scenarios).
 */
export const sameScenarioName = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase()

/** Reads counted per account and operation on one day of the sandbox clock, for the quota conditions. */
export const quotaReads = z.strictObject({
  day: isoDate,
  reads: z.record(z.string(), z.number().check(z.int(), z.gte(0))),
})
export type QuotaReads = z.infer<typeof quotaReads>

/**
 * Which bank a sandbox behaves like: a personality's name (all a scenario held before bank profiles, so those
 * files still load), or a bank profile, learned by a probe or read from a profile file.
 */
export const sandboxBehaviour = z.union([personalityName, bankProfileFile])
export type SandboxBehaviour = z.infer<typeof sandboxBehaviour>

/**
 * A named scenario: the whole offline state, so loading it puts the console back exactly there: the data,
 * the account book of the in-browser sandbox, the clock, the conditions with the reads they counted today,
 * and the bank it behaves like.
 */
const scenarioV3 = z.strictObject({
  format: formatField,
  version: versionField,
  kind: z.literal('scenario'),
  name: scenarioName,
  exportedAt: z.optional(z.string()),
  clock: sandboxClockState,
  conditions: conditionSet,
  quotaReads: z.optional(quotaReads),
  personality: sandboxBehaviour,
  cardAccounts: z.array(cardAccountData),
  accountBook: z.optional(accountBookPart),
})

/** A scenario file, as the scenario list imports it: a file of another kind is told so. */
export const scenarioFile = z.pipe(
  z.transform(
    headReader(
      z.literal('scenario', { error: 'kind must be "scenario": only scenario files can be imported here' }),
    ),
  ),
  scenarioV3,
)
export type ScenarioFile = z.infer<typeof scenarioFile>

/** A scenario of these accounts as a new sandbox starts: the real date, no conditions, the console's own shape. */
export function newScenarioFile(name: string, cardAccounts: ScenarioFile['cardAccounts']): ScenarioFile {
  return {
    format: CONSOLE_FILE_FORMAT,
    version: CONSOLE_FILE_VERSION,
    kind: 'scenario',
    name,
    clock: realClock,
    conditions: emptyConditionSet,
    personality: 'console',
    cardAccounts,
  }
}
