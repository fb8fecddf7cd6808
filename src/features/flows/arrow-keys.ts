import { useEffect, useRef } from 'react'

/**
 * → and ← anywhere on the page call `onRight` and `onLeft` (the latest ones passed), unless a modifier is
 * held or the key belongs to what has focus.
 */
export function useArrowKeys(onRight: () => void, onLeft: () => void) {
  const handlers = useRef({ onRight, onLeft })
  handlers.current = { onRight, onLeft }
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || ownsArrowKeys(event.target))
        return
      if (event.key === 'ArrowRight') {
        event.preventDefault()
        handlers.current.onRight()
      } else if (event.key === 'ArrowLeft') {
        event.preventDefault()
        handlers.current.onLeft()
      }
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [])
}

/**
 * Arrow keys in a field move its caret or its choice, never the flow; nor do they in a modal dialog (the
 * recorder's), which hides the flow behind it.
 */
function ownsArrowKeys(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable ||
      ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
      target.closest('dialog') !== null)
  )
}
