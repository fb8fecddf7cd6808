import { useSyncExternalStore } from 'react'
import { z } from '../contract/zod'
import { tellUnreadable, tellUnsaved } from './storage-notices'

export type SettingsStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/** One setting kept in storage, and who wants to hear when it changes. */
export interface SettingsStore<T> {
  /** The stored value, or the fallback when nothing readable is stored. */
  read(): T
  /** Stores `value` (the fallback removes the key) and tells every subscriber. */
  write(value: T): void
  subscribe(listener: () => void): () => void
}

export interface SettingsStoreOptions<T> {
  storage: SettingsStorage
  key: string
  /** What a stored value may be; anything else reads as `fallback`. */
  schema: z.ZodMiniType<T>
  fallback: T
  /** What the user calls it, for the notice when storage is full ("the Signature switch"). */
  what: string
  /** What the user loses when the stored value cannot be read, said once; unsaid where it is a trifle. */
  lost?: string
}

/**
 * A setting in `storage` under `key`, stored as JSON. Whatever is stored (another version's value, a hand
 * edit, bytes a browser mangled, storage that throws) reads as a value of `schema` or as `fallback`, so
 * nothing stored can leave the console stuck (readStored). A write storage refuses throws nothing: the
 * value holds for this page (writeToStorage says it was not saved), so what the user just did is not
 * undone under them. Each store has its own subscribers: a write anywhere in the tab re-renders every
 * reader. Another tab's writes are not followed (none of the settings did).
 */
export function createSettingsStore<T>(options: SettingsStoreOptions<T>): SettingsStore<T> {
  const { storage, key, fallback, what } = options
  const listeners = new Set<() => void>()
  // The same stored text gives the same value: useSyncExternalStore wants a stable snapshot.
  let last: { stored: string | null; value: T } | undefined
  const read = (): T => {
    const stored = storedText(storage, key)
    if (last?.stored !== stored) last = { stored, value: readStored(stored, options) ?? fallback }
    return last.value
  }
  return {
    read,
    write(value) {
      const kept = writeToStorage(what, () =>
        Object.is(value, fallback) ? storage.removeItem(key) : storage.setItem(key, JSON.stringify(value)),
      )
      // Unsaved, the value stands for what storage still holds, until another tab writes something else.
      if (!kept) last = { stored: storedText(storage, key), value }
      for (const listener of listeners) listener()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

/**
 * The one way the console writes to the browser's storage: `write` runs, and storage that refuses it (a full
 * quota, a private window) throws nothing here, since a value not kept for the next page must not fail
 * what the user did in this one. A full storage is said once, naming `what` and, when given, what a reload
 * then loses (src/api/storage-notices.ts). Returns whether the value was kept.
 */
export function writeToStorage(what: string, write: () => void, afterReload?: string): boolean {
  try {
    write()
    return true
  } catch (error) {
    if (isQuotaExceeded(error)) tellUnsaved(what, afterReload)
    return false
  }
}

// Firefox before version 64 named it its own way.
const isQuotaExceeded = (error: unknown) =>
  error instanceof DOMException && ['QuotaExceededError', 'NS_ERROR_DOM_QUOTA_REACHED'].includes(error.name)

function storedText(storage: SettingsStorage, key: string): string | null {
  try {
    return storage.getItem(key)
  } catch {
    return null
  }
}

/**
 * The value `stored` holds under `schema`, or undefined when nothing is stored or what is cannot be read. An
 * unreadable value is removed, so it is not read again at every start, and what the user lost with it is
 * said once (`lost`). Text that is not JSON is read as it is: consoles before the settings were JSON stored
 * plain text ("on", a scenario's name), still readable.
 */
export function readStored<T>(
  stored: string | null,
  {
    storage,
    key,
    schema,
    what,
    lost,
    parse = JSON.parse,
  }: Pick<SettingsStoreOptions<T>, 'storage' | 'key' | 'schema' | 'what' | 'lost'> & {
    /** How the text is read: JSON by default (the book's keeps every digit of its numbers). */
    parse?: (text: string) => unknown
  },
): T | undefined {
  if (stored === null) return undefined
  const parsed = schema.safeParse(parsedOrText(stored, parse))
  if (parsed.success) return parsed.data
  writeToStorage(what, () => storage.removeItem(key))
  if (lost !== undefined) tellUnreadable(lost)
  return undefined
}

function parsedOrText(stored: string, parse: (text: string) => unknown): unknown {
  try {
    return parse(stored)
  } catch {
    return stored
  }
}

/** An on/off setting: `true`, or "on" as the console stored it before its settings were JSON. */
export const storedFlag: z.ZodMiniType<boolean> = z.union([
  z.boolean(),
  z.pipe(
    z.literal('on'),
    z.transform(() => true),
  ),
])

/** The setting's value, re-rendering on every write. */
export function useSetting<T>(store: SettingsStore<T>): T {
  return useSyncExternalStore(store.subscribe, store.read)
}

/** Storage that lives as long as the page: tests, and a client built without the browser's. */
export function memoryStorage(): SettingsStorage {
  const items = new Map<string, string>()
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  }
}
