// Every spec imports `test` and `expect` from here: the fixtures below make one spec run in either mode.
import { type BrowserContext, test as base, expect, type Page } from '@playwright/test'
import { startConsoleServer } from '../server/test-support/console-process'

/** Which sandbox answers the console: the in-browser one (msw worker, IndexedDB) or `npm start`'s proxy. */
export type ConsoleMode = 'offline' | 'proxy'

export interface ConsoleOptions {
  /** Set per project in playwright.config.ts. */
  consoleMode: ConsoleMode
  /** Proxy mode: the environment of the test's `npm start` server (e.g. another personality upstream). */
  serverEnv: Record<string, string>
}

/** The upstream in the real platform's shape (docs/decisions.md#personalities), for `test.use({ serverEnv })`. */
export const PLATFORM_UPSTREAM = { SANDBOX_PERSONALITY: 'platform' }

const MODE_KEY = 'sandbox-console.mode'
const contextModes = new WeakMap<BrowserContext, ConsoleMode>()

/** The mode the test of this page runs in. */
export function modeOf(page: Page): ConsoleMode {
  const mode = contextModes.get(page.context())
  if (mode === undefined) throw new Error("the page does not come from e2e/fixtures.ts's test")
  return mode
}

export const test = base.extend<ConsoleOptions>({
  consoleMode: ['offline', { option: true }],
  serverEnv: [{}, { option: true }],

  // Offline, every test has a fresh browser context and so a fresh IndexedDB: an empty sandbox. In proxy
  // mode the data lives in the server process, so every test gets its own server, started here and stopped
  // after the test; the offline project keeps the config's baseURL (vite preview of the build).
  baseURL: async ({ baseURL, consoleMode, serverEnv }, use, testInfo) => {
    if (consoleMode === 'offline') {
      await use(baseURL)
      return
    }
    const server = await startConsoleServer(serverEnv)
    try {
      await use(server.url)
    } finally {
      await server.stop()
      if (testInfo.status !== testInfo.expectedStatus) {
        await testInfo.attach('server/main.ts output', { body: server.output(), contentType: 'text/plain' })
      }
    }
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
