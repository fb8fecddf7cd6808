import { type SetupWorker, setupWorker } from 'msw/browser'
import { API_BASE, type ConditionRule, type IsoDate, localToday } from '../contract'
import { createSandbox, type Sandbox } from '../sandbox'
import { createConditions, createFiredLog, type QuotaStore } from '../sandbox/conditions'
import { openIndexedDbStore } from '../sandbox/storage/indexeddb-store'
import { conditionsSeam } from './conditions'
import { type Authenticate, createSandboxHandlers } from './handlers'

/** What the offline start-up hands the app. */
export interface OfflineSandbox {
  sandbox: Sandbox
  worker: SetupWorker
  restart: () => Promise<void>
  /** Calls `listener` after another tab changed the offline data; returns the unsubscribe function. */
  onExternalChange: (listener: () => void) => () => void
  /** The condition that answered (or dropped) the request with this X-Request-ID, if one did. */
  firedCondition: (requestId: string) => string | undefined
}

/** The conditions of the in-browser sandbox: the tester's rules, kept by the app in the browser. */
export interface OfflineConditionsOptions {
  rules: () => readonly ConditionRule[]
  quotaStore: QuotaStore
  /** How long a timeout holds a request: past the console's own request timeout. */
  holdMs: () => number
  /** "Today" of the quotas; the real local date by default (the sandbox clock plugs in here). */
  today?: () => IsoDate
}

/**
 * Offline mode: the engine on IndexedDB behind an msw service worker that answers the SPA's
 * `/api/v1/sandbox/...` calls. Loaded lazily by the app only; the app awaits it before the first render.
 * `authenticate` is where signature verification plugs in.
 */
export async function startOfflineSandbox({
  authenticate,
  conditions,
}: {
  authenticate?: Authenticate
  conditions?: OfflineConditionsOptions
} = {}): Promise<OfflineSandbox> {
  // Opens on first use: a database that cannot be opened must not stop the console from starting.
  const store = openIndexedDbStore()
  const sandbox = createSandbox({ store, today: () => localToday() })
  const fired = createFiredLog()
  const handlers = createSandboxHandlers({
    sandbox,
    basePath: API_BASE,
    ...(authenticate ? { authenticate } : {}),
    ...(conditions
      ? {
          conditions: conditionsSeam({
            conditions: createConditions({
              rules: conditions.rules,
              today: conditions.today ?? (() => localToday()),
              quotaStore: conditions.quotaStore,
            }),
            fired,
            holdMs: conditions.holdMs,
          }),
        }
      : {}),
  })
  const worker = setupWorker(...handlers)
  const start = () =>
    worker.start({
      onUnhandledRequest: 'bypass',
      quiet: true,
      serviceWorker: { url: '/mockServiceWorker.js' },
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
    onExternalChange: (listener) => store.onExternalChange(listener),
    firedCondition: (requestId) => fired.find(requestId)?.condition,
  }
}
