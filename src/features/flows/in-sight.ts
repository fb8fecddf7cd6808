import { type RefObject, useEffect } from 'react'

/**
 * What a step changed, in sight once it is on screen: the main area's table with the step's answer, or
 * the refusal shown in its place. On a short screen (presenter mode at 800×600) the account's heading,
 * buttons, filters and chart fill the main area above the table, so the audience would see no amount
 * without this. Scrolls the least that shows it (its top first when it is taller than the area); where all
 * fits, nothing moves. Returns the way to stop waiting (the next step, or the panel closed).
 */
export function bringStepDataIntoView(): () => void {
  const main = document.querySelector('main')
  if (!main) return () => {}
  const show = () => {
    // A busy table still shows the rows from before the step: its height is not yet the answer's.
    const data = main.querySelector('table[aria-busy="false"], [role="alert"]')
    data?.scrollIntoView({ block: 'nearest' })
    return data !== null
  }
  if (show()) return () => {}
  const observer = new MutationObserver(() => {
    if (show()) observer.disconnect()
  })
  observer.observe(main, { childList: true, subtree: true, attributeFilter: ['aria-busy'] })
  return () => observer.disconnect()
}

/**
 * Keeps `--flow-caption-height` at the caption's height: presenter mode fixes the caption in a bar at the
 * bottom of the screen and keeps that much room under the page, however many lines the caption takes.
 */
export function useCaptionRoom(caption: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = caption.current
    if (!element || typeof ResizeObserver === 'undefined') return
    const root = document.documentElement
    const observer = new ResizeObserver(() => {
      root.style.setProperty('--flow-caption-height', `${element.getBoundingClientRect().height}px`)
    })
    observer.observe(element)
    return () => {
      observer.disconnect()
      root.style.removeProperty('--flow-caption-height')
    }
  }, [caption])
}
