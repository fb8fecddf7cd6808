import { expect, test } from './fixtures'
import { createAccount, openConsole, screenshot, signatureSwitch } from './support'

test('switching the mode persists and reloads', async ({ page, consoleMode }) => {
  const other = consoleMode === 'offline' ? 'proxy' : 'offline'
  const mode = page.getByRole('combobox', { name: 'Mode' })
  // Offline, export carries the in-browser data (and the book) and reset empties it; in proxy mode the
  // data lives upstream: export carries the account book alone and reset is off.
  const reset = page.getByRole('button', { name: 'Reset…' })
  const expectToolsFor = async (m: typeof consoleMode) => {
    const exportName = m === 'offline' ? 'Export JSON' : 'Export book'
    await expect(page.getByRole('button', { name: exportName })).toBeEnabled()
    if (m === 'offline') await expect(reset).toBeEnabled()
    else await expect(reset).toBeDisabled()
  }
  await openConsole(page)
  await expectToolsFor(consoleMode)
  await mode.selectOption(other)
  await expect(mode).toHaveValue(other)
  await page.reload()
  await expect(mode).toHaveValue(other)
  await expectToolsFor(other)
  await mode.selectOption(consoleMode)
  await expect(page.getByRole('heading', { name: 'Card accounts', exact: true })).toBeVisible()
  await expect(mode).toHaveValue(consoleMode)
  await expectToolsFor(consoleMode)
})

test('a tampered signature shows the exact 401 the sandbox answers, and signing correctly recovers', async ({
  page,
}) => {
  await openConsole(page)
  // An account of its own, so the refused read is this test's in either mode.
  await createAccount(page, { maskedPan: '400000******0029', currency: 'EUR', name: 'Tamper card' })
  await page.getByRole('radio', { name: 'both' }).check()
  await expect(page.getByText('This account has no transactions yet.')).toBeVisible()
  // The transactions' read; the sidebar's list read is refused alike.
  const refused = page.getByRole('main').getByRole('alert')
  const signature = await signatureSwitch(page)
  await signature.selectOption('missing-digest')
  await expect(refused).toContainText('SIGNATURE_INVALID')
  await expect(refused).toContainText('the Digest header is missing')
  await signature.selectOption('stale-date')
  await expect(refused).toContainText('Date')
  await screenshot(page, 'tamper-stale-date')
  await signature.selectOption('wrong-certificate')
  await expect(refused).toContainText('SIGNATURE_INVALID')
  await signature.selectOption('bad-signature')
  await expect(refused).toContainText('the RSA-SHA256 signature does not verify')
  // The inspector gives the verdict under the signing string and marks the header at fault.
  const inspector = page.getByRole('region', { name: 'Request inspector' })
  await inspector.getByText(/^Requests \(\d+\)/).click()
  const newest = inspector.locator('details.request').first()
  await newest.locator('summary').click()
  await expect(
    newest.getByText(
      "✗ Refused: SIGNATURE_INVALID at Signature — the RSA-SHA256 signature does not verify with the certificate's public key",
    ),
  ).toBeVisible()
  await expect(
    newest
      .getByRole('definition')
      .filter({ hasText: '← did not verify' })
      .locator('xpath=preceding-sibling::dt'),
  ).toHaveText([/^signature$/i])
  await screenshot(page, 'tamper-bad-signature-inspector')
  // The inspector's clicks closed the group: the badge opens it at the switch.
  await page.getByRole('button', { name: 'Signature: bad signature' }).click()
  await expect(signature).toBeFocused()
  await signature.selectOption('')
  await expect(page.getByRole('alert')).toHaveCount(0)
  await expect(page.getByText('This account has no transactions yet.')).toBeVisible()
})
