import { useCallback, useState } from 'react'
import type { AccountView } from './account-view'

const key = (accountId: string) => `sandbox-console.psu-corporate-id.${accountId}`

/**
 * The PSU-Corporate-ID a corporate account's reads send (presence is all the sandbox checks). Defaults
 * to the customer number; an edit is kept per account. Private accounts send none. An account whose type
 * the console does not know (opened by id, not shown by the sandbox) offers the field empty: it sends the
 * header only once the tester fills it in.
 */
export function useCorporateId(account: AccountView): [string | undefined, (value: string) => void] {
  const [edits, setEdits] = useState<Record<string, string>>({})
  const stored = edits[account.resourceId] ?? localStorage.getItem(key(account.resourceId))
  const value =
    account.customerType === 'corporate'
      ? (stored ?? account.customerNumber ?? '')
      : account.customerType === undefined
        ? (stored ?? '')
        : undefined
  const set = useCallback(
    (next: string) => {
      localStorage.setItem(key(account.resourceId), next)
      setEdits((e) => ({ ...e, [account.resourceId]: next }))
    },
    [account.resourceId],
  )
  return [value, set]
}
