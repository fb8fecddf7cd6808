import { type SetupWorker, setupWorker } from 'msw/browser'
import { API_BASE, type PersonalityName } from '../contract'
import { createSandbox, createSandboxClock, type Sandbox, webClockStorage } from '../sandbox'
import { openIndexedDbStore } from '../sandbox/storage/indexeddb-store'
import { type Authenticate, createSandboxHandlers } from './handlers'
import { personalities } from './personality'

/** Where the offline sandbox keeps its clock: this browser's localStorage, so a reload keeps it. */
export const OFFLINE_CLOCK_KEY = 'sandbox-console.clock'

/** What the offline start-up hands the app. */
export interface OfflineSandbox {
  sandbox: Sandbox
  worker: SetupWorker
  restart: () => Promise<void>
  /** Calls `listener` after another tab changed the offline data; returns the unsubscribe function. */
  onExternalChange: (listener: () => void) => () => void
}

/**
 * Offline mode: the engine on IndexedDB behind an msw service worker that answers the SPA's
 * `/api/v1/sandbox/...` calls. Loaded lazily by the app only; the app awaits it before the first render.
 * `authenticate` is where signature verification plugs in.
 */
export async function startOfflineSandbox({
  authenticate,
  personality = 'console',
}: {
  authenticate?: Authenticate
  /** Which bank the offline sandbox behaves like (the console's picker keeps the choice). */
  personality?: PersonalityName
} = {}): Promise<OfflineSandbox> {
  // Opens on first use: a database that cannot be opened must not stop the console from starting.
  const store = openIndexedDbStore()
  const clock = createSandboxClock({ storage: webClockStorage(localStorage, OFFLINE_CLOCK_KEY) })
  const sandbox = createSandbox({ store, today: clock.today })
  const handlers = createSandboxHandlers({
    sandbox,
    clock,
    personality: personalities[personality],
    basePath: API_BASE,
    ...(authenticate ? { authenticate } : {}),
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
  return { sandbox, worker, restart, onExternalChange: (listener) => store.onExternalChange(listener) }
}
