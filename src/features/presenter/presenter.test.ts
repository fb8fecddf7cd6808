import { describe, expect, it } from 'vitest'
import { isPresenterShortcut } from './presenter'

describe('the presenter shortcut', () => {
  it('is Alt+Shift+P and nothing near it', () => {
    const key = (init: Partial<KeyboardEvent>) =>
      ({
        altKey: false,
        shiftKey: false,
        ctrlKey: false,
        metaKey: false,
        code: 'KeyP',
        ...init,
      }) as KeyboardEvent
    expect(isPresenterShortcut(key({ altKey: true, shiftKey: true }))).toBe(true)
    expect(isPresenterShortcut(key({ altKey: true }))).toBe(false)
    expect(isPresenterShortcut(key({ altKey: true, shiftKey: true, ctrlKey: true }))).toBe(false)
    expect(isPresenterShortcut(key({ altKey: true, shiftKey: true, code: 'KeyO' }))).toBe(false)
  })
})
