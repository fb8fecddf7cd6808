import { keepPreviousData, type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import {
  type ApiClient,
  isSandboxOnlyAbsent,
  queryKeys,
  type TransactionsPage,
  useApiClient,
} from '../../api'
import {
  type BookingStatus,
  type SummaryBucket,
  type SummaryInput,
  summarize,
  type TransactionsSummary,
  type TransactionsSummaryQuery,
} from '../../contract'

/** How many transactions the console reads by pages before it stops and asks: each page is a bank read. */
export const DEFAULT_SUMMARY_CAP = 1_000
const PAGE_LIMIT = 200

export interface SummaryWindow {
  fromDate?: string | undefined
  toDate?: string | undefined
  bucket?: SummaryBucket | undefined
}

/** A summary, and how it was made: by the sandbox's own route, or here from the pages read. */
export type SummaryOutcome =
  | { source: 'route'; summary: TransactionsSummary }
  | { source: 'pages'; summary: TransactionsSummary; read: number; cap: number; complete: boolean }

/**
 * The elements a window read page by page holds without a date (a bank's pending transaction sent as plain
 * text): read and counted, but not on the axis.
 */
export function undatedOf(outcome: SummaryOutcome | undefined): number {
  return outcome?.source === 'pages' ? outcome.read - outcome.summary.count : 0
}

/**
 * How many transactions a summary counts for each `bookingStatus` of the list: the figures of the chart's
 * totals line, a pending element without a date counted as pending. `complete` unless the reading by pages
 * stopped at its cap: then each figure is only as many as were read.
 */
export function statusCounts(outcome: SummaryOutcome): Record<BookingStatus, number> & { complete: boolean } {
  const undated = undatedOf(outcome)
  let [booked, pending] = [0, undated]
  for (const bucket of outcome.summary.buckets) {
    booked += bucket.booked.count
    pending += bucket.pending.count
  }
  const complete = outcome.source === 'route' || outcome.complete
  return { booked, pending, both: outcome.summary.count + undated, complete }
}

const asDate = (value: string | undefined) => value?.slice(0, 10)

/** What the summary needs of a page's transactions; an element without a date cannot be placed and is left out. */
export function pageSummaryInputs(page: TransactionsPage): SummaryInput[] {
  const inputs: SummaryInput[] = []
  const { booked, pending } = page.cardTransactions
  for (const tx of booked) {
    const date = asDate(tx.bookingDate ?? tx.transactionDate)
    if (date) inputs.push(input('booked', date, tx))
  }
  for (const tx of pending) {
    const date = typeof tx === 'string' ? undefined : asDate(tx.transactionDate)
    if (date && typeof tx !== 'string') inputs.push(input('pending', date, tx))
  }
  return inputs
}

function input(
  status: SummaryInput['status'],
  date: string,
  tx: TransactionsPage['cardTransactions']['booked'][number],
): SummaryInput {
  return {
    status,
    date,
    currency: tx.transactionAmount?.currency ?? '',
    amount: tx.transactionAmount?.amount ?? '',
    merchantCategoryCode: tx.merchantCategoryCode ?? '',
  }
}

/**
 * A sandbox without the summary route (a bank's): the window read page by page, booked and pending
 * together, up to `cap` transactions, and summarised here. Every page counts against the bank's limits.
 */
export async function summaryByPages(
  api: Pick<ApiClient, 'listTransactions'>,
  accountId: string,
  window: SummaryWindow,
  options: {
    cap: number
    corporateId?: string | undefined
    signal?: AbortSignal
    onProgress?: (read: number) => void
  },
): Promise<SummaryOutcome & { source: 'pages' }> {
  const inputs: SummaryInput[] = []
  let read = 0
  let complete = false
  while (read < options.cap) {
    const limit = Math.min(PAGE_LIMIT, options.cap - read)
    const page = await api.listTransactions(
      accountId,
      { bookingStatus: 'both', fromDate: window.fromDate, toDate: window.toDate, offset: read, limit },
      { corporateId: options.corporateId, signal: options.signal },
    )
    if (page.kind !== 'read')
      throw new Error(`a page was not what the console expects: ${page.problems.join('; ')}`)
    const { booked, pending, _links } = page.value.cardTransactions
    const count = booked.length + pending.length
    inputs.push(...pageSummaryInputs(page.value))
    read += count
    options.onProgress?.(read)
    // Without links (a bank may send none), a full page may have more behind it, as the table reads it.
    if (count === 0 || (_links ? _links.next === undefined : count < limit)) {
      complete = true
      break
    }
  }
  const summary = summarize(inputs, window)
  return { source: 'pages', summary, read, cap: options.cap, complete }
}

const summaryKey = (accountId: string, window: SummaryWindow, corporateId: string | undefined) =>
  queryKeys.transactionsSummary(accountId, window, { corporateId, fix: false })

/**
 * The summaries of a window the console holds and still believes, whatever their grouping: answered, and
 * not read before a write (one the data changed under waits for its new answer). No request is made.
 */
export function heldSummaries(
  client: QueryClient,
  accountId: string,
  window: Pick<SummaryWindow, 'fromDate' | 'toDate'>,
  corporateId: string | undefined,
): SummaryOutcome[] {
  // A key matches its prefixes and the objects in it partly: every bucket, the route's and the pages'.
  const queries = client.getQueryCache().findAll({
    queryKey: summaryKey(accountId, { fromDate: window.fromDate, toDate: window.toDate }, corporateId),
  })
  return queries.flatMap(({ state }) =>
    state.status === 'success' && !state.isInvalidated && state.data !== undefined
      ? [state.data as SummaryOutcome]
      : [],
  )
}

/** The query of the sandbox's own summary route for an account's window. */
function summaryRoute(
  api: ApiClient,
  accountId: string,
  window: SummaryWindow,
  corporateId: string | undefined,
) {
  return {
    queryKey: summaryKey(accountId, window, corporateId),
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<SummaryOutcome> => {
      const answer = await api.summarizeTransactions(accountId, window as TransactionsSummaryQuery, {
        corporateId,
        signal,
      })
      if (answer.kind !== 'read')
        throw new Error(`the summary was not what the console expects: ${answer.problems.join('; ')}`)
      return { source: 'route', summary: answer.value }
    },
    retry: false,
  }
}

/**
 * Offline, starts the summary of a window from the in-browser sandbox's route before the chart's own code
 * has loaded: the chart then finds it asked for, or answered (its first bars came ~0.4 s after the table's
 * rows). Not by proxy: a bank may not have the route, and each request there counts.
 */
export function usePrefetchTransactionsSummary(
  accountId: string,
  window: SummaryWindow,
  corporateId: string | undefined,
) {
  const api = useApiClient()
  const client = useQueryClient()
  const { fromDate, toDate, bucket } = window
  useEffect(() => {
    if (api.mode !== 'offline') return
    void client.prefetchQuery(summaryRoute(api, accountId, { fromDate, toDate, bucket }, corporateId))
  }, [api, client, accountId, fromDate, toDate, bucket, corporateId])
}

/**
 * The summary of an account's window: the sandbox's own route where it has one; else, once it answered
 * as a bank does, read by pages up to `cap` with `progress` counting the transactions read so far.
 */
export function useTransactionsSummary(
  accountId: string,
  window: SummaryWindow,
  corporateId: string | undefined,
  cap: number,
) {
  const api = useApiClient()
  const [progress, setProgress] = useState(0)
  const route = useQuery({
    ...summaryRoute(api, accountId, window, corporateId),
    // The last window's chart stays, marked busy, while the next is summed: the panel does not empty and
    // refill, nor the table below it jump. Another account's chart never stays.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === accountId ? keepPreviousData(previous) : undefined,
  })
  const absent = route.isError && isSandboxOnlyAbsent(route.error)
  const pages = useQuery({
    queryKey: [...summaryKey(accountId, window, corporateId), 'pages', cap],
    queryFn: ({ signal }) => {
      setProgress(0)
      return summaryByPages(api, accountId, window, { cap, corporateId, signal, onProgress: setProgress })
    },
    enabled: absent,
    // Every page is a read the bank counts: not again on focus, only when the data or the window changes.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: false,
  })
  return absent ? { query: pages, paged: true, progress } : { query: route, paged: false, progress }
}
