import { useEffect } from 'react'
import { writeToStorage } from '../../api'
import { useAnnounce } from '../../ui/announcer'
import { parseView, type ViewState, writeView } from '../view-state'

// A scenario load that must reload the page, as the page the reload opens shows it. Here, with the data
// tools that open the Scenarios dialog and load once the main area's first rows are on screen, rather than
// in a module the first rows wait for (docs/benchmarks.md, initial JavaScript).

// A load's "Loaded scenario …" message, kept in this tab across the reload that applies its personality.
const LOADED_KEY = 'sandbox-console.scenario-loaded'

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
  const text = JSON.stringify({ message, account: view.account ?? null })
  writeToStorage("the loaded scenario's message", () => storage.setItem(LOADED_KEY, text))
}

/**
 * The message kept for a page showing `account`, once: whatever was kept is gone after. A page on another
 * account (the tester moved on before it was said, or the reload never came) gets nothing.
 */
export function takeLoadedNote(
  account: string | undefined,
  storage: Pick<Storage, 'getItem' | 'removeItem'> = sessionStorage,
): string | undefined {
  const stored = storage.getItem(LOADED_KEY)
  if (stored === null) return undefined
  storage.removeItem(LOADED_KEY)
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
 * Says a load's message on the page its reload opened, as the load says it at once without one. Mounted
 * with the sidebar's data tools, which load once the main area has its first answer: the message stands
 * beside the scenario's account (or, with none, the empty sandbox) already on screen.
 */
export function useLoadedScenarioNote(): void {
  const announce = useAnnounce()
  useEffect(() => {
    const loaded = takeLoadedNote(parseView(location.search).account)
    if (loaded !== undefined) announce(loaded)
  }, [announce])
}
