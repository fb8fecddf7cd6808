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
  /** Proxy mode: the test's own `server/main.ts` (its output holds the token it printed); offline: none. */
  consoleServer: ConsoleServer | undefined
}

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

export const test = base.extend<ConsoleOptions & ConsoleFixtures>({
  consoleMode: ['offline', { option: true }],
  serverSettings: [{}, { option: true }],

  // Offline, every test has a fresh browser context and so a fresh IndexedDB: an empty sandbox. In proxy
  // mode the data lives in the server process, so every test gets its own server, started here and stopped
  // after the test; the offline project keeps the config's baseURL (vite preview of the build).
  consoleServer: async ({ consoleMode, serverSettings }, use, testInfo) => {
    if (consoleMode === 'offline') {
      await use(undefined)
      return
    }
    const server = await startConsoleServer(serverSettings)
    try {
      await use(server)
    } finally {
      await server.stop()
      if (testInfo.status !== testInfo.expectedStatus) {
        await testInfo.attach('server/main.ts output', { body: server.output(), contentType: 'text/plain' })
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
