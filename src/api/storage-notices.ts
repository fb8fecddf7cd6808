/**
 * What this browser's storage did to the console's own values, for the page to say (StorageNotices): which
 * ones a full storage refused to save, and which stored ones could not be read. Each is said once per page: storage stays full for every later write
 * of the same value, and a dismissed notice must not come back with it.
 */
export interface StorageTrouble {
  /** What could not be saved, as the user calls it ("the account book"). */
  unsaved: readonly string[]
  /**
   * What a reload then loses, a sentence each, for a value whose name alone would say too much or too
   * little (the book: the accounts stay in their sandbox).
   */
  afterReload: readonly string[]
  /** What was lost with a stored value that could not be read, a sentence each. */
  unreadable: readonly string[]
}

const none: StorageTrouble = { unsaved: [], afterReload: [], unreadable: [] }
let trouble = none
const said = new Set<string>()
const listeners = new Set<() => void>()

function tell(kind: keyof StorageTrouble, text: string): void {
  if (said.has(`${kind}:${text}`)) return
  said.add(`${kind}:${text}`)
  trouble = { ...trouble, [kind]: [...trouble[kind], text] }
  // Stores are read while React renders: the notice updates after, not in the middle of another's render.
  queueMicrotask(() => {
    for (const listener of listeners) listener()
  })
}

/** A full storage refused to save `what`; `afterReload` says what a reload loses, where it needs saying. */
export function tellUnsaved(what: string, afterReload?: string): void {
  tell('unsaved', what)
  if (afterReload !== undefined) tell('afterReload', afterReload)
}

/** A stored value could not be read and was removed: `loss` says what that cost the user. */
export const tellUnreadable = (loss: string) => tell('unreadable', loss)

export const storageTrouble = {
  read: (): StorageTrouble => trouble,
  subscribe(listener: () => void): () => void {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
  /** The user read it: gone until something new goes wrong. */
  dismiss(): void {
    trouble = none
    for (const listener of listeners) listener()
  },
  /** As a new page starts: the test lanes that share modules between files start every test so. */
  forget(): void {
    said.clear()
    trouble = none
  },
}

export const hasStorageTrouble = ({ unsaved, unreadable }: StorageTrouble): boolean =>
  unsaved.length > 0 || unreadable.length > 0
