// @vitest-environment happy-dom
// Two tabs of offline mode share one browser's data: what one writes, the other must hear of and read again.
import { expect, it } from 'vitest'
import { OFFLINE_CLOCK_KEY } from './browser'
import { changesFromOtherTabs } from './other-tabs'

/** A store whose channel another tab's write can be announced on. */
function storeChannel() {
  const listeners = new Set<() => void>()
  return {
    store: {
      onExternalChange(listener: () => void) {
        listeners.add(listener)
        return () => listeners.delete(listener)
      },
    },
    announce: () => {
      for (const listener of listeners) listener()
    },
  }
}

/** What the browser fires in this tab when another tab sets `key` in localStorage (null: cleared it). */
const storageSetElsewhere = (key: string | null) =>
  window.dispatchEvent(new StorageEvent('storage', { key, storageArea: localStorage }))

it("hears another tab's clock moved, frozen or cleared with the rest of the storage", () => {
  const { store } = storeChannel()
  let heard = 0
  changesFromOtherTabs(store, OFFLINE_CLOCK_KEY)(() => heard++)
  storageSetElsewhere(OFFLINE_CLOCK_KEY)
  expect(heard).toBe(1)
  storageSetElsewhere(null)
  expect(heard).toBe(2)
})

it("hears another tab's writes to the store, and neither those nor other keys' once unsubscribed", () => {
  const { store, announce } = storeChannel()
  let heard = 0
  const unsubscribe = changesFromOtherTabs(store, OFFLINE_CLOCK_KEY)(() => heard++)
  announce()
  storageSetElsewhere('sandbox-console.account-book')
  expect(heard).toBe(1)
  unsubscribe()
  announce()
  storageSetElsewhere(OFFLINE_CLOCK_KEY)
  expect(heard).toBe(1)
})
