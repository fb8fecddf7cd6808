import type { InvalidateQueryFilters, QueryClient } from '@tanstack/react-query'

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
