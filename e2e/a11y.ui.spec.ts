import { expect, test } from './fixtures'
import {
  checkScreenInEachTheme,
  createAccount,
  fillAndOpenFirst,
  isoDay,
  openConsole,
  openHeaderGroup,
  pages,
  screens,
  showHeaderTools,
  signatureSwitch,
} from './support'

// The console's screens pass axe in both themes, at a laptop's size and the smallest: one page per size
// goes from the empty sandbox to the error state, and each screen is checked on it, in the light and the
// dark theme at the laptop's size; at the smallest, every rule but the colours', which that size does not
// change (support.ts's `screens`). Every dialog alone is dialogs.offline.spec.ts's.

for (const size of screens)
  test(`at ${size.name} every screen passes axe${size.colours ? ' in both themes' : ' (its colours at 1366x900)'}`, async ({
    page,
  }) => {
    // A cap on how long a stuck run takes to fail: a dozen axe passes of the whole page on shared cores.
    test.setTimeout(120_000)
    await page.setViewportSize(size.viewport)
    const check = (screen: string) =>
      checkScreenInEachTheme(page, `${screen}-${size.name}`, { colours: size.colours })
    await openConsole(page)
    await expect(page.getByRole('heading', { name: 'No card accounts yet' })).toBeVisible()
    await check('empty-sandbox')

    // A modal dialog over the page: the page with it open passes too.
    await showHeaderTools(page)
    await page.getByRole('button', { name: 'Help' }).click()
    await expect(page.getByRole('dialog', { name: 'Help' })).toBeVisible()
    await check('help-dialog')
    await page.keyboard.press('Escape')

    await createAccount(page, { maskedPan: '400000******0002' })
    await page.getByRole('radio', { name: 'both' }).check()
    await expect(page.getByText('This account has no transactions yet.')).toBeVisible()
    await check('empty-account')

    await fillAndOpenFirst(page)
    await page.getByRole('radio', { name: 'both' }).check()
    await expect(pages(page)).toContainText('Rows 1–12 of 12')
    await check('main')

    await page.getByLabel('From', { exact: true }).fill(isoDay(-1))
    await page.getByLabel('To', { exact: true }).fill(isoDay(-5))
    await expect(page.getByRole('alert')).toContainText('PERIOD_INVALID')
    await check('error-state')
    await page.getByRole('button', { name: 'Clear dates' }).click()

    await page.getByText(/^Requests \(\d+\)/).click()
    await page.locator('.request > summary').first().click()
    await check('inspector')

    // A header menu open over the page: on the small screen every group in one Tools menu (issue 11).
    await openHeaderGroup(page, 'Settings')
    await expect(page.getByRole('combobox', { name: 'Theme' })).toBeVisible()
    await check('header-menu')
  })

test('the Theme setting wins over the system’s colours, and a reload keeps it', async ({ page }) => {
  const darkBackground = () =>
    page.evaluate(() => {
      const [r = 0, g = 0, b = 0] = (getComputedStyle(document.body).backgroundColor.match(/\d+/g) ?? []).map(
        Number,
      )
      return r + g + b < 3 * 128
    })
  await page.emulateMedia({ colorScheme: 'dark' })
  await openConsole(page)
  expect(await darkBackground(), 'the system is dark').toBe(true)

  await openHeaderGroup(page, 'Settings')
  const theme = page.getByRole('combobox', { name: 'Theme' })
  await expect(theme).toHaveValue('system')
  await theme.selectOption('light')
  await expect.poll(darkBackground, 'Light chosen').toBe(false)

  await openConsole(page)
  await openHeaderGroup(page, 'Settings')
  await expect(theme).toHaveValue('light')
  expect(await darkBackground(), 'Light chosen, after a reload').toBe(false)
  await page.emulateMedia({ colorScheme: 'light' })
  await theme.selectOption('dark')
  await expect.poll(darkBackground, 'Dark chosen, the system light').toBe(true)
})

test('one sandbox error is read out once: the rows say it, the chart and the account list show it', async ({
  page,
}) => {
  await openConsole(page)
  await fillAndOpenFirst(page)
  await (await signatureSwitch(page)).selectOption({ label: 'Bad signature' })
  await page.keyboard.press('Escape')
  await page.getByRole('radio', { name: 'pending' }).check()

  const failures = [
    'Could not load transactions',
    'Could not summarise the transactions',
    'Could not load card accounts',
  ]
  for (const failure of failures) {
    const box = page.getByRole('group', { name: new RegExp(`^${failure} \\(HTTP 401\\)`) })
    await expect(box).toContainText('SIGNATURE_INVALID')
    // Retry is in the failure's box, named by it, and not part of what is read out.
    await expect(box.getByRole('button', { name: 'Retry' })).toBeVisible()
  }
  const alert = page.getByRole('alert')
  await expect(alert).toHaveCount(1)
  await expect(alert).toContainText('Could not load transactions (HTTP 401)')
  await expect(alert).not.toContainText('Retry')
})
