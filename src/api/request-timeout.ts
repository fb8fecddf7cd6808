import { writeToStorage } from './settings-store'

// The console's own limit on one request: past it the console stops waiting and says so, whatever the
// sandbox or the proxy does. Kept in the browser, for every tab of this origin.
const STORAGE_KEY = 'sandbox-console.request-timeout-ms'

/**
 * Longer than the proxy's UPSTREAM_TIMEOUT_MS default (30 s), so that in proxy mode the proxy's own 504
 * comes first and says which side was slow.
 */
export const DEFAULT_REQUEST_TIMEOUT_MS = 40_000
export const MIN_REQUEST_TIMEOUT_MS = 1_000
export const MAX_REQUEST_TIMEOUT_MS = 600_000

export function readRequestTimeoutMs(storage: Pick<Storage, 'getItem'> = localStorage): number {
  const stored = Number(storage.getItem(STORAGE_KEY) ?? Number.NaN)
  return Number.isInteger(stored) && stored >= MIN_REQUEST_TIMEOUT_MS && stored <= MAX_REQUEST_TIMEOUT_MS
    ? stored
    : DEFAULT_REQUEST_TIMEOUT_MS
}

export function writeRequestTimeoutMs(ms: number, storage: Pick<Storage, 'setItem'> = localStorage): void {
  const bounded = Math.min(MAX_REQUEST_TIMEOUT_MS, Math.max(MIN_REQUEST_TIMEOUT_MS, Math.round(ms)))
  writeToStorage('the request timeout', () => storage.setItem(STORAGE_KEY, String(bounded)))
}

/** "40 s", "1.5 s": how the UI states a timeout. */
export function secondsText(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`
}
