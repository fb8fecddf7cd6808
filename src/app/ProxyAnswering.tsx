import { useCallback } from 'react'
import { useProxyAnswering } from '../api'
import { useAnnounce } from '../ui/announcer'

/**
 * Proxy mode: a badge beside the mode while the proxy gives no answer (npm start stopped, or restarting),
 * gone once it answers again. Words, not a button: the panels it could open load from the stopped server
 * too. (The failed read's own panel is what a screen reader hears: the page has one live region.) Also
 * where the page learns that the proxy now serves another sandbox, and says so beside the account list.
 */
export function ProxyAnswering() {
  const announce = useAnnounce()
  const answering = useProxyAnswering(
    useCallback(
      () =>
        announce('The proxy now serves another sandbox: the console read it again', { place: 'accounts' }),
      [announce],
    ),
  )
  if (answering) return null
  return (
    <span
      className="condition-badge"
      title="Is the proxy running (npm start)? The console reads again by itself as soon as the proxy answers."
    >
      <span aria-hidden="true">⚠ </span>
      Proxy not answering
    </span>
  )
}
