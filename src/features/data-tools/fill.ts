import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { queryKeys, useApiClient } from '../../api'
import { localToday } from '../../contract'
import { useAnnounce } from '../../ui/announcer'
import { count } from './offline-data'

/**
 * "Fill test data": the sandbox's fixed set, sent through the API like any other request, so it fills
 * the in-browser sandbox and a real one alike. Resolves with the first account created.
 */
export function useFillTestData() {
  const api = useApiClient()
  const client = useQueryClient()
  const announce = useAnnounce()
  const [filling, setFilling] = useState(false)
  const [error, setError] = useState<Error>()

  const fill = async (): Promise<string | undefined> => {
    setFilling(true)
    setError(undefined)
    announce('Filling test data…')
    try {
      const { testDataFill } = await import('../../test-data/fixed-set')
      const sets = testDataFill(localToday())
      let first: string | undefined
      let transactions = 0
      for (const set of sets) {
        const account = await api.createCardAccount(set.account)
        first ??= account.resourceId
        if (set.transactions.length > 0) {
          transactions += (await api.createTransactions(account.resourceId, set.transactions)).transactions
            .length
        }
      }
      // The lists show the new data by the time the message says it is there.
      await client.invalidateQueries({ queryKey: queryKeys.all })
      announce(
        `Test data filled: ${count(sets.length, 'card account')}, ${count(transactions, 'transaction')}`,
      )
      return first
    } catch (caught) {
      const failure = caught instanceof Error ? caught : new Error(String(caught))
      setError(failure)
      announce(`Fill test data failed: ${failure.message}`)
      // What was created before the failure is stored: show it.
      await client.invalidateQueries({ queryKey: queryKeys.all })
      return undefined
    } finally {
      setFilling(false)
    }
  }

  return { fill, filling, error }
}

export type FillTestData = ReturnType<typeof useFillTestData>
