import { useQuery } from '@tanstack/react-query'
import { queryKeys, useApiClient } from '../../api'

/**
 * How many transactions an account holds, of every date, as the sandbox counts them (its summary route with
 * no window): the console's sandboxes have the route, a bank's may not. Read afresh for the question it
 * answers, not from the chart's summaries, whose module would come with it.
 */
export function useTransactionCount(accountId: string, corporateId: string | undefined) {
  const api = useApiClient()
  return useQuery({
    queryKey: queryKeys.transactionCount(accountId, corporateId),
    queryFn: async ({ signal }) => {
      const answer = await api.summarizeTransactions(accountId, {}, { corporateId, signal })
      if (answer.kind !== 'read')
        throw new Error(`the count was not what the console expects: ${answer.problems.join('; ')}`)
      return answer.value.count
    },
    retry: false,
  })
}
