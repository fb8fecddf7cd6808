import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import type { CardAccountCreateInput, TransactionCreateInput, TransactionsParams } from '../contract'
import type { ApiClient } from './api-client'
import { useApiClient } from './api-context'
import { queryKeys, type TransactionsKeyHeaders } from './keys'

export function useCardAccounts() {
  const api = useApiClient()
  return useQuery({
    queryKey: queryKeys.cardAccounts(),
    queryFn: ({ signal }) => api.listCardAccounts({ signal }),
  })
}

function transactionsPage(
  api: ApiClient,
  accountId: string,
  params: TransactionsParams,
  headers: TransactionsKeyHeaders,
) {
  return queryOptions({
    queryKey: queryKeys.transactionsPage(accountId, params, headers),
    queryFn: ({ signal }) => api.listTransactions(accountId, params, { ...headers, signal }),
    // A page requested a moment ago by `useRequestTransactionsPage` is not asked for twice.
    staleTime: 2_000,
  })
}

export function useTransactionsPage(
  accountId: string | undefined,
  params: TransactionsParams,
  headers: TransactionsKeyHeaders,
) {
  const api = useApiClient()
  return useQuery({
    ...transactionsPage(api, accountId ?? '', params, headers),
    enabled: accountId !== undefined,
    // The previous page stays on screen while the next one loads; another account's rows never do.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === accountId ? keepPreviousData(previous) : undefined,
  })
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

export function useCreateTransactions(accountId: string) {
  const api = useApiClient()
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: TransactionCreateInput[]) => api.createTransactions(accountId, body),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.transactions(accountId) }),
  })
}
