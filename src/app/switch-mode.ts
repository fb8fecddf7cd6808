import { type Mode, writeMode } from '../api'
import { arriveAt, parseView, viewSearch } from '../features/view-state'
import { unregisterOfflineWorker } from './offline'

// The account the tester was on, for the page after the reload: it may not exist in the other mode.
const CARRIED_KEY = 'sandbox-console.mode-switch-account'

/**
 * The mode is chosen at start, so a switch is a reload in the other mode. The other mode's sandbox is other
 * data: the same account is tried there, without the dates and page of this one (docs/decisions.md#url-state).
 */
export async function switchMode(next: Mode): Promise<void> {
  writeMode(next)
  const view = parseView(location.search)
  if (view.account === undefined) sessionStorage.removeItem(CARRIED_KEY)
  else sessionStorage.setItem(CARRIED_KEY, view.account)
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
export function takeCarriedAccount(): string | undefined {
  const account = sessionStorage.getItem(CARRIED_KEY) ?? undefined
  sessionStorage.removeItem(CARRIED_KEY)
  return account
}
