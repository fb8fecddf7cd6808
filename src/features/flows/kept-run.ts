import type { SettingsStore } from '../../api'
import { isTamperScenario, type TamperScenario } from '../../signing/tamper-scenarios'

// The flow this tab runs, kept across its reloads as the tab's mode and Signature switch are (per tab: a
// demonstration, not a setting to find still on tomorrow). Written by the panel while it is open
// (./flow-run.ts), dropped when it closes. This module is the part the page needs before the panel's
// chunk loads: whether to open the panel, and how to put the Signature switch back without it.
export const FLOW_RUN_KEY = 'sandbox-console.flow-run'

/** What this tab kept of the flow it was running, as stored; null when nothing (or storage cannot be read). */
export function keptFlowRun(storage: Pick<Storage, 'getItem'> = sessionStorage): string | null {
  try {
    return storage.getItem(FLOW_RUN_KEY)
  } catch {
    return null
  }
}

/** Whether this tab was running a flow when it was last shown: the panel opens again at start. */
export function flowRunKept(storage: Pick<Storage, 'getItem'> = sessionStorage): boolean {
  return keptFlowRun(storage) !== null
}

export function forgetFlowRun(storage: Pick<Storage, 'removeItem'> = sessionStorage): void {
  try {
    storage.removeItem(FLOW_RUN_KEY)
  } catch {
    // Storage refused: nothing was kept.
  }
}

/**
 * The Signature switch as it was before the kept run started, from whatever is stored: what a flow's
 * tampered steps changed goes back to it. Unreadable, it is the correct signature, the console's default:
 * a spoiled signature is never left behind without the flow that set it.
 */
export function tamperBeforeOf(stored: string | null): TamperScenario | undefined {
  try {
    // Anything: isTamperScenario accepts only a scenario's name.
    const before = JSON.parse(stored ?? 'null')?.tamperBefore
    return isTamperScenario(before) ? before : undefined
  } catch {
    return undefined
  }
}

/**
 * Ends the kept run without its panel (the panel's chunk could not load): the Signature switch goes back as
 * it was before the flow, and nothing is kept, so the next reload does not open the panel again.
 */
export function dropFlowRun(
  tamper: SettingsStore<TamperScenario | undefined>,
  storage: Pick<Storage, 'getItem' | 'removeItem'> = sessionStorage,
): void {
  const stored = keptFlowRun(storage)
  forgetFlowRun(storage)
  if (stored !== null) tamper.write(tamperBeforeOf(stored))
}
