import { readOfflinePersonality, useApiClient, useSandboxClock } from '../../api'
import { useConditions } from '../conditions'
import type { ShareSettings } from './share-link'

/** The settings a link carries, as this tab has them now; null where the sandbox has none to read. */
export function useShareSettings(): ShareSettings & { ready: boolean } {
  const api = useApiClient()
  const clockQuery = useSandboxClock()
  const conditionsQuery = useConditions()
  const clock = clockQuery.data
  const conditions = conditionsQuery.data
  return {
    // A sandbox that fails to answer (a proxy that is down) is not waited for through its retries.
    ready: [clockQuery, conditionsQuery].every((query) => !query.isPending || query.failureCount > 0),
    mode: api.mode,
    tamper: api.settings.tamper.read() ?? null,
    clock:
      clock?.kind === 'read'
        ? { setting: clock.value.setting, settlePendingAfterDays: clock.value.settlePendingAfterDays }
        : null,
    conditions: conditions ? { rules: conditions.rules } : null,
    // The proxy's sandbox takes its personality at its start (SANDBOX_PERSONALITY): no tab sets it.
    personality: api.mode === 'offline' ? readOfflinePersonality() : null,
  }
}
