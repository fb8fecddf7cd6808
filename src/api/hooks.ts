import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useSyncExternalStore } from 'react'
import type { CardAccountCreateInput, TransactionCreateInput, TransactionsParams } from '../contract'
import type { UpstreamBook } from './account-book'
import type { ApiClient } from './api-client'
import { useApiClient } from './api-context'
import type { ReadOptions, TransactionsPage } from './client'
import { isTransactionGone } from './deletion'
import { ApiError, isOfflineAccountGone } from './errors'
import { queryKeys, type TransactionsKeyHeaders } from './keys'
import type { Reading } from './reading'
import { useSetting } from './settings-store'

export function useCardAccounts() {
  const api = useApiClient()
  return useQuery({
    queryKey: queryKeys.cardAccounts(),
    queryFn: ({ signal }) => api.listCardAccounts({ signal }),
  })
}

/**
 * Whether the account list's last read failed, as the list shows it: watches its answer without asking
 * for one, so a screen without the list sends nothing more.
 */
export function useCardAccountsFailed(): boolean {
  const client = useQueryClient()
  return useSyncExternalStore(
    (onChange) => client.getQueryCache().subscribe(onChange),
    () => client.getQueryState(queryKeys.cardAccounts())?.status === 'error',
  )
}

/** Which upstream the console talks to, as the key of its book: known at once offline, asked of the proxy. */
export function useUpstream() {
  const api = useApiClient()
  return useQuery({ queryKey: queryKeys.upstream(), queryFn: () => api.upstream(), staleTime: Infinity })
}

/** Proxy mode: the proxy's upstream and signing certificate (undefined offline). */
export function useConnection() {
  const api = useApiClient()
  return useQuery({
    queryKey: queryKeys.connection(),
    queryFn: async () => (await api.connection()) ?? null,
    staleTime: Infinity,
  })
}

const noBook: UpstreamBook = { entries: [], hidden: [] }

/** The book of `upstream` (none while it is not known), re-rendering on every change, from any tab. */
export function useAccountBook(upstream: string | undefined): UpstreamBook {
  const { book } = useApiClient()
  return useSyncExternalStore(book.subscribe, () => (upstream === undefined ? noBook : book.of(upstream)))
}

export function useOpenAccount() {
  const api = useApiClient()
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ id, options }: { id: string; options?: ReadOptions }) => api.openAccount(id, options),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.cardAccounts() }),
  })
}

function transactionsPage(
  api: ApiClient,
  accountId: string,
  params: TransactionsParams,
  headers: TransactionsKeyHeaders,
) {
  return {
    queryKey: queryKeys.transactionsPage(accountId, params, headers),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api.listTransactions(accountId, params, { ...headers, signal }),
    // A page requested a moment ago by `useRequestTransactionsPage` is not asked for twice.
    staleTime: 2_000,
  }
}

/**
 * One page of an account's transactions: the page of `params`, or the page a sandbox's `_links` href
 * names when `link` is given (a link the view's parameters cannot express).
 */
export function useTransactionsPage(
  accountId: string | undefined,
  params: TransactionsParams,
  headers: TransactionsKeyHeaders,
  link?: string | undefined,
) {
  const api = useApiClient()
  const client = useQueryClient()
  const id = accountId ?? ''
  const query = useQuery<Reading<TransactionsPage>, Error, Reading<TransactionsPage>, readonly unknown[]>({
    ...(link === undefined
      ? transactionsPage(api, id, params, headers)
      : {
          queryKey: queryKeys.transactionsLink(id, link, headers),
          queryFn: ({ signal }) => api.followTransactionsLink(link, { ...headers, signal }),
        }),
    enabled: accountId !== undefined,
    // A read is what a bank's quota counts (docs/decisions.md#conditions): the console reads a page when
    // the tester asks for one or changes the data, never on its own because the tab came back into view.
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    // The previous page stays on screen while the next one loads; another account's rows never do.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === accountId ? keepPreviousData(previous) : undefined,
  })
  // Gone from the in-browser sandbox under the list too (the client let its book entry go): the list is
  // read again, and the page says the account is gone rather than show a 404 no Retry can mend.
  const gone = api.mode === 'offline' && isOfflineAccountGone(query.error)
  useEffect(() => {
    if (gone) void client.invalidateQueries({ queryKey: queryKeys.cardAccounts() })
  }, [gone, client])
  return query
}

/**
 * Starts the request for a page the user just asked for (Next, Prev) in the click itself, rather than
 * after React has rendered the new view: the answer arrives that much sooner.
 */
export function useRequestTransactionsPage() {
  const api = useApiClient()
  const client = useQueryClient()
  return useCallback(
    (accountId: string, params: TransactionsParams, headers: TransactionsKeyHeaders) =>
      void client.prefetchQuery(transactionsPage(api, accountId, params, headers)),
    [api, client],
  )
}

export function useCreateCardAccount() {
  const api = useApiClient()
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: CardAccountCreateInput) => api.createCardAccount(body),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.cardAccounts() }),
  })
}

/** `corporateId`: the PSU-Corporate-ID a corporate account's writes send (spec §5.5). */
export function useCreateTransactions(accountId: string, corporateId?: string) {
  const api = useApiClient()
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: TransactionCreateInput[]) => api.createTransactions(accountId, body, { corporateId }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.transactions(accountId) }),
    onError: (error) => rereadAccountsWhenGone(client, error),
  })
}

/**
 * A write to an account that the sandbox answers 404 for: the account is gone (deleted by another tab or
 * client, or the data reset), so the account list is read again and the page says so, as it does for a
 * link to an account it does not have. Offline, other tabs are told of every write; a proxy's sandbox
 * tells nobody.
 */
function rereadAccountsWhenGone(client: ReturnType<typeof useQueryClient>, error: Error) {
  if (error instanceof ApiError && error.status === 404)
    void client.invalidateQueries({ queryKey: queryKeys.cardAccounts() })
}

/** `corporateId`: the PSU-Corporate-ID a corporate account's writes send (spec §5.5), deletes too. */
export function useDeleteTransaction(accountId: string, corporateId?: string) {
  const api = useApiClient()
  const client = useQueryClient()
  return useMutation({
    mutationFn: (cardTransactionId: string) =>
      api.deleteTransaction(accountId, cardTransactionId, { corporateId }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.transactions(accountId) }),
    onError: (error) =>
      isTransactionGone(error)
        ? client.invalidateQueries({ queryKey: queryKeys.transactions(accountId) })
        : rereadAccountsWhenGone(client, error),
  })
}

export function useDeleteCardAccount(corporateId?: string) {
  const api = useApiClient()
  const client = useQueryClient()
  return useMutation({
    mutationFn: (accountId: string) => api.deleteCardAccount(accountId, { corporateId }),
    onSuccess: (_, accountId) => {
      client.removeQueries({ queryKey: queryKeys.transactions(accountId) })
      return client.invalidateQueries({ queryKey: queryKeys.cardAccounts() })
    },
  })
}

/** The longer-names toggle (`accept-fix: longer-name` on account creation), re-rendering on every change. */
export function useLongerName(): boolean {
  return useSetting(useApiClient().settings.longerName)
}

/** The Signature switch's scenario, re-rendering on every change (a flow step sets it too). */
export function useTamper() {
  return useSetting(useApiClient().settings.tamper)
}
