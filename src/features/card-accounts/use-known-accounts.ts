import { useMemo } from 'react'
import { ApiError, useAccountBook, useCardAccounts, useUpstream } from '../../api'
import { type KnownAccount, knownAccounts } from './account-view'

/** The statuses of a sandbox that has no list of card accounts (the platform's has none). */
const NO_LIST = new Set([404, 405, 501])

export interface KnownAccounts {
  /** The book's key: this browser, or the proxy's upstream. */
  upstream: string | undefined
  accounts: KnownAccount[]
  /** Neither the upstream nor the list has answered yet. */
  pending: boolean
  /** The sandbox answered the list with 404, 405 or 501: it keeps no list, the book is all there is. */
  noList: boolean
  list: ReturnType<typeof useCardAccounts>
}

/** The sidebar's accounts: the sandbox's list, where it has one, merged with the console's book. */
export function useKnownAccounts(): KnownAccounts {
  const upstream = useUpstream()
  const list = useCardAccounts()
  const book = useAccountBook(upstream.data)
  const listed = list.data?.kind === 'read' ? list.data.value : undefined
  const accounts = useMemo(() => knownAccounts(listed, book), [listed, book])
  return {
    upstream: upstream.data,
    accounts,
    pending: upstream.isPending || list.isPending,
    noList: list.error instanceof ApiError && NO_LIST.has(list.error.status),
    list,
  }
}
