import { expect, test } from './fixtures'
import { fillTestData, openConsole, pages, screenshot, tableRows } from './support'

// Offline only: the in-browser sandbox's service worker, and a proxy mode whose /api is stubbed by the test
// (against vite preview, where no proxy answers).

test('an idle worker that stopped intercepting is re-started instead of showing a network error', async ({
  page,
}) => {
  await openConsole(page)
  await fillTestData(page)
  await expect(pages(page)).toContainText('Rows 1–9 of 9')
  // Idle as a tab is when the browser stops its worker: the chart's bars, fetched through the worker once
  // the rows show, are in (stopped mid-fetch, the fetch failed: a browser never stops a busy worker).
  await expect(
    page.getByRole('region', { name: 'Transactions over time' }).getByRole('img', { name: /per day/ }),
  ).toBeVisible()

  // What an idle tab meets: the browser stops the service worker; once re-started it has forgotten
  // this page, so requests pass through to the static server.
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('ServiceWorker.enable')
  await cdp.send('ServiceWorker.stopAllWorkers')

  await page.getByRole('radio', { name: 'both' }).check()
  await expect(pages(page).getByText('Rows 1–12 of 12', { exact: true })).toBeVisible()
  expect(await tableRows(page)).toHaveLength(12)
  await expect(page.getByRole('alert')).toHaveCount(0)
  // The inspector shows what happened: the server behind the worker answered first, then the sandbox.
  await page.getByText(/^Requests \(\d+\)/).click()
  // The two reads of both statuses, newest first; the chart's summary may come between them.
  const reads = page
    .locator('.request')
    .filter({ has: page.locator(':scope > summary', { hasText: 'bookingStatus=both' }) })
  await expect(reads).toHaveCount(2)
  await reads.nth(1).locator(':scope > summary').click()
  await expect(reads.nth(1)).not.toContainText('"cardTransactions"')
  await reads.nth(0).locator(':scope > summary').click()
  await expect(reads.nth(0)).toContainText('"cardTransactions"')
  await screenshot(page, 'idle-recovered')
})

test('proxy mode: an unreachable upstream names the mode and offers a retry; offline tools are disabled', async ({
  page,
}) => {
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url())
  })
  await page.addInitScript(() => localStorage.setItem('sandbox-console.mode', 'proxy'))
  await page.route('**/api/**', (route) => route.abort('connectionrefused'))
  await page.goto('/')

  await expect(page.getByRole('combobox', { name: 'Mode' }).locator('option:checked')).toHaveText(
    'Proxy (/api → upstream)',
  )
  const alert = page.getByRole('alert')
  await expect(alert).toContainText('Could not load card accounts')
  await expect(alert).toContainText('The proxy at /api (Proxy mode) did not answer: network error')
  // The data lives upstream: only the account book travels, and there is nothing here to reset.
  await expect(page.getByRole('button', { name: 'Reset…' })).toBeDisabled()
  for (const name of ['Export book', 'Import book…']) {
    await expect(page.getByRole('button', { name })).toBeEnabled()
  }
  await expect(page.getByText("export and import carry the console's account book")).toBeVisible()
  await screenshot(page, 'error-proxy-unreachable')

  await page.unroute('**/api/**')
  await page.route('**/api/v1/sandbox/card-accounts', (route) =>
    route.fulfill({ json: { cardAccounts: [] }, headers: { 'x-request-id': 'echo' } }),
  )
  await page
    .getByRole('group', { name: 'Could not load card accounts' })
    .getByRole('button', { name: 'Retry' })
    .click()
  await expect(page.getByRole('heading', { name: 'No card accounts yet' })).toBeVisible()
  // Proxy mode never loads the in-browser sandbox: no worker, no msw chunk.
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull()
  expect(scripts.length).toBeGreaterThan(0)
  expect(scripts.filter((url) => /\/assets\/browser-[^/]*\.js$/.test(url))).toEqual([])
})
