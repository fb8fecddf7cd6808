import { type Mode, modeLabels, writeMode, writeToStorage } from '../api'
import { type AccountView, accountLabel } from '../features/card-accounts'
// Not the feature's entry: that would pull the probe's screens into the first chunk.
import { mayLeaveProbeRun } from '../features/probe/leaving'
import { arriveAt, parseView, viewSearch } from '../features/view-state'
import { unregisterOfflineWorker } from './offline'

// The account the tester was on, for the page after the reload: it may not exist in the other mode.
const CARRIED_KEY = 'sandbox-console.mode-switch-account'

/** The account a switch came from: its id, and its name as the console shows it (the other mode cannot read it). */
export interface CarriedAccount {
  id: string
  label: string
}

/**
 * The mode is chosen at start, so a switch is a reload in the other mode. The other mode's sandbox is other
 * data: the same account is tried there, without the dates and page of this one (docs/decisions.md#url-state).
 * `shown` is the account on screen, so the page after the reload can name it.
 */
export async function switchMode(next: Mode, shown?: AccountView): Promise<void> {
  if (!mayLeaveProbeRun(`Switching to ${modeLabels[next]}`)) return
  writeMode(next)
  const view = parseView(location.search)
  if (view.account === undefined) sessionStorage.removeItem(CARRIED_KEY)
  else {
    const label = shown?.resourceId === view.account ? accountLabel(shown) : view.account
    const carried = JSON.stringify({ id: view.account, label } satisfies CarriedAccount)
    writeToStorage('the account to open after the switch', () => sessionStorage.setItem(CARRIED_KEY, carried))
  }
  // The fragment stays: a shared link switching the mode is opened again after the reload.
  history.replaceState(
    history.state,
    '',
    location.pathname + viewSearch(arriveAt(view, view.account)) + location.hash,
  )
  // The worker would otherwise stay registered; without a start() call it only passes requests on.
  if (next === 'proxy') await unregisterOfflineWorker()
  location.reload()
}

/**
 * The account a mode switch brought into this page, once per page load: if this mode's sandbox does not
 * have it, the console shows the account list with a note rather than an error page.
 */
export function takeCarriedAccount(): CarriedAccount | undefined {
  const stored = sessionStorage.getItem(CARRIED_KEY)
  sessionStorage.removeItem(CARRIED_KEY)
  return stored === null ? undefined : carriedFrom(stored)
}

/** What a switch stored; a bare id (a switch made before names were carried) names itself. */
function carriedFrom(stored: string): CarriedAccount | undefined {
  try {
    const { id, label } = JSON.parse(stored) as Partial<CarriedAccount>
    if (typeof id === 'string' && typeof label === 'string') return { id, label }
  } catch {
    // Not JSON: an id as earlier consoles stored it.
  }
  return { id: stored, label: stored }
}
