import { useEffect } from 'react'
import { writeToStorage } from '../../api'
import { useAnnounce } from '../../ui/announcer'
import { parseView, type ViewState, writeView } from '../view-state'

// What the page a reload of this tab opens is told: a scenario load's message, when the load had to reload
// the page, and a Generate run's when leaving the page cut it short. Here, with the data tools that load
// once the main area's first rows are on screen, rather than in a module the first rows wait for
// (docs/benchmarks.md, initial JavaScript).

// The message, and the account it is of, kept in this tab's sessionStorage across the reload.
const NOTE_KEY = 'sandbox-console.scenario-loaded'

/** Keeps `message` for the page a reload of this tab opens on `account` (none: the empty sandbox). */
export function sayAfterReload(
  account: string | undefined,
  message: string,
  storage: Pick<Storage, 'setItem'> = sessionStorage,
): void {
  const text = JSON.stringify({ message, account: account ?? null })
  writeToStorage('a message for the page after a reload', () => storage.setItem(NOTE_KEY, text))
}

/** Drops the message kept: what it said is no longer so (the run it was of ended in this page). */
export function unsayAfterReload(storage: Pick<Storage, 'removeItem'> = sessionStorage): void {
  writeToStorage('a message for the page after a reload', () => storage.removeItem(NOTE_KEY))
}

/**
 * A load that reloads the page (a scenario of another bank personality, which the offline sandbox takes at
 * start) arrives where a load without a reload arrives, and says the same. The scenario's `view` is written
 * to the address as `setView` writes it (another account a history entry, so Back goes where it goes after
 * any load), without telling this page's readers: they would show it against the sandbox the reload
 * restarts. Its `message` is kept in this tab's `sessionStorage` for the page the reload opens.
 */
export function carryAcrossReload(
  view: ViewState,
  message: string,
  storage: Pick<Storage, 'setItem'> = sessionStorage,
): void {
  writeView(parseView(location.search), view)
  sayAfterReload(view.account, message, storage)
}

/**
 * The message kept for a page showing `account`, once: whatever was kept is gone after. A page on another
 * account (the tester moved on before it was said, or the reload never came) gets nothing.
 */
export function takeReloadNote(
  account: string | undefined,
  storage: Pick<Storage, 'getItem' | 'removeItem'> = sessionStorage,
): string | undefined {
  const stored = storage.getItem(NOTE_KEY)
  if (stored === null) return undefined
  storage.removeItem(NOTE_KEY)
  try {
    const note: unknown = JSON.parse(stored)
    if (typeof note !== 'object' || note === null) return undefined
    const { message, account: keptFor } = note as Record<string, unknown>
    return typeof message === 'string' && keptFor === (account ?? null) ? message : undefined
  } catch {
    return undefined
  }
}

/**
 * Says the kept message on the page the reload opened (a load's, as the load says it at once without one).
 * Mounted with the sidebar's data tools, which load once the main area has its first answer: the message
 * stands beside its account (or, with none, the empty sandbox) already on screen.
 */
export function useReloadNote(): void {
  const announce = useAnnounce()
  useEffect(() => {
    const loaded = takeReloadNote(parseView(location.search).account)
    if (loaded !== undefined) announce(loaded)
  }, [announce])
}
