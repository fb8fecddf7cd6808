import { useMutation, useQueryClient } from '@tanstack/react-query'
import { corporateIdToSend, queryKeys, useApiClient, useToday } from '../../api'
import { useAnnounce } from '../../ui/announcer'
import { useOneAtATime } from '../one-at-a-time'
import { count } from './offline-data'

/**
 * "Fill test data": the sandbox's fixed set, sent through the API like any other request, so it fills
 * the in-browser sandbox and a real one alike. `fill` resolves with the first account created, or
 * undefined when it failed (`error` then says why).
 */
export function useFillTestData() {
  const api = useApiClient()
  const client = useQueryClient()
  const announce = useAnnounce()
  const once = useOneAtATime()
  const today = useToday()
  const mutation = useMutation({
    mutationFn: async () => {
      const { testDataFill } = await import('../../test-data/fixed-set')
      const sets = testDataFill(today)
      let first: string | undefined
      let transactions = 0
      for (const set of sets) {
        const account = await api.createCardAccount(set.account)
        if (account.id === undefined) {
          throw new Error(
            'The sandbox created a card account but named neither its id nor its Location, so its test transactions cannot be added',
          )
        }
        first ??= account.id
        if (set.transactions.length > 0) {
          // A corporate account's writes need PSU-Corporate-ID (spec §5.5), as its reads send it.
          const corporateId = corporateIdToSend({
            resourceId: account.id,
            customerNumber: set.account.customerNumber,
            customerType: set.account.customerType,
          })
          const created = await api.createTransactions(account.id, set.transactions, { corporateId })
          // A 201 without the stored transactions still stored all of them.
          transactions +=
            (created.kind === 'read' ? created.value.transactions?.length : undefined) ??
            set.transactions.length
        }
      }
      return { first, accounts: sets.length, transactions }
    },
    onMutate: () => announce('Filling test data…', { place: 'data' }),
    onSuccess: async ({ accounts, transactions }) => {
      // The lists show the new data by the time the message says it is there.
      await client.invalidateQueries({ queryKey: queryKeys.all })
      announce(
        `Test data filled: ${count(accounts, 'card account')}, ${count(transactions, 'transaction')}`,
        {
          place: 'data',
        },
      )
    },
    onError: async (failure) => {
      announce(`Fill test data failed: ${failure.message}`, { place: 'data' })
      // What was created before the failure is stored: show it.
      await client.invalidateQueries({ queryKey: queryKeys.all })
    },
  })

  // A second activation while one runs would store the fixed set twice.
  const fill = async (): Promise<string | undefined> => {
    try {
      return (await once(() => mutation.mutateAsync()))?.first
    } catch {
      return undefined
    }
  }

  return { fill, filling: mutation.isPending, error: mutation.error ?? undefined }
}

export type FillTestData = ReturnType<typeof useFillTestData>
