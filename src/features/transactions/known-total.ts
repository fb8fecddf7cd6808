import { notifyManager, type QueryClient, useQueryClient } from '@tanstack/react-query'
import { useCallback, useRef, useSyncExternalStore } from 'react'
import { queryKeys, type Reading, type TransactionsPage } from '../../api'
import type { TransactionsParams } from '../../contract'
import { heldSummaries, statusCounts } from '../chart'
import { pageInfo } from './rows'

/** The rows the table's filter (status and dates) holds, as far as the console knows without asking. */
export interface KnownTotal {
  /** How many exactly, when known. */
  exact: number | undefined
  /** How many at least (0 when nothing is known). */
  atLeast: number
}

/** The table's filter: its query without the page (offset, limit). */
export type TableFilter = Pick<TransactionsParams, 'bookingStatus' | 'fromDate' | 'toDate'>

const unknown: KnownTotal = { exact: undefined, atLeast: 0 }

/**
 * What the console already holds of the filter's total, from answers it has, never a request of its own
 * (a bank counts each against its limits): the chart's summary of the same window, whose count of the
 * status is the one its totals line says; else a page of the filter that ended the list, at any page size.
 * A summary that stopped at its cap says only how many at least. An answer read before a write is not
 * believed until read again.
 */
export function knownTotal(
  client: QueryClient,
  accountId: string,
  filter: TableFilter,
  corporateId: string | undefined,
): KnownTotal {
  const counts = heldSummaries(client, accountId, filter, corporateId).map(statusCounts)
  const summarised = counts.find((c) => c.complete)?.[filter.bookingStatus]
  const atLeast = Math.max(0, ...counts.map((c) => c[filter.bookingStatus]))
  return { exact: summarised ?? listEnd(client, accountId, filter, corporateId), atLeast }
}

/** Where the list ends, from a page of the filter the console read that had no more behind it. */
function listEnd(
  client: QueryClient,
  accountId: string,
  filter: TableFilter,
  corporateId: string | undefined,
): number | undefined {
  // Every offset and page size, with the amounts swapped or not (the swap changes no count).
  const pages = client.getQueryCache().findAll({
    queryKey: [...queryKeys.transactions(accountId), filter, { corporateId }],
  })
  for (const { queryKey, state } of pages) {
    const reading = state.data as Reading<TransactionsPage> | undefined
    if (state.status !== 'success' || state.isInvalidated || reading?.kind !== 'read') continue
    const { offset = 0, limit = 0 } = queryKey[3] as { offset?: number; limit?: number }
    const { booked, pending } = reading.value.cardTransactions
    const info = pageInfo(reading.value, limit, booked.length + pending.length)
    // An empty page past the end says only that the list ends before it.
    if (!info.hasMore && (info.count > 0 || offset === 0)) return offset + info.count
  }
  return undefined
}

/** `knownTotal`, kept up to date as answers come in and writes make them old. */
export function useKnownTotal(accountId: string, filter: TableFilter, corporateId: string | undefined) {
  const client = useQueryClient()
  const held = useRef(unknown)
  // Told after the render that changed the cache, as useQuery's own observers are: a query another
  // component builds while it renders would otherwise update the pager in the middle of that render.
  const subscribe = useCallback(
    (change: () => void) => client.getQueryCache().subscribe(notifyManager.batchCalls(change)),
    [client],
  )
  // The same object while the figures stay, as useSyncExternalStore needs.
  const read = () => {
    const now = knownTotal(client, accountId, filter, corporateId)
    if (now.exact !== held.current.exact || now.atLeast !== held.current.atLeast) held.current = now
    return held.current
  }
  return useSyncExternalStore(subscribe, read)
}
