import { expect, test } from './fixtures'
import { createAccount, openAccount, openConsole } from './support'

// Proxy only: a switch to offline mode and back needs the proxy to be there.

test("after a mode switch the URL's account is explained, and is there again after switching back", async ({
  page,
}) => {
  await openConsole(page)
  await createAccount(page, { maskedPan: '400000******0042', name: 'Made by proxy' })
  await expect(page).toHaveURL(/[?&]account=/)
  const id = new URL(page.url()).searchParams.get('account') ?? ''

  // Issue 19 (docs/decisions.md#url-state): offline has no such account, so the list and a note, not an
  // error page (mode-switch.proxy.spec.ts has the rest of that rule).
  const mode = page.getByRole('combobox', { name: 'Mode' })
  await mode.selectOption('offline')
  // Named as the console names accounts, by masked PAN (issue 19).
  await expect(
    page
      .getByRole('complementary')
      .getByText(
        "Account 400000******0042 of the proxy's sandbox is not in this browser's offline sandbox, which keeps its own accounts: showing those",
      ),
  ).toBeVisible()
  expect(new URL(page.url()).searchParams.get('account')).not.toBe(id)

  await mode.selectOption('proxy')
  await expect(mode).toHaveValue('proxy')
  // The proxy's list still holds it.
  await openAccount(page, id)
  await expect(page.getByRole('complementary').getByRole('link', { name: /Made by proxy/ })).toHaveAttribute(
    'aria-current',
    'page',
  )
  await expect(page.locator('#account-heading')).toContainText('Made by proxy')
})
