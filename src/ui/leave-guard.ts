/**
 * Until the returned release is called, a reload, a closed tab or another address makes the browser ask
 * first (its own question: a page cannot word it). For what leaving would throw away or cancel.
 */
export function askBeforeLeaving(): () => void {
  const askFirst = (event: BeforeUnloadEvent) => event.preventDefault()
  window.addEventListener('beforeunload', askFirst)
  return () => window.removeEventListener('beforeunload', askFirst)
}
