import type { IndexedDbStore } from '../sandbox/storage/indexeddb-store'

/**
 * News that another tab changed the offline sandbox: a write to the store, announced on its channel, or a
 * move of the clock, which lives in localStorage under `clockKey` and so is announced by the browser's
 * storage event (a cleared storage, key null, returned it to the real date). Returns the subscribe
 * function; the unsubscribe function it returns stops both.
 */
export function changesFromOtherTabs(
  store: Pick<IndexedDbStore, 'onExternalChange'>,
  clockKey: string,
): (listener: () => void) => () => void {
  return (listener) => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === clockKey || event.key === null) listener()
    }
    window.addEventListener('storage', onStorage)
    const stopStore = store.onExternalChange(listener)
    return () => {
      window.removeEventListener('storage', onStorage)
      stopStore()
    }
  }
}
