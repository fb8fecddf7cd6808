import { type Mode, modeLabels, modes, writeToStorage } from '../../api'
import { bookingStatuses, localToday } from '../../contract'
import { type Flow, flow as flowSchema } from '../../contract/flow'
import { tamperScenario } from '../../contract/tamper-scenarios'
import { z } from '../../contract/zod'
import { type TamperScenario, tamperLabels } from '../../signing/tamper-scenarios'
import type { ViewState } from '../view-state'
import { FLOW_RUN_KEY, tamperBeforeOf } from './kept-run'
import { type FlowContext, type StepOutcome, tamperOf } from './run-step'
import { shippedFlows } from './shipped'

/**
 * A flow as far as this tab ran it: what the panel needs to show it again after a reload, and to put back
 * what it changed when it closes. The request log starts again with the page, so an outcome keeps no entry
 * of it (the inspector follows the new requests).
 */
export interface FlowRun {
  /** The mode its steps ran in: the sandbox that holds its account. */
  mode: Mode
  /** The flow as it runs (a shipped one as dated and named when its run started). */
  flow: Flow
  /** Its place among the shipped flows; a saved flow is found by its name. */
  shipped: number | undefined
  at: number
  outcomes: readonly (StepOutcome | undefined)[]
  context: FlowContext
  /** The Signature switch as it was before the flow: closing it puts the switch back so. */
  tamperBefore: TamperScenario | undefined
}

/** Keeps the run for this tab's next load. */
export function keepFlowRun(run: FlowRun, storage: Pick<Storage, 'setItem'> = sessionStorage): void {
  const kept: z.input<typeof keptRun> = {
    v: 1,
    mode: run.mode,
    flow: run.flow,
    shipped: run.shipped ?? null,
    at: run.at,
    outcomes: run.outcomes.map((outcome) =>
      outcome === undefined
        ? null
        : {
            context: outcome.context,
            status: outcome.status ?? null,
            ok: outcome.ok,
            summary: outcome.summary,
            view: withNulls(outcome.view),
          },
    ),
    context: run.context,
    tamperBefore: run.tamperBefore ?? null,
  }
  writeToStorage('the flow this tab is running', () => storage.setItem(FLOW_RUN_KEY, JSON.stringify(kept)))
}

/** Where the panel starts: the kept run again where it can be, else a fresh start that says why. */
export interface PanelStart {
  shipped: Flow[]
  selected: number
  at: number
  outcomes: (StepOutcome | undefined)[]
  context: FlowContext
  tamperBefore: TamperScenario | undefined
  /** The Signature switch as the step shown left it (as it was before the flow at step 0): the panel sets it. */
  tamper: TamperScenario | undefined
  /** Why the kept run did not come back as it was; undefined when it did, or when none was kept. */
  note: string | undefined
}

/**
 * The panel's start from what this tab kept (`stored`, the raw text, null when nothing): the run at its
 * step, in the mode it ran in; in the other mode (a switch mid-flow, whose sandbox does not hold the flow's
 * account) the same flow from its step 1; a run that cannot be read back, or whose saved flow is gone, a
 * fresh start. Whichever it is, the Signature switch ends as the start describes it: a flow's spoiled
 * signature never stays behind without the flow shown that set it.
 */
export function startOfPanel({
  stored,
  mode,
  saved,
  now,
  tamper,
}: {
  stored: string | null
  mode: Mode
  /** The flows saved in this browser. */
  saved: readonly Flow[]
  now: Date
  /** The Signature switch as it is now. */
  tamper: TamperScenario | undefined
}): PanelStart {
  const shipped = shippedFlows(localToday(now), now)
  const fresh = (tamperBefore: TamperScenario | undefined, selected = 0): PanelStart => ({
    shipped,
    selected,
    at: 0,
    outcomes: [],
    context: {},
    tamperBefore,
    tamper: tamperBefore,
    note: undefined,
  })
  if (stored === null) return fresh(tamper)
  const run = readRun(stored)
  if (run === undefined) {
    const before = tamperBeforeOf(stored)
    return {
      ...fresh(before),
      note: `The flow this tab was running could not be read back: pick it to run it again from step 1.${switchBack(tamper, before, before !== undefined)}`,
    }
  }
  const selected = placeOf(run, shipped, saved)
  if (selected === undefined) {
    return {
      ...fresh(run.tamperBefore),
      note: `"${run.flow.name}", the flow this tab was running, is no longer saved in this browser.${switchBack(tamper, run.tamperBefore)}`,
    }
  }
  if (run.mode !== mode) {
    return {
      ...fresh(run.tamperBefore, selected),
      note:
        run.at === 0
          ? undefined
          : `This flow ran to step ${run.at} in ${modeLabels[run.mode]}, whose sandbox holds its account: here it starts again from step 1.${switchBack(tamper, run.tamperBefore)}`,
    }
  }
  if (run.shipped !== undefined) shipped[run.shipped] = run.flow
  const step = run.at > 0 ? run.flow.steps[run.at - 1] : undefined
  return {
    shipped,
    selected,
    at: run.at,
    outcomes: [...run.outcomes],
    context: run.context,
    tamperBefore: run.tamperBefore,
    tamper: step ? tamperOf(step) : run.tamperBefore,
    note: undefined,
  }
}

/**
 * The words for putting the Signature switch back, when that changes it. `asFound` false: what the flow
 * found is not known (a run that could not be read back), and the switch goes to the correct signature.
 */
function switchBack(
  now: TamperScenario | undefined,
  before: TamperScenario | undefined,
  asFound = true,
): string {
  if (now === before) return ''
  const label = before === undefined ? 'Correct' : tamperLabels[before]
  return ` The Signature switch is back to "${label}"${asFound ? ', as it was before the flow' : ''}.`
}

/** The run's flow among the panel's: a shipped one at its place (by name), a saved one by name and steps. */
function placeOf(run: FlowRun, shipped: readonly Flow[], saved: readonly Flow[]): number | undefined {
  if (run.shipped !== undefined) return shipped[run.shipped]?.name === run.flow.name ? run.shipped : undefined
  const same = JSON.stringify(run.flow)
  const index = saved.findIndex((f) => f.name === run.flow.name && JSON.stringify(f) === same)
  return index === -1 ? undefined : shipped.length + index
}

// What is kept. A view's key the step cleared (no From date) is kept as null: left out, a step shown again
// would leave the date the table had.
const nullable = <T>(schema: z.ZodMiniType<T>) =>
  z.optional(
    z.pipe(
      z.nullable(schema),
      z.transform((value) => value ?? undefined),
    ),
  )
const context = z.object({ account: nullable(z.string()) })
const keptView = z.object({
  account: nullable(z.string()),
  status: z.optional(z.enum(bookingStatuses)),
  from: nullable(z.string()),
  to: nullable(z.string()),
  offset: z.optional(z.number().check(z.int(), z.gte(0))),
  fix: z.optional(z.boolean()),
})
const keptOutcome = z.object({
  context,
  status: z.pipe(
    z.nullable(z.number()),
    z.transform((value) => value ?? undefined),
  ),
  ok: z.boolean(),
  summary: z.string(),
  view: keptView,
})
const keptRun = z.object({
  v: z.literal(1),
  mode: z.enum(modes),
  flow: flowSchema,
  shipped: z.nullable(z.number().check(z.int(), z.gte(0))),
  at: z.number().check(z.int(), z.gte(0)),
  outcomes: z.array(z.nullable(keptOutcome)),
  context,
  tamperBefore: z.nullable(tamperScenario),
})

/** The kept run, or undefined when what is stored is not one this console can show again. */
function readRun(stored: string): FlowRun | undefined {
  let parsed: ReturnType<typeof keptRun.safeParse>
  try {
    parsed = keptRun.safeParse(JSON.parse(stored))
  } catch {
    return undefined
  }
  if (!parsed.success) return undefined
  const kept = parsed.data
  // A view's key is left out, or its value as the step set it (undefined only where ViewState allows it).
  const outcomes = kept.outcomes.map((outcome) =>
    outcome === null ? undefined : { ...outcome, view: outcome.view as Partial<ViewState> },
  )
  const steps = kept.flow.steps.length
  // Every step up to the one shown ran, and none past the flow's end.
  if (kept.at > steps || outcomes.length > steps || outcomes.slice(0, kept.at).some((o) => o === undefined))
    return undefined
  return {
    mode: kept.mode,
    flow: kept.flow,
    shipped: kept.shipped ?? undefined,
    at: kept.at,
    outcomes,
    context: kept.context,
    tamperBefore: kept.tamperBefore ?? undefined,
  }
}

/** A view patch as JSON keeps it: a key whose value is undefined (cleared by the step) as null. */
function withNulls(view: Partial<ViewState>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(view).map(([key, value]) => [key, value ?? null]))
}
