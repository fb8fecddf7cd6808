import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { CardAccountCreateInput, TransactionCreateInput, TransactionsParams } from '../contract'
import { createCardAccount, createTransactions, listCardAccounts, listTransactions } from './client'
import { queryKeys, type TransactionsKeyHeaders } from './keys'

export function useCardAccounts() {
  return useQuery({
    queryKey: queryKeys.cardAccounts(),
    queryFn: ({ signal }) => listCardAccounts({ signal }),
  })
}

export function useTransactionsPage(
  accountId: string | undefined,
  params: TransactionsParams,
  headers: TransactionsKeyHeaders,
) {
  return useQuery({
    queryKey: queryKeys.transactionsPage(accountId ?? '', params, headers),
    queryFn: ({ signal }) => listTransactions(accountId ?? '', params, { ...headers, signal }),
    enabled: accountId !== undefined,
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  })
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
