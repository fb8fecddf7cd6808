import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import {
  checkScreen,
  fillAndOpenFirst,
  fillTestData,
  isoDay,
  newAccountButton,
  openConsole,
  openHeaderGroup,
  screens,
  showHeaderTools,
  type Theme,
} from './support'

// Each dialog alone, the reset and import dialogs among them, is checked in dialogs.offline.spec.ts.

for (const size of screens)
  for (const theme of ['light', 'dark'] as const) {
    test.describe(`${theme} theme at ${size.name}`, () => {
      test.use({ colorScheme: theme === 'dark' ? 'light' : 'dark', viewport: size.viewport }) // the toggle must win over the system
      const check = (page: Page, screen: string, t: Theme) => checkScreen(page, `${screen}-${size.name}`, t)

      test('empty sandbox, new account dialog, empty account', async ({ page }) => {
        await openConsole(page, '', theme)
        await openHeaderGroup(page, 'Settings')
        await expect(page.getByRole('combobox', { name: 'Theme' })).toHaveValue(theme)
        await page.getByRole('combobox', { name: 'Theme' }).press('Escape')
        await expect(page.getByRole('heading', { name: 'No card accounts yet' })).toBeVisible()
        await check(page, 'empty-sandbox', theme)

        await newAccountButton(page).click()
        const dialog = page.getByRole('dialog', { name: 'New card account' })
        await dialog.getByLabel('Masked PAN').fill('1234')
        await dialog.getByRole('button', { name: 'Create account' }).click()
        await expect(dialog.getByText('Masked PAN must be 12 to 19 characters')).toBeVisible()
        await check(page, 'new-account-dialog', theme)
        await dialog.getByLabel('Masked PAN').fill('400000******0002')
        await dialog.getByRole('button', { name: 'Create account' }).click()
        await expect(dialog).toBeHidden()

        await page.getByRole('radio', { name: 'both' }).check()
        await expect(page.getByText('This account has no transactions yet.')).toBeVisible()
        await check(page, 'empty-account', theme)

        await showHeaderTools(page)
        await page.getByRole('button', { name: 'Help' }).click()
        await expect(page.getByRole('dialog', { name: 'Help' })).toBeVisible()
        await check(page, 'help-dialog', theme)
      })

      // Two tests rather than one: six axe passes in one test outlast the test's cap on shared cores.
      test('table and the dialogs over it', async ({ page }) => {
        await openConsole(page, '', theme)
        await fillAndOpenFirst(page)
        await page.getByRole('radio', { name: 'both' }).check()
        await expect(page.getByRole('navigation', { name: 'Pages' })).toContainText('Rows 1–12 of 12')
        await check(page, 'main', theme)

        await page.getByRole('button', { name: '+ Add transactions', exact: true }).click()
        const add = page.getByRole('dialog', { name: /^Add transactions/ })
        await add.getByLabel('Row 1 transaction date', { exact: true }).fill(isoDay(3))
        await add.getByLabel('Row 1 amount', { exact: true }).fill('-1.00')
        await add.getByLabel('Row 1 original amount', { exact: true }).fill('-1.00')
        await add.getByLabel('Row 1 MCC', { exact: true }).fill('5411')
        await add.getByRole('button', { name: '+ Add row' }).click()
        await add.getByRole('button', { name: 'Add 2 transactions' }).click()
        await expect(add.getByText('Row 2 failed:')).toBeVisible()
        await check(page, 'add-transactions-dialog', theme)
        // What was typed is not thrown away unasked: the question is part of the dialog, checked with it.
        await page.keyboard.press('Escape')
        await expect(add.getByText('Discard the 2 transactions you typed?')).toBeVisible()
        await check(page, 'discard-question', theme)
        await add.getByRole('button', { name: 'Discard' }).click()
        await expect(add).toBeHidden()

        await page.getByRole('main').getByRole('button', { name: 'Generate…' }).click()
        await expect(page.getByRole('dialog', { name: 'Generate transactions' })).toBeVisible()
        await check(page, 'generate-dialog', theme)
        await page.keyboard.press('Escape')
      })

      test('error state, inspector', async ({ page }) => {
        await openConsole(page, '', theme)
        await fillTestData(page)
        await page.getByLabel('From', { exact: true }).fill(isoDay(-1))
        await page.getByLabel('To', { exact: true }).fill(isoDay(-5))
        await expect(page.getByRole('alert')).toContainText('PERIOD_INVALID')
        await check(page, 'error-state', theme)
        await page.getByRole('button', { name: 'Clear dates' }).click()

        await page.getByText(/^Requests \(\d+\)/).click()
        await page.locator('.request > summary').first().click()
        await check(page, 'inspector', theme)
      })
    })
  }
