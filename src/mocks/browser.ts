import { type SetupWorker, setupWorker } from 'msw/browser'
import { localToday } from '../contract'
import { createSandbox, type Sandbox } from '../sandbox'
import { type Authenticate, createSandboxHandlers } from './handlers'
import { openIndexedDbStore } from './indexeddb-store'

/**
 * Offline mode: the engine on IndexedDB behind an msw service worker that answers the SPA's
 * `/api/v1/sandbox/...` calls. Loaded lazily by the app only; the app awaits it before the first render.
 * `authenticate` is where signature verification plugs in.
 */
export async function startOfflineSandbox({
  authenticate,
}: {
  authenticate?: Authenticate
} = {}): Promise<{ sandbox: Sandbox; worker: SetupWorker }> {
  const store = await openIndexedDbStore()
  const sandbox = createSandbox({ store, today: () => localToday() })
  const handlers = createSandboxHandlers({
    sandbox,
    basePath: '/api',
    ...(authenticate ? { authenticate } : {}),
  })
  const worker = setupWorker(...handlers)
  await worker.start({
    onUnhandledRequest: 'bypass',
    quiet: true,
    serviceWorker: { url: '/mockServiceWorker.js' },
  })
  return { sandbox, worker }
}
