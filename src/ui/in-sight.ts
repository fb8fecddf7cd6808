/**
 * Where the target is to go, or nothing where it is in sight as it is. By default the least scroll that
 * shows it; taller than the area, its top comes first.
 */
type Placement = (target: Element) => ScrollLogicalPosition | undefined

/**
 * Brings what `find` picks in the main area into sight, placed by `placement`, once it is on screen: it may
 * come with an answer still on its way, so the main area is watched until it does. Returns the way to stop.
 */
export function scrollIntoSightWhenShown(
  find: (main: HTMLElement) => Element | null,
  placement: Placement = () => 'nearest',
): () => void {
  const main = document.querySelector('main')
  if (!main) return () => {}
  let stopKeeping = () => {}
  const show = () => {
    const target = find(main)
    if (target) stopKeeping = keepInSight(main, target, placement)
    return target !== null
  }
  const observer = new MutationObserver(() => {
    if (show()) observer.disconnect()
  })
  if (!show()) observer.observe(main, { childList: true, subtree: true, attributeFilter: ['aria-busy'] })
  return () => {
    observer.disconnect()
    stopKeeping()
  }
}

/** What the user does that says they have taken over where the page is. */
const TAKING_OVER = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const

/**
 * Brings `target` into sight now, and again whenever its size or the main area's changes, until the user
 * takes over: the layout is still settling when it is first shown (presenter mode's type, the inspector's
 * bar measured, a chunk's content arriving), and a scroll measured before that leaves it out of sight.
 */
function keepInSight(main: HTMLElement, target: Element, placement: Placement): () => void {
  // Every browser the console supports has one; a test's DOM has neither it nor a layout to scroll.
  if (typeof ResizeObserver === 'undefined') return () => {}
  const scroll = () => {
    const block = placement(target)
    if (block !== undefined) scrollInMain(main, target, block)
  }
  // Its first call, as it starts observing, is the first scroll.
  const resized = new ResizeObserver(scroll)
  resized.observe(main)
  resized.observe(target)
  const stop = () => {
    resized.disconnect()
    for (const type of TAKING_OVER) removeEventListener(type, stop, true)
  }
  for (const type of TAKING_OVER) addEventListener(type, stop, { capture: true, passive: true })
  return stop
}

/**
 * Scrolls the main area alone where it scrolls on its own, as it does beside the header and the inspector:
 * `scrollIntoView` moves every scrolled box around the target, and where the page itself was taller than the
 * window (presenter mode at 800×600 with the account list unfolded) it also scrolled the header out of
 * sight. On a one-column page the page is what scrolls.
 */
function scrollInMain(main: HTMLElement, target: Element, block: ScrollLogicalPosition): void {
  const page = document.scrollingElement
  const pageAt = page?.scrollTop ?? 0
  target.scrollIntoView({ block })
  const mainScrolls = getComputedStyle(main).overflowY !== 'visible' && main.scrollHeight > main.clientHeight
  if (page && mainScrolls) page.scrollTop = pageAt
}

/** The main area's table once it holds its answer (a busy table still shows the rows from before), or the refusal shown in its place. */
export const settledTableOrAlert = (main: HTMLElement): Element | null =>
  main.querySelector('table[aria-busy="false"], [role="alert"]')
