import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { type Mode, queryKeys, readAgain, useApiClient } from '../../api'
import type { ConditionSet } from '../../contract'
import { conditionsSource } from './conditions-source'

const conditionsKey = ['console', 'conditions'] as const

/**
 * The conditions of this mode, the same in every tab: offline another tab's change arrives by the storage
 * event; the proxy's are asked again every few seconds and whenever the tab comes back into focus.
 */
export function useConditions() {
  const { mode, proxyAnswers } = useApiClient()
  const client = useQueryClient()
  useEffect(
    () => conditionsSource(mode).subscribe(() => void client.invalidateQueries({ queryKey: conditionsKey })),
    [mode, client],
  )
  return useQuery({
    queryKey: conditionsKey,
    queryFn: () => conditionsSource(mode, proxyAnswers).read(),
    refetchOnWindowFocus: true,
    refetchInterval: pollOf(mode),
  })
}

export function useSaveConditions() {
  const { mode, proxyAnswers } = useApiClient()
  const client = useQueryClient()
  return useMutation({
    mutationFn: (set: ConditionSet) => conditionsSource(mode, proxyAnswers).write(set),
    onSuccess: (view) => {
      client.setQueryData(conditionsKey, view)
      // What is on screen was answered under the old conditions: read it again under the new. Not awaited:
      // under a Timeout condition those reads are held for the whole request timeout, and the save is done.
      void readAgain(client, { queryKey: queryKeys.all })
    },
  })
}

const pollOf = (mode: Mode): number | false => (mode === 'proxy' ? 5_000 : false)
