import { readOfflinePersonality, useApiClient, useSandboxClock, useShownSandboxClock } from '../../api'
import { useConditions } from '../conditions'
import type { ShareSettings } from './share-link'

type ShareSettingsNow = ShareSettings & { ready: boolean }

/** The settings a link carries, the clock read afresh: an opened link names what it would change. */
export function useShareSettings(): ShareSettingsNow {
  return useSettingsWith(useSandboxClock())
}

/**
 * The settings a link made here carries, the clock as the header shows it: a read of its own put the
 * sandbox's answer in the inspector each time Share opened, a 404 in red on a sandbox without a clock.
 */
export function useShownShareSettings(): ShareSettingsNow {
  return useSettingsWith(useShownSandboxClock())
}

/** The settings as this tab has them now; null where the sandbox has none to read. */
function useSettingsWith(clockQuery: ReturnType<typeof useSandboxClock>): ShareSettingsNow {
  const api = useApiClient()
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
