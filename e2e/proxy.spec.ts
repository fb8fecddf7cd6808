import { expect, test } from './fixtures'
import { createAccount, isoDay, openConsole, screenshot, tableRows } from './support'

// Proxy project only: what only the proxy shows. Runs against `npm start`'s server (started per test by
// e2e/fixtures.ts): the built console and the signing proxy forwarding to the local upstream, which
// verifies every signature.

test('proxy mode: accounts and transactions go through the signing proxy to the verifying upstream', async ({
  page,
}) => {
  await openConsole(page)
  await expect(page.getByRole('combobox', { name: 'Mode' })).toHaveValue('proxy')
  const pan = `52541${String(Date.now()).slice(-3)}******3241`
  await createAccount(page, { maskedPan: pan, currency: 'NOK', name: 'Proxy card' })

  await page.getByRole('button', { name: /^\+ Add transactions?$/ }).click()
  const dialog = page.getByRole('dialog', { name: /^Add transactions/ })
  const field = (what: string) => dialog.getByLabel(`Row 1 ${what}`, { exact: true })
  await field('transaction date').fill(isoDay(-2))
  await field('booking date').fill(isoDay(-1))
  await field('amount').fill('-42.125')
  await field('original amount').fill('-3.70')
  await field('original currency').fill('EUR')
  await field('MCC').fill('5812')
  await dialog.getByRole('button', { name: 'Add transaction', exact: true }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('status')).toHaveText('1 transaction created')
  expect(await tableRows(page)).toEqual([expect.stringContaining('-42.125 NOK | -3.70 EUR')])

  // The inspector shows what the proxy sent upstream, signed, and the upstream's verification.
  const inspector = page.getByRole('region', { name: 'Request inspector' })
  await inspector.getByText(/^Requests \(\d+\)/).click()
  await inspector.locator('details.request summary').filter({ hasText: 'GET' }).first().click()
  await expect(inspector.getByText('Headers as sent upstream')).toBeVisible()
  await expect(inspector.getByText(/^keyId="SN=[0-9A-F]+,CA=/).first()).toBeVisible()
  await expect(inspector.getByText(/^verified keyId=SN=[0-9A-F]+,CA=/).first()).toBeVisible()
  await expect(inspector.getByRole('button', { name: 'Copy signed request as curl' }).first()).toBeVisible()
  await screenshot(page, 'proxy-mode-inspector')
})
