import { execFileSync } from 'node:child_process'
import { defineConfig } from '@playwright/test'
import type { ConsoleOptions } from './e2e/fixtures'

// Playwright cannot download its own browser here: Debian's is installed by scripts/setup.mjs. Its headless
// shell, the same Blink and V8 as its Chromium without the browser's own layers (what Playwright itself runs
// headless), takes a quarter to 40 % less CPU for the same specs than `chromium --headless`
// (docs/benchmarks.md#npm-test-on-a-fresh-clone-issue-20).
// CHROMIUM_PATH=/usr/bin/chromium for `--headed`.
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell'
// vite preview's port: E2E_PORT if given, else one free right now, so two clones can run `npm test` side by
// side. The config is loaded again in every worker; writing the choice to the environment, which workers
// inherit, makes them all agree with the web server started by the main process.
process.env.E2E_PORT ??= freePortNow()
const port = Number(process.env.E2E_PORT)

/** A port the kernel hands out for a listener that closes at once (a child process: the config is sync). */
function freePortNow(): string {
  const script =
    "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close() })"
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim()
}

// Which project runs a spec is in its name. Plain *.spec.ts: what goes over the wire (accounts, transactions,
// messages, the clock, conditions, data tools), run once per mode. *.ui.spec.ts: the console's own screens
// (layout, a11y, presenter, Explain…), the same code in both modes, run once, in the default mode.
// *.offline.spec.ts: what exists offline only (the in-browser sandbox's worker, export/import/reset);
// proxy.spec.ts and *.proxy.spec.ts: what only the proxy shows.
const offlineOnly = /\.(offline|ui)\.spec\.ts$/
const proxyOnly = /(^|[/\\.])proxy\.spec\.ts$/

export default defineConfig<ConsoleOptions>({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  // One spec file per worker, each with its own browser (and, in proxy mode, one server per settings set,
  // shared by the worker's tests: e2e/fixtures.ts). Three on two cores: with two, a tenth of the cores'
  // time went idle while browsers and servers waited on each other; the third fills it, for the same CPU
  // time (296–302 s against 325–335 s, alternated: docs/benchmarks.md#npm-test-on-a-fresh-clone-issue-20).
  workers: 3,
  retries: 0,
  // A cap on how long a stuck test takes to fail, not a speed requirement: the axe passes of the a11y specs
  // take over 30 s when the two cores are shared with a build or another suite.
  timeout: 60_000,
  // The same for one expectation: on two cores shared with another suite, a reload, a service worker's
  // re-start or an axe pass can take more than Playwright's 5 s before the page shows what it will show.
  expect: { timeout: 15_000 },
  reporter: [['list']],
  // Creates .dev-identity/ once, before the proxy project's servers read it.
  globalSetup: './e2e/global-setup.ts',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A trace records every action's DOM and screenshots, which costs a quarter of the suite's time on two
    // cores: `npx playwright test --trace on <spec>` records one when a failure needs more than the
    // error-context.md page snapshot and the failure screenshot each failed test leaves in test-results/.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // The built console from vite preview; the msw worker and IndexedDB in the browser are the sandbox.
    { name: 'offline', testIgnore: proxyOnly, use: { consoleMode: 'offline' } },
    // What `npm start` serves: e2e/fixtures.ts starts server/main.ts's bundle (built console, signing proxy,
    // verifying local upstream with its data in a temporary folder) on a free port, one per worker and
    // settings set; tests keep apart by the accounts they create.
    { name: 'proxy', testIgnore: offlineOnly, use: { consoleMode: 'proxy' } },
  ],
  webServer: {
    // vite preview, uncompressed: e2e/preview-server.mjs.
    command: `node e2e/preview-server.mjs ${port}`,
    url: `http://127.0.0.1:${port}`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
})
