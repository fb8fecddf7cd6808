// The offline state a scenario saves and loads beside the data (clock, conditions, quota reads, personality),
// kept in memory for a test rather than in the page's storage.
import type { OfflineState } from '../app/offline-scenarios'
import {
  type ConditionSet,
  emptyConditionSet,
  type QuotaReads,
  realClock,
  type SandboxBehaviour,
  type SandboxClockState,
} from '../contract'

export function memoryState(): OfflineState & { values: Record<string, unknown> } {
  const values: {
    clock: SandboxClockState
    conditions: ConditionSet
    quota: QuotaReads | undefined
    personality: SandboxBehaviour
  } = { clock: realClock, conditions: emptyConditionSet, quota: undefined, personality: 'console' }
  return {
    values,
    clock: () => values.clock,
    setClock: (state) => {
      values.clock = state
    },
    conditions: () => values.conditions,
    setConditions: (set) => {
      values.conditions = set
    },
    quotaReads: () => values.quota,
    setQuotaReads: (reads) => {
      values.quota = reads
    },
    personality: () => values.personality,
    setPersonality: (name) => {
      values.personality = name
    },
  }
}
