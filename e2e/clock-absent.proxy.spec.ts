import { expect, PLATFORM_UPSTREAM, test } from './fixtures'
import { createAccount, openClockPanel, openConsole, screenshot } from './support'

// A sandbox without the console's own operations (a bank's: here the platform's shape) has no clock and
// no settlement; the console says so where it would offer them.
test.use({ serverSettings: PLATFORM_UPSTREAM })

test("against a bank's sandbox the clock and settling are absent and say why", async ({ page }) => {
  await openConsole(page)
  await openClockPanel(page)
  const clock = page.getByRole('dialog', { name: 'Sandbox clock' })
  await expect(clock.getByRole('status')).toHaveText(/This sandbox has no clock and no settlement.*HTTP 404/)
  await expect(clock.getByRole('button', { name: /^Forward/ })).toHaveCount(0)
  await page.keyboard.press('Escape')

  await createAccount(page, { maskedPan: '525412******3241' })
  await page.getByRole('button', { name: 'Settle pending…' }).click()
  const settle = page.getByRole('dialog', { name: 'Settle pending transactions' })
  await expect(settle.getByRole('status')).toHaveText(/This sandbox has no clock and no settlement/)
  await expect(settle.getByRole('button', { name: 'Settle as booked' })).toHaveCount(0)
  await screenshot(page, 'clock-absent')
})
