import { type RefObject, useEffect } from 'react'

/**
 * Keeps the custom property `name` on <html> at the element's height while it is mounted, for the
 * stylesheet to keep that much room: a bar fixed or stuck over the page (the header, the inspector, a
 * flow's panel and caption on a small screen) covers nothing that scrolls or takes the focus when the
 * page's `scroll-padding` and its own padding know how tall the bar is, however many lines it wraps to.
 */
export function useHeightProperty(element: RefObject<HTMLElement | null>, name: string): void {
  useEffect(() => {
    const target = element.current
    if (!target || typeof ResizeObserver === 'undefined') return
    const root = document.documentElement
    const observer = new ResizeObserver(() => {
      root.style.setProperty(name, `${target.getBoundingClientRect().height}px`)
    })
    observer.observe(target)
    return () => {
      observer.disconnect()
      root.style.removeProperty(name)
    }
  }, [element, name])
}
