import { type ConsoleMode, expect, FRESH_SERVER, test } from './fixtures'
import { expectAccessible, newAccountButton, openConsole, screenshot } from './support'

const modeLabels: Record<ConsoleMode, string> = {
  offline: 'Offline (in-browser)',
  proxy: 'Proxy (/api → upstream)',
}

test('an empty sandbox offers to create an account; invalid input is marked, valid input creates it', {
  tag: FRESH_SERVER,
}, async ({ page, consoleMode }) => {
  await openConsole(page)
  await expect(page.getByRole('heading', { name: 'No card accounts yet' })).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'Mode' })).toHaveValue(consoleMode)
  await expect(page.getByRole('combobox', { name: 'Mode' }).locator('option:checked')).toHaveText(
    modeLabels[consoleMode],
  )

  // The empty state's button replaces the sidebar's: one button per action on screen.
  const opener = page.getByRole('button', { name: '+ New card account' })
  await expect(opener).toBeVisible()
  await expect(newAccountButton(page)).toHaveCount(1)
  await opener.click()
  const dialog = page.getByRole('dialog', { name: 'New card account' })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('Masked PAN').fill('5254123241')
  await dialog.getByLabel('Currency', { exact: true }).fill('nok')
  await dialog.getByLabel('Customer number (PSU id)').fill('123')
  await dialog.getByLabel('Credit limit amount (optional)').fill('12.3456')
  await dialog.getByLabel('Masked PAN').press('Enter')

  await expect(dialog.getByText('Masked PAN must be 12 to 19 characters')).toBeVisible()
  // "nok" can only mean NOK: normalised, not refused; the limit's blank currency became required.
  await expect(dialog.getByText('Credit limit currency is required once a credit limit amount')).toBeVisible()
  await expect(dialog.getByText('Customer number must be the PSU id: 8 to 11 digits')).toBeVisible()
  await expect(dialog.getByText('Credit limit amount must be a decimal number')).toBeVisible()
  await expect(dialog.getByLabel('Masked PAN')).toHaveAttribute('aria-invalid', 'true')
  await screenshot(page, 'new-account-invalid')

  await dialog.getByLabel('Masked PAN').fill('525412******3241')
  await dialog.getByLabel('Currency', { exact: true }).fill('NOK')
  await dialog.getByLabel('Customer number (PSU id)').fill('18129215603')
  // The corporate test customer switches the customer type with it.
  await expect(dialog.getByRole('radio', { name: 'corporate' })).toBeChecked()
  await dialog.getByLabel('Name (optional)').fill('Conformance card')
  await dialog.getByLabel('Credit limit amount (optional)').fill('50000.00')
  await dialog.getByLabel('Credit limit currency').fill('NOK')
  await dialog.getByRole('button', { name: 'Create account' }).click()

  await expect(dialog).toBeHidden()
  // The empty state and its button are gone with the first account: focus goes to the sidebar's + New,
  // which took its place, in sight (not to the main area, where a keyboard tester lost it).
  await expect(
    page.getByRole('complementary').getByRole('button', { name: '+ New', exact: true }),
  ).toBeFocused()
  await expect(page.getByRole('status')).toHaveText('Card account 525412******3241 created')
  await expect(
    page.getByRole('heading', { name: '525412******3241 · NOK · Conformance card · corporate' }),
  ).toBeVisible()
  await expect(
    page.getByRole('link', { name: /525412\*{6}3241 NOK · Conformance card · corporate/ }),
  ).toHaveAttribute('aria-current', 'page')
  // Reads of a corporate account carry PSU-Corporate-ID, the customer number unless edited.
  await expect(page.getByLabel('PSU-Corporate-ID')).toHaveValue('18129215603')
  await expect(page.getByText('No booked transactions.')).toBeVisible()
  await page.getByRole('radio', { name: 'both' }).check()
  await expect(page.getByText('This account has no transactions yet.')).toBeVisible()
  await expect(page.getByRole('button', { name: '+ Add transactions', exact: true })).toBeVisible()
  // Filling adds other accounts: the sidebar's Fill test data, not repeated in this account's empty state.
  await expect(page.getByRole('button', { name: 'Fill test data' })).toHaveCount(1)
  await expect(page.getByRole('main').getByRole('button', { name: 'Fill test data' })).toHaveCount(0)

  // Without the header the sandbox refuses the read; its code and text are shown.
  await page.getByLabel('PSU-Corporate-ID').fill('')
  // The chart's summary is refused for the same reason, in its own alert; this is the table's.
  const tableError = page.getByRole('alert').filter({ hasText: 'Could not load transactions' })
  await expect(tableError).toContainText('Could not load transactions (HTTP 400)')
  await expect(tableError).toContainText('FORMAT_ERROR')
  await expect(tableError).toContainText('PSU-Corporate-ID')
  await screenshot(page, 'error-corporate-id')
  await page.getByLabel('PSU-Corporate-ID').fill('18129215603')
  await expect(page.getByText('This account has no transactions yet.')).toBeVisible()
})

test('Escape closes a dialog and focus returns to its opener', async ({ page }) => {
  await openConsole(page)
  const opener = newAccountButton(page)
  await opener.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('dialog', { name: 'New card account' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(opener).toBeFocused()

  await page.getByRole('button', { name: 'Help' }).click()
  await expect(page.getByRole('dialog', { name: 'Help' })).toContainText('The view is the URL')
  await expectAccessible(page, 'help dialog')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('button', { name: 'Help' })).toBeFocused()
})
