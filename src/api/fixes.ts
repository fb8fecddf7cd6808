import { headerNames } from '../contract'
import { createSettingsStore, type SettingsStorage, type SettingsStore, storedFlag } from './settings-store'

// Per tab, like the Signature switch: a fix is something to try, not a setting to find still on tomorrow.
const LONGER_NAME_KEY = 'sandbox-console.accept-fix.longer-name'

/** Whether account creation sends `accept-fix: longer-name`, which lets a name have 70 characters. */
export function createLongerNameSetting(storage: SettingsStorage): SettingsStore<boolean> {
  return createSettingsStore({
    storage,
    key: LONGER_NAME_KEY,
    schema: storedFlag,
    fallback: false,
    what: 'the Longer names switch',
  })
}

/** The header a card account create sends while the toggle is on. */
export function createAccountFixHeaders(longerName: boolean): Record<string, string> {
  return longerName ? { [headerNames.acceptFix]: 'longer-name' } : {}
}
