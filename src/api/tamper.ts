import { headerNames } from '../contract'
import { isTamperScenario, type TamperScenario } from '../signing/tamper-scenarios'

// Per tab: a spoiled signature is a demonstration, not a setting to find still on tomorrow.
const STORAGE_KEY = 'sandbox-console.tamper'

export function readTamper(storage: Pick<Storage, 'getItem'> = sessionStorage): TamperScenario | undefined {
  const stored = storage.getItem(STORAGE_KEY)
  return isTamperScenario(stored) ? stored : undefined
}

export function writeTamper(scenario: TamperScenario | undefined, storage: Storage = sessionStorage): void {
  if (scenario) storage.setItem(STORAGE_KEY, scenario)
  else storage.removeItem(STORAGE_KEY)
}

/** Asks whoever signs (the browser offline, the proxy otherwise) to spoil the signed request. */
export function tamperHeaders(): Record<string, string> {
  const scenario = readTamper()
  return scenario ? { [headerNames.consoleTamper]: scenario } : {}
}
