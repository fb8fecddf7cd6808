import { describe, expect, it } from 'vitest'
import { startMode, writeMode } from './mode'

/** A storage of one tab or of the whole browser profile, as the page sees it. */
function storage(): Pick<Storage, 'getItem' | 'setItem'> {
  const items = new Map<string, string>()
  return { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) }
}

describe('the mode of a tab', () => {
  it('stays through a reload when another tab switches', () => {
    const browser = storage()
    const [tabA, tabB] = [storage(), storage()]
    expect(startMode(tabA, browser)).toBe('offline')
    expect(startMode(tabB, browser)).toBe('offline')
    writeMode('proxy', tabA, browser)
    expect(startMode(tabA, browser)).toBe('proxy')
    // Tab B reloads: still the mode it had.
    expect(startMode(tabB, browser)).toBe('offline')
    // A new tab starts in the mode last chosen.
    expect(startMode(storage(), browser)).toBe('proxy')
  })

  it('starts offline when nothing usable is stored', () => {
    const browser = storage()
    browser.setItem('sandbox-console.mode', 'banana')
    expect(startMode(storage(), browser)).toBe('offline')
  })

  it('starts all the same when the tab’s storage refuses to keep its mode', () => {
    const browser = storage()
    browser.setItem('sandbox-console.mode', 'proxy')
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError')
      },
    }
    expect(startMode(full, browser)).toBe('proxy')
  })
})
