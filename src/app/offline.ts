import {
  type OfflineData,
  type OfflineScenarios,
  type OfflineWorker,
  readOfflinePersonality,
  readRequestTimeoutMs,
  type SettingsStore,
} from '../api'
import { headerNames, type IsoDate, type SandboxClockState } from '../contract'
import { offlineQuotaStore, readOfflineConditions } from '../features/conditions'
import type { Sandbox } from '../sandbox'
import { offlineClockSetting } from './offline-clock'
import { offlineDataOf } from './offline-data'

/** What the app keeps of the in-browser sandbox once its worker runs. */
export interface OfflineRuntime {
  worker: OfflineWorker
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
  const { startOfflineSandbox, OFFLINE_CLOCK_KEY } = await import('../sandbox-http/browser')
  const clock = offlineClockSetting(OFFLINE_CLOCK_KEY)
  const { sandbox, worker, restart, onExternalChange, firedCondition, today } = await startOfflineSandbox({
    personality: readOfflinePersonality(),
    clock,
    conditions: {
      rules: () => readOfflineConditions().rules,
      quotaStore: offlineQuotaStore,
      holdMs: () => readRequestTimeoutMs() + HOLD_PAST_TIMEOUT_MS,
    },
  })
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
    data: offlineDataOf(
      sandbox,
      onExternalChange,
      scenariosOnUse(() => scenariosOf(sandbox, clock, today)),
    ),
    firedCondition,
  }
}

/** The scenarios' code with the shipped ones and their builders, the fixed set among them. */
async function scenariosOf(sandbox: Sandbox, clock: SettingsStore<SandboxClockState>, today: () => IsoDate) {
  const [{ offlineScenariosOf, browserOfflineState }, { openScenarioLibrary }, { shippedScenarios }] =
    await Promise.all([
      import('./offline-scenarios'),
      import('./scenario-library'),
      import('./shipped-scenarios'),
    ])
  return offlineScenariosOf({
    sandbox,
    library: openScenarioLibrary(),
    state: browserOfflineState(clock),
    shipped: shippedScenarios,
    today,
  })
}

/**
 * Scenarios whose code loads at their first use (the Scenarios dialog, a scenario to load after a mode
 * switch), not before the first rows: nothing at start reads them.
 */
export function scenariosOnUse(load: () => Promise<OfflineScenarios>): OfflineScenarios {
  let loaded: Promise<OfflineScenarios> | undefined
  const scenarios = () => {
    // A failed load (a chunk the network lost) is tried again at the next use.
    loaded ??= load().catch((error: unknown) => {
      loaded = undefined
      throw error
    })
    return loaded
  }
  return {
    list: async () => (await scenarios()).list(),
    save: async (name, book) => (await scenarios()).save(name, book),
    load: async (name) => (await scenarios()).load(name),
    duplicate: async (name, as) => (await scenarios()).duplicate(name, as),
    rename: async (name, to) => (await scenarios()).rename(name, to),
    remove: async (name) => (await scenarios()).remove(name),
    exportFile: async (name) => (await scenarios()).exportFile(name),
    importFile: async (data) => (await scenarios()).importFile(data),
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
