import { useSyncExternalStore } from 'react'

// Persisted: a presenter sets the screen up before the audience arrives, and a reload must not undo it.
const STORAGE_KEY = 'sandbox-console.presenter'
const listeners = new Set<() => void>()

export function readPresenter(storage: Pick<Storage, 'getItem'> = localStorage): boolean {
  return storage.getItem(STORAGE_KEY) === 'on'
}

/** The attribute on <html> switches the stylesheet's presenter rules (type size, contrast, layout). */
export function applyPresenter(on: boolean): void {
  if (on) document.documentElement.dataset.presenter = 'on'
  else delete document.documentElement.dataset.presenter
}

export function setPresenter(on: boolean): void {
  if (on) localStorage.setItem(STORAGE_KEY, 'on')
  else localStorage.removeItem(STORAGE_KEY)
  applyPresenter(on)
  for (const listener of listeners) listener()
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function usePresenter(): boolean {
  return useSyncExternalStore(subscribe, () => readPresenter())
}

/** The shortcut Help states: Alt+Shift+P, which no browser or screen reader claims. */
export function isPresenterShortcut(event: KeyboardEvent): boolean {
  return event.altKey && event.shiftKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyP'
}
