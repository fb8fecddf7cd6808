// Every spec imports `test` and `expect` from here: the fixtures below make one spec run in either mode.
import { type BrowserContext, test as base, expect, type Page } from '@playwright/test'
import { type ConsoleServer, startConsoleServer } from '../server/test-support/console-process'

/** Which sandbox answers the console: the in-browser one (msw worker, IndexedDB) or `npm start`'s proxy. */
export type ConsoleMode = 'offline' | 'proxy'

export interface ConsoleOptions {
  /** Set per project in playwright.config.ts. */
  consoleMode: ConsoleMode
  /** Proxy mode: the environment of the test's own `server/main.ts` (`test.use({ serverSettings })`). */
  serverSettings: Record<string, string>
}

interface ConsoleFixtures {
  /** Proxy mode: the worker's `server/main.ts` for the test's settings (its output holds the token it printed). */
  consoleServer: ConsoleServer | undefined
}

interface WorkerFixtures {
  /** Proxy mode: the worker's servers so far, one per settings set, stopped when the worker ends. */
  workerServers: Map<string, ConsoleServer>
}

/**
 * The tag of a test that gets a proxy-mode server of its own, started before and stopped after it
 * (`test('…', { tag: FRESH_SERVER }, …)`): one about what an empty sandbox shows, or one that reports on the
 * whole sandbox (the clock's automatic settlement counts every account's pending rows). Every other test
 * opens its own accounts by id (`fillTestData`, `openAccount` in e2e/support.ts) and puts back what it
 * sets for the whole sandbox (the clock, the conditions).
 */
export const FRESH_SERVER = '@fresh-server'

/** The upstream in the real platform's shape (docs/decisions.md#personalities), for `test.use({ serverSettings })`. */
export const PLATFORM_UPSTREAM = { SANDBOX_PERSONALITY: 'platform' }

const MODE_KEY = 'sandbox-console.mode'
const contextModes = new WeakMap<BrowserContext, ConsoleMode>()

/** The mode the test of this page runs in. */
export function modeOf(page: Page): ConsoleMode {
  const mode = contextModes.get(page.context())
  if (mode === undefined) throw new Error("the page does not come from e2e/fixtures.ts's test")
  return mode
}

const settingsKey = (settings: Record<string, string>) =>
  JSON.stringify(Object.entries(settings).sort(([a], [b]) => a.localeCompare(b)))

export const test = base.extend<ConsoleOptions & ConsoleFixtures, WorkerFixtures>({
  consoleMode: ['offline', { option: true }],
  serverSettings: [{}, { option: true }],

  workerServers: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads what a fixture needs from this pattern.
    async ({}, use) => {
      const servers = new Map<string, ConsoleServer>()
      try {
        await use(servers)
      } finally {
        await Promise.all([...servers.values()].map((server) => server.stop()))
      }
    },
    { scope: 'worker' },
  ],

  // Offline, every test has a fresh browser context and so a fresh IndexedDB: an empty sandbox. In proxy
  // mode the data lives in the server process, whose start costs a third of a CPU second even bundled:
  // every worker starts one per settings set at its first test and keeps it, so the tests of a
  // worker share its data and keep apart by the accounts each creates (there is no reset, and must be
  // none, on /api). A test that needs a server of its own starts it (restart.proxy.spec.ts). Playwright
  // replaces the worker after a failure, so a failed test leaves nothing behind. The offline project
  // keeps the config's baseURL (vite preview of the build).
  consoleServer: async ({ consoleMode, serverSettings, workerServers }, use, testInfo) => {
    if (consoleMode === 'offline') {
      await use(undefined)
      return
    }
    const ownServer = testInfo.tags.includes(FRESH_SERVER)
    const key = settingsKey(serverSettings)
    let server = ownServer ? undefined : workerServers.get(key)
    if (server === undefined) {
      server = await startConsoleServer(serverSettings)
      if (!ownServer) workerServers.set(key, server)
    }
    const before = server.output().length
    try {
      await use(server)
    } finally {
      if (ownServer) await server.stop()
      if (testInfo.status !== testInfo.expectedStatus) {
        await testInfo.attach('server/main.ts output during the test', {
          body: server.output().slice(before),
          contentType: 'text/plain',
        })
      }
    }
  },

  baseURL: async ({ baseURL, consoleServer }, use) => {
    await use(consoleServer?.url ?? baseURL)
  },

  // Proxy mode: the browser starts out as one where the user chose Proxy before. Only a first visit is set,
  // so a switch the test makes itself survives a reload.
  context: async ({ context, consoleMode }, use) => {
    contextModes.set(context, consoleMode)
    if (consoleMode === 'proxy') {
      await context.addInitScript((key) => {
        if (localStorage.getItem(key) === null) localStorage.setItem(key, 'proxy')
      }, MODE_KEY)
    }
    await use(context)
  },
})

export { expect }
