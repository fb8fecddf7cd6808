import { useMemo } from 'react'
import { behaviourTraits, useApiClient, useConnection, useOfflineBehaviour } from '../api'
import { lastCheckOf } from './probe'

/**
 * Whether the console knows its bank lists booked transactions only (the `bookedOnly` trait): offline, from
 * the bank it was set to behave like; by proxy, from this browser's last check of the proxy's upstream.
 * Unknown is false: the table's refusal still offers "Show booked only".
 */
export function useBooksOnly(): boolean {
  const { mode } = useApiClient()
  const behaviour = useOfflineBehaviour()
  const offline = mode === 'offline' && behaviourTraits(behaviour).bookedOnly === true
  // The proxy names its upstream by the same URL the checks it ran are kept under (its base URL's href).
  const upstream = useConnection().data?.upstream
  // Read from storage once per upstream, not at each keystroke's render of the forms that ask.
  const checked = useMemo(
    () => upstream !== undefined && lastCheckOf(upstream)?.traits.bookedOnly === true,
    [upstream],
  )
  return offline || checked
}

/**
 * What follows "N transactions created" for a bank that books only, when some of the `sent` are pending:
 * they are stored, and its list never shows them. Empty otherwise.
 */
export function notListedNote(
  booksOnly: boolean,
  sent: readonly { bookingStatus?: string | undefined }[],
): string {
  const pending = booksOnly ? sent.filter((tx) => tx.bookingStatus === 'pending').length : 0
  if (pending === 0) return ''
  const which = pending === 1 ? 'the pending one is' : `the ${pending.toLocaleString('en')} pending ones are`
  return `; ${which} stored, but this bank lists booked transactions only`
}
