import { headerNames } from '../contract'
import { type TamperScenario, tamperScenario } from '../contract/tamper-scenarios'
import { z } from '../contract/zod'
import { createSettingsStore, type SettingsStorage, type SettingsStore } from './settings-store'
import type { Transport } from './transport'

// Per tab: a spoiled signature is a demonstration, not a setting to find still on tomorrow.
const STORAGE_KEY = 'sandbox-console.tamper'

/** The Signature switch; a flow step sets it too, and the header's control listens. */
export function createTamperSetting(storage: SettingsStorage): SettingsStore<TamperScenario | undefined> {
  return createSettingsStore({
    storage,
    key: STORAGE_KEY,
    schema: z.optional(tamperScenario),
    fallback: undefined,
    what: 'the Signature switch',
  })
}

/** Asks whoever signs (the proxy, or its stand-in offline) to spoil each request the switch names. */
export function tamperingWith(
  setting: SettingsStore<TamperScenario | undefined>,
  send: Transport,
): Transport {
  return (request) => {
    const scenario = setting.read()
    if (scenario) request.headers.set(headerNames.consoleTamper, scenario)
    return send(request)
  }
}
