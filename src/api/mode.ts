import { modes } from '../contract'
import { writeToStorage } from './settings-store'

export { modes }
export type Mode = (typeof modes)[number]

export const modeLabels: Record<Mode, string> = {
  offline: 'Offline (in-browser)',
  proxy: 'Proxy (/api → upstream)',
}

/** The mode a switch leads to from `mode`. */
export const otherMode = (mode: Mode): Mode => (mode === 'offline' ? 'proxy' : 'offline')

/** Where each mode's data lives, said next to the mode switch: the two are different stores. */
export const modeDataHomes: Record<Mode, string> = {
  offline: "Data in this browser's storage (this profile only)",
  proxy: 'Data in the sandbox behind the proxy',
}

/** The SPA always talks to /api; only what answers there differs between modes. */
export { API_BASE } from '../contract'

const STORAGE_KEY = 'sandbox-console.mode'

type ModeStorage = Pick<Storage, 'getItem' | 'setItem'>

const modeIn = (storage: ModeStorage): Mode | undefined => {
  const stored = storage.getItem(STORAGE_KEY)
  return modes.find((mode) => mode === stored)
}

/**
 * The mode this tab starts in: the one it had (kept in the tab's sessionStorage across its reloads), else
 * the one last chosen in any tab (a new tab's), else offline; and kept as this tab's from now on. A tester
 * who switched another tab to Proxy saw this one come back from a reload in Proxy mode, its offline view
 * not found there.
 */
export function startMode(tab: ModeStorage = sessionStorage, browser: ModeStorage = localStorage): Mode {
  const mode = modeIn(tab) ?? modeIn(browser) ?? 'offline'
  // Storage refused: the tab starts in this mode all the same, only not pinned to it.
  writeToStorage('the mode', () => tab.setItem(STORAGE_KEY, mode))
  return mode
}

/** This tab's mode from its next load on, and the mode a new tab starts in. */
export function writeMode(
  mode: Mode,
  tab: Pick<Storage, 'setItem'> = sessionStorage,
  browser: Pick<Storage, 'setItem'> = localStorage,
): void {
  writeToStorage('the mode', () => tab.setItem(STORAGE_KEY, mode))
  writeToStorage('the mode', () => browser.setItem(STORAGE_KEY, mode))
}
