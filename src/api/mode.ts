/** Where API calls go: the in-browser sandbox (msw worker) or the signing proxy on the same origin. */
export const modes = ['offline', 'proxy'] as const
export type Mode = (typeof modes)[number]

export const modeLabels: Record<Mode, string> = {
  offline: 'Offline (in-browser)',
  proxy: 'Proxy (/api → upstream)',
}

/** Where each mode's data lives, said next to the mode switch: the two are different stores. */
export const modeDataHomes: Record<Mode, string> = {
  offline: "Data in this browser's storage (this profile only)",
  proxy: 'Data in the sandbox behind the proxy',
}

/** The SPA always talks to /api; only what answers there differs between modes. */
export { API_BASE } from '../contract'

const STORAGE_KEY = 'sandbox-console.mode'

export function readMode(storage: Pick<Storage, 'getItem'> = localStorage): Mode {
  const stored = storage.getItem(STORAGE_KEY)
  return modes.find((mode) => mode === stored) ?? 'offline'
}

export function writeMode(mode: Mode, storage: Pick<Storage, 'setItem'> = localStorage): void {
  storage.setItem(STORAGE_KEY, mode)
}
