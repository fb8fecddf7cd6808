import { installRequestSigner, type OfflineWorker } from '../api'
import { headerNames } from '../contract'
import type { Sandbox } from '../sandbox'

/** What the app keeps of the in-browser sandbox once its worker runs. */
export interface OfflineRuntime {
  sandbox: Sandbox
  worker: OfflineWorker
}

/**
 * Loads the engine and msw as a separate chunk (proxy mode never downloads them) and starts the worker;
 * the caller awaits this before the first render, so no request can slip past the worker.
 */
export async function startOffline(): Promise<OfflineRuntime> {
  const [{ startOfflineSandbox }, { requireSignature }, { createOfflineSigner }] = await Promise.all([
    import('../sandbox-http/browser'),
    import('../sandbox-http/signature-check'),
    import('./offline-signer'),
  ])
  const [{ sandbox, worker, restart }, signer] = await Promise.all([
    startOfflineSandbox({ authenticate: requireSignature({ dateFrom: headerNames.consoleDate }) }),
    createOfflineSigner(),
  ])
  installRequestSigner(signer)
  // A request the worker handled passed through its handlers in this page; one it let through did not.
  const matched = new Set<string>()
  worker.events.on('request:match', ({ request }) => {
    const id = request.headers.get(headerNames.requestId)
    if (id) matched.add(id)
  })
  return {
    sandbox,
    worker: {
      answered: (requestId) => matched.delete(requestId),
      restart,
    },
  }
}

/** Leaving offline mode: without this the worker would stay registered for the origin. */
export async function unregisterOfflineWorker(): Promise<void> {
  const registrations = await navigator.serviceWorker?.getRegistrations()
  await Promise.all(
    (registrations ?? [])
      .filter((r) => r.active?.scriptURL.endsWith('/mockServiceWorker.js'))
      .map((r) => r.unregister()),
  )
}
