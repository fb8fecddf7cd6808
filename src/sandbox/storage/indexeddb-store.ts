import { connection } from './indexeddb-connection'
import { indexedDbReads } from './indexeddb-reads'
import { indexedDbWrites } from './indexeddb-writes'
import type { SandboxStore } from './store'
import { writeLock } from './write-lock'

export interface IndexedDbStore extends SandboxStore {
  readPage: NonNullable<SandboxStore['readPage']>
  readDaySums: NonNullable<SandboxStore['readDaySums']>
  onExternalChange(listener: () => void): () => void
  close(): void
}

export interface IndexedDbStoreOptions {
  name?: string
  /** The cross-tab lock manager; by default the browser's Web Locks (`navigator.locks`). */
  locks?: LockManager
}

const CHANGED = 'changed'

/**
 * The browser's store: one IndexedDB database, so offline data survives reloads. Every write is one
 * IndexedDB transaction (all or nothing) that also replaces the generation, is made under a lock shared
 * by every tab, and is announced on a BroadcastChannel, so engines in other tabs reload instead of
 * answering from stale memory.
 *
 * The database opens on first use, not here: a database that does not open (written by a newer
 * console, or broken) must still let the console start, say what is wrong, and be reset or replaced.
 */
export function openIndexedDbStore({
  name = 'sandbox-console',
  locks,
}: IndexedDbStoreOptions = {}): IndexedDbStore {
  const channel =
    typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(`${name}:changes`)
  const listeners = new Set<() => void>()
  const changedElsewhere = () => {
    for (const listener of [...listeners]) listener()
  }
  channel?.addEventListener('message', (event: MessageEvent) => {
    if (event.data === CHANGED) changedElsewhere()
  })
  // A database deleted under this tab is a change no other tab announces (a reset that deletes it, the
  // browser's site data tools): the engine must not answer from what it read before.
  const database = connection(name, changedElsewhere)
  return {
    ...indexedDbReads(database),
    ...indexedDbWrites(database, () => channel?.postMessage(CHANGED)),
    exclusive: writeLock(`${name}:write`, locks),

    onExternalChange(listener) {
      // Each subscription is its own: the same function subscribed twice is told twice and unsubscribed apart.
      const own = () => listener()
      listeners.add(own)
      return () => listeners.delete(own)
    },

    close() {
      channel?.close()
      database.close()
    },
  }
}
