/** The sandbox paths of this operation, relative to the service's base URL. */
export const SANDBOX_PREFIX = '/v1/sandbox'

export const paths = {
  cardAccounts: `${SANDBOX_PREFIX}/card-accounts`,
  cardAccount: (id: string) => `${SANDBOX_PREFIX}/card-accounts/${encodeURIComponent(id)}`,
  transactions: (id: string) => `${SANDBOX_PREFIX}/card-accounts/${encodeURIComponent(id)}/transactions`,
} as const

/** Route patterns in msw's path syntax. */
export const routes = {
  cardAccounts: `${SANDBOX_PREFIX}/card-accounts`,
  cardAccount: `${SANDBOX_PREFIX}/card-accounts/:mockCardAccountId`,
  transactions: `${SANDBOX_PREFIX}/card-accounts/:mockCardAccountId/transactions`,
} as const
