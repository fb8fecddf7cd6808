import { defineConfig } from '@playwright/test'

// Playwright cannot download its own browser here: Debian's Chromium is installed by scripts/setup.mjs.
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const port = Number(process.env.E2E_PORT ?? 4173)
const proxyPort = port + 1

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
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
    { name: 'offline', testIgnore: /proxy\.spec\.ts$/ },
    { name: 'proxy', testMatch: /proxy\.spec\.ts$/, use: { baseURL: `http://127.0.0.1:${proxyPort}` } },
  ],
  webServer: [
    {
      command: `npx vite preview --host 127.0.0.1 --port ${port} --strictPort`,
      url: `http://127.0.0.1:${port}`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      // What `npm start` runs after its build: the console and the signing proxy on one origin.
      command: 'npx tsx server/main.ts',
      env: { PORT: String(proxyPort) },
      url: `http://127.0.0.1:${proxyPort}`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
})
