import { memoryStorage, type SettingsStorage } from '../api/settings-store'

/** What a browser throws for a write past the origin's storage quota. */
export const quotaExceeded = () =>
  new DOMException(
    "Failed to execute 'setItem' on 'Storage': the quota has been exceeded.",
    'QuotaExceededError',
  )

/** Storage whose quota is full, as the tester's was: what is in it reads and goes, nothing more is taken. */
export function fullStorage(items: SettingsStorage = memoryStorage()): SettingsStorage {
  return {
    ...items,
    setItem: () => {
      throw quotaExceeded()
    },
  }
}
