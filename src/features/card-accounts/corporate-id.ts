import { useCallback, useState } from 'react'
import { corporateIdOf, storeCorporateId, storedCorporateId } from '../../api'
import type { AccountView } from './account-view'

/**
 * The PSU-Corporate-ID a corporate account's requests send (`corporateIdOf` decides; src/api/corporate-id.ts),
 * with the tester's edit, kept per account.
 */
export function useCorporateId(account: AccountView): [string | undefined, (value: string) => void] {
  const [edits, setEdits] = useState<Record<string, string>>({})
  const value = corporateIdOf(account, edits[account.resourceId] ?? storedCorporateId(account.resourceId))
  const set = useCallback(
    (next: string) => {
      storeCorporateId(account.resourceId, next)
      setEdits((e) => ({ ...e, [account.resourceId]: next }))
    },
    [account.resourceId],
  )
  return [value, set]
}
