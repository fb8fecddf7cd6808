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
  transactionsLink: (accountId: string, href: string, headers: TransactionsKeyHeaders) =>
    [...queryKeys.transactions(accountId), 'link', href, headers] as const,
  /** Under the account's transactions, so whatever refreshes the table refreshes the chart. */
  transactionsSummary: (accountId: string, window: object, headers: TransactionsKeyHeaders) =>
    [...queryKeys.transactions(accountId), 'summary', window, headers] as const,
  /** How many the account holds, for a question asked before they go: under them, so a write recounts. */
  transactionCount: (accountId: string, corporateId: string | undefined) =>
    [...queryKeys.transactions(accountId), 'count', corporateId] as const,
  /** The sandbox's clock: not its data, so a reset or an import of that leaves it alone. */
  clock: () => ['sandbox-clock'] as const,
  /** What the proxy says of itself: not the sandbox's data, so a reset of that leaves it alone. */
  upstream: () => ['console', 'upstream'] as const,
  connection: () => ['console', 'connection'] as const,
  /** Whether the proxy answers again after it gave none (src/api/proxy-return.ts). */
  proxyReturn: () => ['console', 'proxy-return'] as const,
}
