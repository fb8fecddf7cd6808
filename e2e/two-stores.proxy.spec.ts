import { expect, test } from './fixtures'
import { createAccount, openConsole } from './support'

// Proxy only: a switch to offline mode and back needs the proxy to be there.

test("after a mode switch the URL's account is explained, and is there again after switching back", async ({
  page,
}) => {
  await openConsole(page)
  await createAccount(page, { maskedPan: '400000******0042', name: 'Made by proxy' })
  await expect(page).toHaveURL(/[?&]account=/)
  const id = new URL(page.url()).searchParams.get('account') ?? ''

  await page.getByRole('combobox', { name: 'Mode' }).selectOption('offline')
  await expect(page.getByRole('heading', { name: 'Card account not in this browser' })).toBeVisible()
  const alert = page.getByRole('alert')
  await expect(alert).toContainText(`has no card account ${id}`)
  await expect(alert).toContainText('if it was created in Proxy mode (the sandbox behind the console')
  expect(new URL(page.url()).searchParams.get('account')).toBe(id)

  await alert.getByRole('button', { name: 'Switch to Proxy (/api → upstream)' }).click()
  const link = page.getByRole('complementary').getByRole('link', { name: /Made by proxy/ })
  await expect(link).toHaveAttribute('aria-current', 'page')
})
