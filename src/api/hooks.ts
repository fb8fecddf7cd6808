import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import type { CardAccountCreateInput, TransactionCreateInput, TransactionsParams } from '../contract'
import { createCardAccount, createTransactions, listCardAccounts, listTransactions } from './client'
import { queryKeys, type TransactionsKeyHeaders } from './keys'

export function useCardAccounts() {
  return useQuery({
    queryKey: queryKeys.cardAccounts(),
    queryFn: ({ signal }) => listCardAccounts({ signal }),
  })
}

function transactionsPage(accountId: string, params: TransactionsParams, headers: TransactionsKeyHeaders) {
  return queryOptions({
    queryKey: queryKeys.transactionsPage(accountId, params, headers),
    queryFn: ({ signal }) => listTransactions(accountId, params, { ...headers, signal }),
    // A page requested a moment ago by `useRequestTransactionsPage` is not asked for twice.
    staleTime: 2_000,
  })
}

export function useTransactionsPage(
  accountId: string | undefined,
  params: TransactionsParams,
  headers: TransactionsKeyHeaders,
) {
  return useQuery({
    ...transactionsPage(accountId ?? '', params, headers),
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
  const client = useQueryClient()
  return useCallback(
    (accountId: string, params: TransactionsParams, headers: TransactionsKeyHeaders) =>
      void client.prefetchQuery(transactionsPage(accountId, params, headers)),
    [client],
  )
}

export function useCreateCardAccount() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: CardAccountCreateInput) => createCardAccount(body),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.cardAccounts() }),
  })
}

export function useCreateTransactions(accountId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: TransactionCreateInput[]) => createTransactions(accountId, body),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.transactions(accountId) }),
  })
}
