/**
 * What has the focus as a dialog or panel opens, to be given it back on close. Opened by the page itself (a
 * shared link at load, a flow kept across a reload) the focus was nowhere: the body is no opener.
 */
export function focusedOpener(): HTMLElement | null {
  const focused = document.activeElement
  return focused instanceof HTMLElement && focused !== document.body ? focused : null
}

/**
 * Gives the focus back to what opened a dialog or panel. The opener may be gone (the empty state's button
 * once an account exists) or hidden (Scenarios… in the account list, folded as the loaded scenario's account
 * opened): then the control that took its id (the header's + Add transactions after the empty state's), else
 * the place the caller names, else the main area, the page left where it was.
 */
export function returnFocus(opener: HTMLElement | null, instead?: () => HTMLElement | undefined): void {
  if (opener !== null && shown(opener)) {
    opener.focus()
    return
  }
  const successor = opener?.id ? document.getElementById(opener.id) : null
  const target = (successor !== null && shown(successor) ? successor : undefined) ?? instead?.()
  if (target) target.focus()
  else document.getElementById('main')?.focus({ preventScroll: true })
}

/** In the page and not hidden: focus() on anything else does nothing, and the focus would fall to the body. */
const shown = (element: HTMLElement) => element.checkVisibility?.() ?? element.isConnected
