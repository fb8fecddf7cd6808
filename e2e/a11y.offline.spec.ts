import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { checkScreen, fillTestData, openConsole, screens, type Theme } from './support'

// Export, import and reset apply to the in-browser data only: their dialogs exist offline only.
for (const size of screens)
  for (const theme of ['light', 'dark'] as const) {
    test.describe(`${theme} theme at ${size.name}`, () => {
      test.use({ colorScheme: theme === 'dark' ? 'light' : 'dark', viewport: size.viewport }) // the toggle must win over the system
      const check = (page: Page, screen: string, t: Theme) => checkScreen(page, `${screen}-${size.name}`, t)

      test('reset and import dialogs over the table', async ({ page }) => {
        await openConsole(page, '', theme)
        await fillTestData(page)

        await page.getByRole('button', { name: 'Reset…' }).click()
        await expect(page.getByRole('dialog', { name: 'Reset sandbox data' })).toBeVisible()
        await check(page, 'reset-dialog', theme)
        await page.keyboard.press('Escape')

        const chooser = page.waitForEvent('filechooser')
        await page.getByRole('button', { name: 'Import JSON…' }).click()
        await (await chooser).setFiles({
          name: 'empty.json',
          mimeType: 'application/json',
          buffer: Buffer.from('{"format":"sandbox-console/v1","cardAccounts":[]}'),
        })
        await expect(page.getByRole('dialog', { name: 'Import sandbox data' })).toBeVisible()
        await check(page, 'import-dialog', theme)
        await page.keyboard.press('Escape')
      })
    })
  }
