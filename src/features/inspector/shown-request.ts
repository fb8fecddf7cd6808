import { useSyncExternalStore } from 'react'

/**
 * The request the presenter's inspector is asked to show: a flow's step names the one it sent, so the
 * audience sees that request and not whatever the table read after it. One per page, like the inspector.
 */
let shown: number | undefined
const listeners = new Set<() => void>()

export function showInInspector(entryId: number | undefined): void {
  shown = entryId
  for (const listener of listeners) listener()
}

export function useShownRequest(): number | undefined {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => shown,
  )
}
