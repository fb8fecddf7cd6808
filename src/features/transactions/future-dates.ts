import { behaviourTraits, readOfflinePersonality, useApiClient, useSandboxToday } from '../../api'
import type { IsoDate } from '../../contract'

/**
 * The sandbox's today when it refuses dates after it, so a form can say so in its first answer: the
 * clock's today as the header read it, unless offline mode's bank takes future dates. Without the
 * console's clock (a bank's sandbox) the form knows no today of the sandbox's, and leaves the rule to it.
 */
export function useRefusesDatesAfter(): IsoDate | undefined {
  const today = useSandboxToday()
  const { mode } = useApiClient()
  // Offline only, and applied by a reload: read once per render is enough.
  const takesFutureDates =
    mode === 'offline' && behaviourTraits(readOfflinePersonality()).futureDates === 'accepted'
  return takesFutureDates ? undefined : today
}
