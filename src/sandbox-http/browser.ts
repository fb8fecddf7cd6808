import { type SetupWorker, setupWorker } from 'msw/browser'
import { API_BASE, type ConditionRule, type IsoDate, type SandboxBehaviour } from '../contract'
import { type ClockStorage, createSandbox, createSandboxClock, type Sandbox } from '../sandbox'
import { createConditions, createFiredLog, type QuotaStore } from '../sandbox/conditions'
import { openIndexedDbStore } from '../sandbox/storage/indexeddb-store'
import { conditionsSeam } from './conditions'
import { createSandboxHandlers } from './handlers'
import { changesFromOtherTabs } from './other-tabs'
import { type Personality, personalities, personalityOf, profileSummary } from './personality'
import { createProxyStandIn } from './proxy-stand-in'

/** Where the offline sandbox keeps its clock: this browser's localStorage, so a reload keeps it. */
export const OFFLINE_CLOCK_KEY = 'sandbox-console.clock'

/** The page's service worker offline: msw's, imported by a script of the console's own. */
export const OFFLINE_WORKER_URL = '/console-worker.js'

/** What the offline start-up hands the app. */
export interface OfflineSandbox {
  sandbox: Sandbox
  worker: SetupWorker
  restart: () => Promise<void>
  /** Calls `listener` after another tab changed the offline data or clock; returns the unsubscribe function. */
  onExternalChange: (listener: () => void) => () => void
  /** The condition that answered (or dropped) the request with this X-Request-ID, if one did. */
  firedCondition: (requestId: string) => string | undefined
  /** The sandbox clock's today. */
  today: () => IsoDate
}

/** The conditions of the in-browser sandbox: the tester's rules, kept by the app in the browser. */
export interface OfflineConditionsOptions {
  rules: () => readonly ConditionRule[]
  quotaStore: QuotaStore
  /** How long a timeout holds a request: past the console's own request timeout. */
  holdMs: () => number
}

/**
 * Offline mode: the engine on IndexedDB behind an msw service worker that answers the SPA's
 * `/api/v1/sandbox/...` calls, the proxy's stand-in in front signing them as `npm start`'s proxy does (the
 * handlers verify every signature). Loaded lazily by the app only; the app awaits it before the first render.
 */
export async function startOfflineSandbox({
  personality = 'console',
  clock: clockStorage,
  conditions,
}: {
  /**
   * Which bank the offline sandbox behaves like (the console's picker keeps the choice): a personality, or
   * any profile it can serve (one it cannot is refused with `UnservableProfile`, naming each value).
   */
  personality?: SandboxBehaviour
  /** Where the clock is kept: localStorage under OFFLINE_CLOCK_KEY, which other tabs' storage events name. */
  clock: ClockStorage
  conditions?: OfflineConditionsOptions
}): Promise<OfflineSandbox> {
  // Opens on first use: a database that cannot be opened must not stop the console from starting.
  const shape = personalityFor(personality)
  const store = openIndexedDbStore()
  const clock = createSandboxClock({ storage: clockStorage })
  const sandbox = createSandbox({ store, today: clock.today, newId: shape.newId })
  const fired = createFiredLog()
  const standIn = createProxyStandIn()
  const handlers = createSandboxHandlers({
    sandbox,
    clock,
    personality: shape,
    basePath: API_BASE,
    authenticate: standIn.authenticate,
    ...(conditions
      ? {
          conditions: conditionsSeam({
            conditions: createConditions({
              rules: conditions.rules,
              // Quotas count reads per day of the sandbox clock, like every other domain rule.
              today: clock.today,
              quotaStore: conditions.quotaStore,
            }),
            fired,
            holdMs: conditions.holdMs,
          }),
        }
      : {}),
  })
  const worker = setupWorker(standIn.inFrontOf(handlers, API_BASE))
  const start = () =>
    worker.start({
      onUnhandledRequest: 'bypass',
      quiet: true,
      // msw's worker with an answer for page loads the server does not answer (public/console-worker.js).
      serviceWorker: { url: OFFLINE_WORKER_URL },
    })
  await start()
  // An idle service worker can stop intercepting (docs/decisions.md#offline-mode): the app restarts it with the same options.
  const restart = async () => {
    worker.stop()
    await start()
  }
  return {
    sandbox,
    worker,
    restart,
    onExternalChange: changesFromOtherTabs(store, OFFLINE_CLOCK_KEY),
    firedCondition: (requestId) => fired.find(requestId)?.condition,
    today: clock.today,
  }
}

function personalityFor(behaviour: SandboxBehaviour): Personality {
  if (typeof behaviour === 'string') return personalities[behaviour]
  return personalityOf(
    `profile ${behaviour.source ?? 'file'}`,
    profileSummary(behaviour.traits),
    behaviour.traits,
  )
}
