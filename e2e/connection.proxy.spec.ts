import { expect, test } from './fixtures'
import { openConsole, openHeaderGroup } from './support'

test('Test connection keeps the focus while it tests, and the result is said beside it', async ({ page }) => {
  // The test's read is held until the button has been seen testing.
  let answer: () => void = () => {}
  const held = new Promise<void>((resolve) => {
    answer = resolve
  })
  await page.route('**/console-connection-test/**', async (route) => {
    await held
    await route.continue()
  })
  await openConsole(page)
  await openHeaderGroup(page, 'Settings')
  await page.getByRole('banner').getByRole('button', { name: 'Connection' }).click()
  const dialog = page.getByRole('dialog', { name: 'Connection' })
  await dialog.getByRole('button', { name: 'Test connection' }).focus()
  await page.keyboard.press('Enter')

  // A disabled button would drop the focus to the page's body, under the open dialog.
  await expect(dialog.getByRole('button', { name: 'Testing…' })).toBeFocused()
  answer()
  await expect(dialog.getByRole('status')).toHaveText(/^[✓✗]/)
  await expect(dialog.getByRole('button', { name: 'Test connection' })).toBeFocused()
})
