import { createSettingsStore, type SettingsStore } from '../api'
import { realClock, type SandboxClockState, sandboxClockState } from '../contract'

/**
 * The offline sandbox's clock, kept in this browser's localStorage under `key` so a reload keeps it. One per
 * page, shared by the sandbox and a scenario's load: a setting storage refused holds for both alike.
 */
export function offlineClockSetting(key: string): SettingsStore<SandboxClockState> {
  return createSettingsStore({
    storage: localStorage,
    key,
    schema: sandboxClockState,
    fallback: realClock,
    what: "the sandbox clock's setting",
    lost: "The sandbox clock's setting stored in this browser could not be read, so the clock is back on the real date.",
  })
}
