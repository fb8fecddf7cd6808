import { headerNames } from '../contract'
import { isTamperScenario, type TamperScenario } from '../signing/tamper-scenarios'

// Per tab: a spoiled signature is a demonstration, not a setting to find still on tomorrow.
const STORAGE_KEY = 'sandbox-console.tamper'

export function readTamper(storage: Pick<Storage, 'getItem'> = sessionStorage): TamperScenario | undefined {
  const stored = storage.getItem(STORAGE_KEY)
  return isTamperScenario(stored) ? stored : undefined
}

// A flow step sets the switch too: the header's control listens, so it never shows a stale state.
const listeners = new Set<() => void>()

export function writeTamper(scenario: TamperScenario | undefined, storage: Storage = sessionStorage): void {
  if (scenario) storage.setItem(STORAGE_KEY, scenario)
  else storage.removeItem(STORAGE_KEY)
  for (const listener of listeners) listener()
}

export function subscribeTamper(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Asks whoever signs (the browser offline, the proxy otherwise) to spoil the signed request. */
export function tamperHeaders(): Record<string, string> {
  const scenario = readTamper()
  return scenario ? { [headerNames.consoleTamper]: scenario } : {}
}
