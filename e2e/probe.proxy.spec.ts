import { expect, PLATFORM_UPSTREAM, test } from './fixtures'
import { fillTestData, openConsole, openHeaderGroup } from './support'

// "Check this sandbox…" against our own sandbox in the platform's shape (SANDBOX_PERSONALITY=platform): the
// proxy's probe runs for real, signed with the proxy's key, and the report sets it beside offline.
test.use({ serverSettings: PLATFORM_UPSTREAM })

test('checks the sandbox: the parity report, a trait’s evidence, and offline then answering like the bank', async ({
  page,
}) => {
  await openConsole(page)
  await openHeaderGroup(page, 'Settings')
  await page.getByRole('banner').getByRole('button', { name: 'Connection' }).click()
  const dialog = page.getByRole('dialog', { name: 'Connection' })
  const check = dialog.getByRole('region', { name: 'Check this sandbox' })
  await check.getByRole('button', { name: 'Check this sandbox…' }).click()
  await expect(
    check.getByText(/^The probe sends at most 9 signed requests to http:\/\/127\.0\.0\.1:\d+\/api-sandbox/),
  ).toBeVisible()
  await check.getByRole('button', { name: 'Start the check' }).click()

  const report = check.getByRole('table', {
    name: 'This bank beside the offline sandbox (behaves like: console)',
  })
  await expect(report).toBeVisible()
  await expect(
    check.getByText('9 requests sent; 15 of 21 traits settled; 7 differ from offline.'),
  ).toBeVisible()
  const row = (trait: string) => report.locator(`tr[data-trait="${trait}"]`)
  await expect(row('accountList')).toContainText('listedabsent differs')
  await expect(row('ids')).toContainText('uuidenc differs')
  await expect(row('pending')).toContainText('objectsstrings differs')
  await expect(row('transactionsCreated')).toContainText('bodyempty differs')
  await expect(row('amounts')).toContainText('stringstring same')
  await expect(row('keyId')).toContainText('needs a deliberately bad signature')

  await report.scrollIntoViewIfNeeded()
  // Copied by hand to docs/screenshots/: a run must leave the clone as it found it.
  await page.screenshot({ path: 'test-results/screenshots/issue22-probe-report.png' })

  // The evidence of the ids: the account the probe created, as the inspector shows a proxied request.
  await row('ids')
    .getByRole('button', { name: /^#4 POST \/v1\/sandbox\/card-accounts 201$/ })
    .click()
  const evidence = check.getByRole('region', { name: 'Evidence' })
  await expect(evidence).toContainText('Forwarded by the proxy')
  await expect(evidence).toContainText(/"resourceId": "enc!!/)
  // Chosen, it scrolls into sight below the table.
  await expect(evidence.getByRole('heading', { name: /^Evidence: #4 POST/ })).toBeInViewport()
  await page.screenshot({ path: 'test-results/screenshots/issue22-probe-evidence.png' })

  // Every trait it settled is one the platform personality has: offline can take it.
  await check.getByRole('button', { name: 'Make offline behave like this bank' }).click()
  await expect(check.getByText(/^Offline, the sandbox behaves like: platform\./)).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('sandbox-console.personality'))).toBe('platform')

  // The probe's requests are in the inspector with the console's own.
  await dialog.getByRole('button', { name: 'Close' }).first().click()
  const inspector = page.getByRole('region', { name: 'Request inspector' })
  await expect(inspector.getByText(/^Requests \(\d+\)$/)).toBeVisible()
  await inspector.locator('summary').first().click()
  await expect(inspector.getByText('/api/v1/sandbox/card-accounts').first()).toBeVisible()

  // Nothing of the check broke the console on its way out.
  await expect(inspector.getByText(/app error/)).toHaveCount(0)

  // Offline now answers in the platform's shape: no list of card accounts, pending transactions as text.
  const mode = page.getByRole('combobox', { name: 'Mode' })
  await mode.selectOption('offline')
  await expect(mode).toHaveValue('offline')
  await expect(page.getByText('This sandbox does not list card accounts')).toBeVisible()
  await fillTestData(page)
  await page.getByRole('radio', { name: 'pending' }).check()
  const table = page.getByRole('table', { name: /^Transactions of/ })
  await expect(table.getByText(/^ct-\d+ \d{4}-\d{2}-\d{2} -259\.00 NOK 5912$/)).toBeVisible()
})
