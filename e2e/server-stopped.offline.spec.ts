import { startConsoleServer } from '../server/test-support/console-process'
import { expect, test } from './fixtures'

// Offline only: the page's service worker (public/console-worker.js) answers a page load the console's
// server does not answer. The console is served here by a server of its own, one the test can stop.

test('a reload with the server stopped says the server is not running', async ({ page }) => {
  const server = await startConsoleServer()
  const origin = server.url
  try {
    await page.goto(origin)
    await expect(page.getByRole('combobox', { name: 'Mode' })).toHaveValue('offline')
    await expect(page.getByRole('heading', { name: 'No card accounts yet' })).toBeVisible()
    // The worker answers page loads once it is active and controls the page: the first load installs it,
    // and on a busy machine that can finish after the console shows.
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated')
  } finally {
    await server.stop()
  }

  await page.reload()
  // Not the app from a cache (docs/decisions.md#server-stopped): the message, and how to get the app back.
  await expect(page.getByRole('heading', { name: "The console's server is not running" })).toBeVisible()
  await expect(page.getByText(new URL(origin).origin)).toBeVisible()
  await expect(page.getByText('npm start', { exact: true })).toBeVisible()
  await expect(page.getByText(/Your offline data is safe/)).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Card accounts' })).toHaveCount(0)
})
