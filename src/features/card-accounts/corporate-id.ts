import { useCallback, useState } from 'react'
import type { CardAccountRead } from '../../api'

const key = (accountId: string) => `sandbox-console.psu-corporate-id.${accountId}`

/**
 * The PSU-Corporate-ID a corporate account's reads send (presence is all the sandbox checks). Defaults
 * to the customer number; an edit is kept per account. Private accounts send none.
 */
export function useCorporateId(account: CardAccountRead): [string | undefined, (value: string) => void] {
  const [edits, setEdits] = useState<Record<string, string>>({})
  const stored = edits[account.resourceId] ?? localStorage.getItem(key(account.resourceId))
  const value = account.customerType === 'corporate' ? (stored ?? account.customerNumber) : undefined
  const set = useCallback(
    (next: string) => {
      localStorage.setItem(key(account.resourceId), next)
      setEdits((e) => ({ ...e, [account.resourceId]: next }))
    },
    [account.resourceId],
  )
  return [value, set]
}
