import type { TransactionsParams } from '../contract'

/** Every headers value that changes an answer belongs in its key (corporate id, accept-fix). */
export interface TransactionsKeyHeaders {
  corporateId: string | undefined
  fix: boolean
}

/** Hierarchical, so invalidating a prefix refreshes everything under it. */
export const queryKeys = {
  all: ['sandbox'] as const,
  cardAccounts: () => [...queryKeys.all, 'card-accounts'] as const,
  transactions: (accountId: string) => [...queryKeys.all, 'transactions', accountId] as const,
  transactionsPage: (accountId: string, params: TransactionsParams, headers: TransactionsKeyHeaders) =>
    [...queryKeys.transactions(accountId), params, headers] as const,
}
