import { useSyncExternalStore } from 'react'

/** Ids of just-created transactions, highlighted briefly so the user sees where they landed. */
const HIGHLIGHT_MS = 4000

let recent: ReadonlySet<string> = new Set()
const listeners = new Set<() => void>()
let timer: ReturnType<typeof setTimeout> | undefined

function publish(next: ReadonlySet<string>) {
  recent = next
  for (const listener of listeners) listener()
}

export function markRecent(ids: readonly string[]): void {
  publish(new Set(ids))
  clearTimeout(timer)
  timer = setTimeout(() => publish(new Set()), HIGHLIGHT_MS)
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useRecent(): ReadonlySet<string> {
  return useSyncExternalStore(subscribe, () => recent)
}
