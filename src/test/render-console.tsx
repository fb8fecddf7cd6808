// The whole console in the test page (happy-dom), as main.tsx builds it in offline mode, talking over fetch to the sandbox's
// real handlers (msw in Node, a fresh memory store); a test overrides single answers with `server.use`.
import { cleanup, render } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import type { SetupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll } from 'vitest'
import {
  type AccountBook,
  type ApiClient,
  type ApiSettings,
  createAccountBook,
  createApiClient,
  createApiSettings,
  type Mode,
} from '../api'
import { App } from '../app/App'
import { Providers } from '../app/Providers'
import {
  CONSOLE_CONDITIONS_PATH,
  CONSOLE_CONNECTION_PATH,
  type ConditionsState,
  type ConsoleConnection,
} from '../contract'
import type { Sandbox } from '../sandbox'
import { setupSandboxServer } from '../sandbox-http/node'
import { installModalDialogs } from './modal-dialog'

/** The console's /api on the test page's origin, where the client sends every request. */
export const apiUrl = (path: string) => `${location.origin}/api${path}`

/**
 * The sandbox's handlers for the file's tests, at the console's /api. Every test starts with an empty
 * sandbox, an empty book, the page at `/` and the handlers as they are (overrides dropped).
 */
export function sandboxForEachTest(): { server: SetupServer; sandbox: Sandbox } {
  const { server, sandbox } = setupSandboxServer({ basePath: `${location.origin}/api` })
  beforeAll(() => {
    installModalDialogs()
    server.listen({ onUnhandledRequest: 'error' })
  })
  afterEach(async () => {
    cleanup()
    server.resetHandlers()
    await sandbox.reset()
    localStorage.clear()
    history.replaceState(null, '', '/')
  })
  afterAll(() => server.close())
  return { server, sandbox }
}

/** No conditions set, as a proxy that has just started answers `/console/conditions`. */
const noConditions: ConditionsState = { rules: [], upstreamTimeoutMs: 30_000, fired: [] }

/** A proxy in front of the local sandbox, signing with a certificate good for a year. */
const localProxy: ConsoleConnection = {
  upstream: 'http://127.0.0.1:4010',
  local: true,
  consoleOperations: true,
  signsRequestTarget: false,
  certificate: {
    subject: 'CN=Sandbox Console test TPP',
    serial: '01',
    issuer: 'CN=Sandbox Console test TPP',
    notBefore: new Date(Date.now() - 86_400_000).toISOString(),
    notAfter: new Date(Date.now() + 365 * 86_400_000).toISOString(),
  },
}

/**
 * The proxy's own endpoints for a console in proxy mode (`server.use(...proxyAnswers(connection))`): the
 * header reads the conditions and the Connection panel the connection, as they do against a real proxy.
 */
export const proxyAnswers = (connection: Partial<ConsoleConnection> = {}) => [
  http.get(`${location.origin}${CONSOLE_CONNECTION_PATH}`, () =>
    HttpResponse.json({ ...localProxy, ...connection }),
  ),
  http.get(`${location.origin}${CONSOLE_CONDITIONS_PATH}`, () => HttpResponse.json(noConditions)),
]

/**
 * Renders the console at `search`; its client keeps its book in the test page's localStorage unless given one. Offline by default;
 * in proxy mode the test answers the proxy's own endpoints itself (`proxyAnswers`), as the proxy would.
 */
export function renderConsole(
  search = '',
  mode: Mode = 'offline',
  book: AccountBook = createAccountBook(localStorage),
  /** The Signature switch and the other per-tab settings, set before the first request. */
  settings: ApiSettings = createApiSettings(),
): { client: ApiClient } {
  history.replaceState(null, '', `/${search}`)
  const client = createApiClient({
    mode,
    settings,
    // The handlers answer every request here: the worker's checks have nothing to catch.
    ...(mode === 'offline' ? { offline: { answered: () => true, restart: async () => {} } } : {}),
    book,
  })
  render(
    <Providers client={client} offline={undefined}>
      <App mode={mode} offlineError={undefined} />
    </Providers>,
  )
  return { client }
}
