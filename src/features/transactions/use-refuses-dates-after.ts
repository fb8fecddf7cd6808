import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import {
  behaviourTraits,
  queryKeys,
  type Reading,
  readOfflinePersonality,
  type SandboxClockRead,
  useApiClient,
} from '../../api'
import type { IsoDate } from '../../contract'

/**
 * The sandbox's today when it refuses dates after it, so a form can say so in its first answer: the
 * clock's today as the header last read it (the form re-renders with every change, so reading the cache
 * is enough), unless offline mode's bank takes future dates. Without the console's clock (a bank's
 * sandbox) the form knows no today of the sandbox's, and leaves the rule to it.
 */
export function useRefusesDatesAfter(): IsoDate | undefined {
  const clock = useQueryClient().getQueryData<Reading<SandboxClockRead>>(queryKeys.clock())
  const { mode } = useApiClient()
  // Offline only, and a change applies with a reload: read from storage once, not at every render.
  const [takesFutureDates] = useState(
    () => mode === 'offline' && behaviourTraits(readOfflinePersonality()).futureDates === 'accepted',
  )
  return clock?.kind !== 'read' || takesFutureDates ? undefined : clock.value.today
}
