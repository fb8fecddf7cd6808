import { type PersonalityName, personalityName } from '../contract'

const STORAGE_KEY = 'sandbox-console.personality'

/** Which bank the offline sandbox behaves like: kept in this browser, the contract's own by default. */
export function readOfflinePersonality(storage: Pick<Storage, 'getItem'> = localStorage): PersonalityName {
  const parsed = personalityName.safeParse(storage.getItem(STORAGE_KEY))
  return parsed.success ? parsed.data : 'console'
}

export function writeOfflinePersonality(
  name: PersonalityName,
  storage: Pick<Storage, 'setItem'> = localStorage,
): void {
  storage.setItem(STORAGE_KEY, name)
}
