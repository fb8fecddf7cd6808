import { type SetupWorker, setupWorker } from 'msw/browser'
import { API_BASE, localToday } from '../contract'
import { createSandbox, type Sandbox } from '../sandbox'
import { openIndexedDbStore } from '../sandbox/storage/indexeddb-store'
import { type Authenticate, createSandboxHandlers } from './handlers'

/** The page's service worker offline: msw's, imported by a script of the console's own. */
export const OFFLINE_WORKER_URL = '/console-worker.js'

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
}: {
  authenticate?: Authenticate
} = {}): Promise<OfflineSandbox> {
  // Opens on first use: a database that cannot be opened must not stop the console from starting.
  const store = openIndexedDbStore()
  const sandbox = createSandbox({ store, today: () => localToday() })
  const handlers = createSandboxHandlers({
    sandbox,
    basePath: API_BASE,
    ...(authenticate ? { authenticate } : {}),
  })
  const worker = setupWorker(...handlers)
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
  return { sandbox, worker, restart, onExternalChange: (listener) => store.onExternalChange(listener) }
}
