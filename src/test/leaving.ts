/**
 * Whether the browser would ask before leaving the page now (a reload, a closed tab, another address): what
 * it does when the page cancels `beforeunload`, which is all a page can do to have it ask.
 */
export const browserAsksBeforeLeaving = () =>
  !window.dispatchEvent(new Event('beforeunload', { cancelable: true }))
