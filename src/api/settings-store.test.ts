import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { fullStorage } from '../test/full-storage'
import {
  createSettingsStore,
  memoryStorage,
  type SettingsStorage,
  storedFlag,
  writeToStorage,
} from './settings-store'
import { storageTrouble } from './storage-notices'

const KEY = 'test.setting'
const pageSize = (storage: SettingsStorage) =>
  createSettingsStore({
    storage,
    key: KEY,
    schema: z.number().int().min(1),
    fallback: 50,
    what: 'the page size',
  })

describe('a settings store', () => {
  it('reads what it wrote, and the fallback from storage with nothing in it', () => {
    const storage = memoryStorage()
    const store = pageSize(storage)
    expect(store.read()).toBe(50)
    store.write(200)
    expect(store.read()).toBe(200)
    expect(storage.getItem(KEY)).toBe('200')
    // The fallback is not stored: a later default is not shadowed by an old copy of it.
    store.write(50)
    expect(storage.getItem(KEY)).toBeNull()
  })

  it('reads anything it cannot use as the fallback, so nothing stored leaves the user stuck', () => {
    const storage = memoryStorage()
    const store = pageSize(storage)
    for (const stored of ['{"cut off', '-3', '"two hundred"', 'null', '[200]']) {
      storage.setItem(KEY, stored)
      expect(store.read(), stored).toBe(50)
    }
    const throwing: SettingsStorage = {
      ...storage,
      getItem: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError')
      },
    }
    expect(pageSize(throwing).read()).toBe(50)
  })

  it('throws nothing when storage is full, holds the value for the page and says once what was not saved', async () => {
    const storage = memoryStorage()
    storage.setItem(KEY, '100')
    const store = pageSize(fullStorage(storage))
    const heard = vi.fn()
    store.subscribe(heard)
    expect(() => store.write(200)).not.toThrow()
    expect(store.read()).toBe(200)
    expect(heard).toHaveBeenCalledOnce()
    store.write(300)
    // Another tab wrote since: what storage holds is news again.
    storage.setItem(KEY, '7')
    expect(store.read()).toBe(7)
    await Promise.resolve()
    expect(storageTrouble.read().unsaved).toEqual(['the page size'])
  })

  it('says nothing of a write refused for another reason than a full storage', async () => {
    const blocked = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError')
    }
    expect(writeToStorage('the blocked setting', blocked)).toBe(false)
    expect(writeToStorage('the page size', () => {})).toBe(true)
    await Promise.resolve()
    expect(storageTrouble.read().unsaved).not.toContain('the blocked setting')
  })

  it('reads an on/off setting stored as "on" before settings were JSON', () => {
    const storage = memoryStorage()
    const flag = createSettingsStore({
      storage,
      key: KEY,
      schema: storedFlag,
      fallback: false,
      what: 'a flag',
    })
    storage.setItem(KEY, 'on')
    expect(flag.read()).toBe(true)
    flag.write(false)
    expect(flag.read()).toBe(false)
    flag.write(true)
    expect(storage.getItem(KEY)).toBe('true')
    storage.setItem(KEY, 'yes')
    expect(flag.read()).toBe(false)
  })

  it("removes a value it cannot read, says once what that lost, and keeps an older console's readable one", async () => {
    const storage = memoryStorage()
    const options = { storage, key: KEY, schema: storedFlag, fallback: false, what: 'a flag' }
    const flag = createSettingsStore({ ...options, lost: 'The flag is off again.' })
    storage.setItem(KEY, 'on')
    expect(flag.read()).toBe(true)
    expect(storage.getItem(KEY)).toBe('on')
    storage.setItem(KEY, '{"on": 1')
    expect(flag.read()).toBe(false)
    expect(storage.getItem(KEY)).toBeNull()
    storage.setItem(KEY, '"yes"')
    expect(createSettingsStore({ ...options, lost: 'The flag is off again.' }).read()).toBe(false)
    // A store whose loss is a trifle repairs its value without a word.
    storage.setItem(KEY, '"yes"')
    expect(createSettingsStore(options).read()).toBe(false)
    expect(storage.getItem(KEY)).toBeNull()
    await Promise.resolve()
    expect(storageTrouble.read().unreadable).toEqual(['The flag is off again.'])
  })

  it('tells every subscriber of each write until it unsubscribes', () => {
    const store = pageSize(memoryStorage())
    const first = vi.fn()
    const second = vi.fn(() => store.read())
    const stopFirst = store.subscribe(first)
    store.subscribe(second)
    store.write(10)
    expect(first).toHaveBeenCalledOnce()
    expect(second).toHaveReturnedWith(10)
    stopFirst()
    store.write(5)
    expect(first).toHaveBeenCalledOnce()
    expect(second).toHaveBeenCalledTimes(2)
  })

  it('gives the same value for the same stored text, as a React snapshot must be', () => {
    const storage = memoryStorage()
    const store = createSettingsStore({
      storage,
      key: KEY,
      schema: z.object({ columns: z.array(z.string()) }),
      fallback: { columns: [] },
      what: 'the columns',
    })
    store.write({ columns: ['amount'] })
    expect(store.read()).toBe(store.read())
    expect(store.read()).toEqual({ columns: ['amount'] })
  })

  it('keeps each store to its own storage: two clients do not share a setting', () => {
    const one = pageSize(memoryStorage())
    const other = pageSize(memoryStorage())
    one.write(5)
    expect(other.read()).toBe(50)
  })
})
