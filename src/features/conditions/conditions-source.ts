import { ApiError, consoleFetch, type Mode, type ProxyAnswers, writeToStorage } from '../../api'
import {
  CONSOLE_CONDITIONS_PATH,
  type ConditionRule,
  type ConditionSet,
  conditionSet,
  conditionsState,
  emptyConditionSet,
  type IsoDate,
} from '../../contract'

/** The conditions as the panel shows them; `upstreamTimeoutMs` only where a proxy holds a timeout. */
export interface ConditionsView {
  rules: ConditionRule[]
  upstreamTimeoutMs?: number
}

/** Where the conditions of this mode live: the browser's storage offline, the proxy's process otherwise. */
export interface ConditionsSource {
  read(): Promise<ConditionsView>
  write(set: ConditionSet): Promise<ConditionsView>
  /** News of a change made in another tab, where the source can tell (offline); the proxy is polled. */
  subscribe(listener: () => void): () => void
}

/**
 * The conditions of a mode: they depend on nothing else, so every screen asking gets the same. By proxy,
 * each answer, or the lack of one, is also told to `proxyAnswers`: the poll of them is the console's steady
 * word with its proxy, by which it learns that the proxy stopped, or now serves another sandbox, when
 * nothing else is being read.
 */
export const conditionsSource = (mode: Mode, proxyAnswers?: ProxyAnswers): ConditionsSource =>
  mode === 'offline' ? offlineConditionsSource : proxyConditionsSource(proxyAnswers)

/**
 * The rule that fired for a request that got no HTTP answer (a reset, a timeout), for the API client's
 * transport: offline the in-browser sandbox's fired log says, by proxy the proxy's.
 */
export function requestConditionOf(
  mode: Mode,
  firedOffline: (requestId: string) => string | undefined = () => undefined,
): (requestId: string) => Promise<string | undefined> {
  if (mode === 'offline') return async (requestId) => firedOffline(requestId)
  return async (requestId) => {
    try {
      return (await exchange(undefined)).fired.find((fired) => fired.requestId === requestId)?.condition
    } catch {
      return undefined
    }
  }
}

const RULES_KEY = 'sandbox-console.conditions'
const QUOTA_KEY = 'sandbox-console.quota-reads'

/** The offline conditions as stored; a value that is not a condition set counts as none. */
export function readOfflineConditions(storage: Pick<Storage, 'getItem'> = localStorage): ConditionSet {
  try {
    const parsed = conditionSet.safeParse(JSON.parse(storage.getItem(RULES_KEY) ?? 'null'))
    return parsed.success ? parsed.data : emptyConditionSet
  } catch {
    return emptyConditionSet
  }
}

/**
 * Stores the offline conditions (a scenario's load sets them so). Unlike a setting, what is stored is what
 * the sandbox applies: a write storage refused changed nothing, and the caller must say so.
 */
export function writeOfflineConditions(
  set: ConditionSet,
  storage: Pick<Storage, 'setItem'> = localStorage,
): void {
  const text = JSON.stringify(conditionSet.parse(set))
  if (!writeToStorage('the test conditions', () => storage.setItem(RULES_KEY, text)))
    throw new Error("This browser's storage refused the change: it is full, or storage is blocked here.")
}

/** Reads counted today by the in-browser sandbox, kept with the conditions so a reload does not reset them. */
export const offlineQuotaStore = {
  load(): { day: IsoDate; reads: Record<string, number> } | undefined {
    try {
      const value: unknown = JSON.parse(localStorage.getItem(QUOTA_KEY) ?? 'null')
      if (typeof value !== 'object' || value === null || !('day' in value) || !('reads' in value))
        return undefined
      const { day, reads } = value
      if (typeof day !== 'string' || typeof reads !== 'object' || reads === null) return undefined
      return {
        day,
        reads: Object.fromEntries(Object.entries(reads).filter(([, n]) => typeof n === 'number')),
      }
    } catch {
      return undefined
    }
  },
  save(counts: { day: IsoDate; reads: Record<string, number> }): void {
    writeToStorage("the quotas' counts of today's reads", () =>
      localStorage.setItem(QUOTA_KEY, JSON.stringify(counts)),
    )
  },
  /** No reads counted: a scenario without counts starts its day afresh. */
  clear(): void {
    writeToStorage("the quotas' counts of today's reads", () => localStorage.removeItem(QUOTA_KEY))
  },
}

const offlineConditionsSource: ConditionsSource = {
  read: async () => readOfflineConditions(),
  async write(set) {
    writeOfflineConditions(set)
    return conditionSet.parse(set)
  },
  subscribe(listener) {
    const onStorage = (event: StorageEvent) => {
      if (event.key === RULES_KEY || event.key === null) listener()
    }
    window.addEventListener('storage', onStorage)
    return () => window.removeEventListener('storage', onStorage)
  },
}

/** The proxy's conditions and its log of the rules that fired, in one answer of `/console/conditions`. */
async function exchange(proxyAnswers: ProxyAnswers | undefined, init?: RequestInit) {
  const response = await (proxyAnswers?.ask ?? consoleFetch)(CONSOLE_CONDITIONS_PATH, {
    ...init,
    headers: { accept: 'application/json', ...(init?.body ? { 'content-type': 'application/json' } : {}) },
  })
  const text = await response.text()
  if (!response.ok) throw ApiError.fromText(response.status, text)
  return conditionsState.parse(JSON.parse(text))
}

const proxyConditionsSource = (proxyAnswers: ProxyAnswers | undefined): ConditionsSource => ({
  read: () => exchange(proxyAnswers),
  write: (set) => exchange(proxyAnswers, { method: 'PUT', body: JSON.stringify(set) }),
  subscribe: () => () => {},
})
