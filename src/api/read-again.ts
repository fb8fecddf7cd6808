import type { InvalidateQueryFilters, QueryClient } from '@tanstack/react-query'
import { queryKeys } from './keys'

/**
 * Reads again what `filters` name (every query when omitted) after a change to how requests are sent or
 * answered: the Signature switch, the conditions, the clock, another tab's write. A read still on its way
 * was sent before the change, so it is cancelled first: TanStack Query's invalidation restarts a read in
 * flight only when its query already holds an answer, and otherwise lets the view take the answer to the
 * request as it was (a filter changed, then the Signature switch: the view kept the correct signature's 200).
 */
export function readAgain(client: QueryClient, filters?: InvalidateQueryFilters): Promise<void> {
  void client.cancelQueries({ ...filters, fetchStatus: 'fetching' })
  return client.invalidateQueries(filters)
}

/**
 * Reads again what a new Signature switch spoils: the sandbox's operations (queryKeys.all). The clock's
 * read is sent unspoiled, and the proxy's own answers are not signed: asked again, they only came back as
 * they were, and as the newest request in the inspector in place of the refusal the switch was set to show.
 */
export function readAgainUnderSwitch(client: QueryClient): Promise<void> {
  return readAgain(client, { queryKey: queryKeys.all })
}
