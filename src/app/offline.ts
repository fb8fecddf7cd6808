import {
  type BrowserRequestSigner,
  type OfflineData,
  type OfflineWorker,
  offlineQuotaStore,
  readOfflineConditions,
  readOfflinePersonality,
  readRequestTimeoutMs,
} from '../api'
import { headerNames } from '../contract'
import { offlineDataOf } from './offline-data'

/** What the app keeps of the in-browser sandbox once its worker runs. */
export interface OfflineRuntime {
  worker: OfflineWorker
  /** Signs every request with the shipped test identity, as the in-browser sandbox requires. */
  signer: BrowserRequestSigner
  /** Export, import and reset of the store in this browser, and news of other tabs' writes. */
  data: OfflineData
  /** The condition the in-browser sandbox applied to a request id, for the inspector. */
  firedCondition: (requestId: string) => string | undefined
}

/** A held request outlasts the console's own timeout by this much, so the console is the one to give up. */
const HOLD_PAST_TIMEOUT_MS = 1_000

/**
 * Loads the engine and msw as a separate chunk (proxy mode never downloads them) and starts the worker;
 * the caller awaits this before building the API client and rendering, so no request can slip past it.
 */
export async function startOffline(): Promise<OfflineRuntime> {
  const [
    { startOfflineSandbox, OFFLINE_CLOCK_KEY },
    { requireSignature },
    { createOfflineSigner },
    { offlineScenariosOf, browserOfflineState },
    { openScenarioLibrary },
    { shippedScenarios },
  ] = await Promise.all([
    import('../sandbox-http/browser'),
    import('../sandbox-http/signature-check'),
    import('./offline-signer'),
    import('./offline-scenarios'),
    import('./scenario-library'),
    import('./shipped-scenarios'),
  ])
  const [{ sandbox, worker, restart, onExternalChange, firedCondition, today }, signer] = await Promise.all([
    startOfflineSandbox({
      authenticate: requireSignature({ dateFrom: headerNames.consoleDate }),
      personality: readOfflinePersonality(),
      conditions: {
        rules: () => readOfflineConditions().rules,
        quotaStore: offlineQuotaStore,
        holdMs: () => readRequestTimeoutMs() + HOLD_PAST_TIMEOUT_MS,
      },
    }),
    createOfflineSigner(),
  ])
  // A request the worker handled passed through its handlers in this page; one it let through did not.
  const matched = new Set<string>()
  worker.events.on('request:match', ({ request }) => {
    const id = request.headers.get(headerNames.requestId)
    if (id) matched.add(id)
  })
  return {
    worker: {
      answered: (requestId) => matched.delete(requestId),
      restart,
    },
    signer,
    data: offlineDataOf(
      sandbox,
      onExternalChange,
      offlineScenariosOf({
        sandbox,
        library: openScenarioLibrary(),
        state: browserOfflineState(OFFLINE_CLOCK_KEY),
        shipped: shippedScenarios,
        today,
      }),
    ),
    firedCondition,
  }
}

/** Leaving offline mode: without this the worker would stay registered for the origin. */
export async function unregisterOfflineWorker(): Promise<void> {
  const registrations = await navigator.serviceWorker?.getRegistrations()
  await Promise.all(
    (registrations ?? [])
      // The console's worker, and msw's own as registered before the console had a worker script of its own.
      .filter((r) => /\/(console-worker|mockServiceWorker)\.js$/.test(r.active?.scriptURL ?? ''))
      .map((r) => r.unregister()),
  )
}
