import { useSyncExternalStore } from 'react'
import { headerNames } from '../contract'

// Per tab, like the Signature switch: a fix is something to try, not a setting to find still on tomorrow.
const LONGER_NAME_KEY = 'sandbox-console.accept-fix.longer-name'
const listeners = new Set<() => void>()

/** Whether account creation sends `accept-fix: longer-name`, which lets a name have 70 characters. */
export function readLongerName(storage: Pick<Storage, 'getItem'> = sessionStorage): boolean {
  return storage.getItem(LONGER_NAME_KEY) === 'on'
}

export function writeLongerName(on: boolean, storage: Storage = sessionStorage): void {
  if (on) storage.setItem(LONGER_NAME_KEY, 'on')
  else storage.removeItem(LONGER_NAME_KEY)
  for (const listener of listeners) listener()
}

export function subscribeLongerName(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The header a card account create sends while the toggle is on. */
export function createAccountFixHeaders(): Record<string, string> {
  return readLongerName() ? { [headerNames.acceptFix]: 'longer-name' } : {}
}

/** The toggle's state, re-rendering on every change. */
export function useLongerName(): boolean {
  return useSyncExternalStore(subscribeLongerName, () => readLongerName())
}
