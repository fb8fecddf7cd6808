import { type RefObject, useEffect } from 'react'

/**
 * A keyboard user's focus back in sight, clear of a bar whose height just changed (the page's padding
 * now knows it). Alt+Shift+P at 683×450 grew the type under a focused Details button and left it at y 1187,
 * off screen; the bar that changed with it brings it back. A pointer user's focus is left where they
 * scrolled from it.
 */
function keepFocusClearOf(bar: HTMLElement): void {
  const focused = document.activeElement
  if (!(focused instanceof HTMLElement) || focused === document.body || bar.contains(focused)) return
  if (focused.matches(':focus-visible')) focused.scrollIntoView({ block: 'nearest', inline: 'nearest' })
}

/**
 * Keeps the custom property `name` on <html> at the element's height while it is mounted, for the
 * stylesheet to keep that much room: a bar fixed or stuck over the page (the header, the inspector, a
 * flow's panel and caption on a small screen) covers nothing that scrolls or takes the focus when the
 * page's `scroll-padding` and its own padding know how tall the bar is, however many lines it wraps to.
 * As the bar changes, a keyboard user's focus is kept clear of it.
 */
export function useHeightProperty(element: RefObject<HTMLElement | null>, name: string): void {
  useEffect(() => {
    const target = element.current
    if (!target || typeof ResizeObserver === 'undefined') return
    const root = document.documentElement
    const observer = new ResizeObserver(() => {
      root.style.setProperty(name, `${target.getBoundingClientRect().height}px`)
      keepFocusClearOf(target)
    })
    observer.observe(target)
    return () => {
      observer.disconnect()
      root.style.removeProperty(name)
    }
  }, [element, name])
}
