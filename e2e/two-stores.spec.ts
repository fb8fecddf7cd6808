import type { Browser, Page } from '@playwright/test'
import { expect, modeOf, test } from './fixtures'
import { createAccount, keepScreenshot, openConsole } from './support'

// Offline data lives in the browser that made it, proxy data in the sandbox behind the proxy: the header
// says which, and a link opened where the data is not says why and what to do.

const MODE_KEY = 'sandbox-console.mode'

/** A second browser (a fresh profile: its own storage), in the mode the test runs in. */
async function anotherBrowser(browser: Browser, page: Page, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext(baseURL === undefined ? {} : { baseURL })
  const mode = modeOf(page)
  await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [MODE_KEY, mode] as const)
  return context.newPage()
}

test('a foreign-browser link explained: offline it says where the data is, by proxy it is there', async ({
  page,
  browser,
  baseURL,
}) => {
  await openConsole(page)
  const offline = modeOf(page) === 'offline'
  await expect(page.getByRole('combobox', { name: 'Mode' })).toHaveAccessibleDescription(
    offline ? "Data in this browser's storage (this profile only)" : 'Data in the sandbox behind the proxy',
  )
  await createAccount(page, { maskedPan: '400000******0042', name: 'Shared link' })
  await expect(page).toHaveURL(/[?&]account=/)
  const link = page.url()
  const id = new URL(link).searchParams.get('account') ?? ''

  const elsewhere = await anotherBrowser(browser, page, baseURL)
  try {
    await elsewhere.goto(link)
    if (offline) {
      await expect(elsewhere.getByRole('heading', { name: 'Card account not in this browser' })).toBeVisible()
      const alert = elsewhere.getByRole('alert')
      await expect(alert).toContainText(`The offline sandbox in this browser has no card account ${id}.`)
      await expect(alert).toContainText("data lives in this browser's storage, for this browser profile only")
      await expect(alert).toContainText('open the link in the browser that created it')
      await expect(alert).toContainText('Export JSON (under Data) and bring the file here with Import JSON…')
      await expect(alert.getByRole('button', { name: 'Switch to Proxy (/api → upstream)' })).toBeVisible()
      // The id stays where the user can see it and share it again.
      expect(new URL(elsewhere.url()).searchParams.get('account')).toBe(id)
      await keepScreenshot(elsewhere, 'foreign-browser-link', { fullPage: true })
    } else {
      const link = elsewhere.getByRole('complementary').getByRole('link', { name: /Shared link/ })
      await expect(link).toHaveAttribute('aria-current', 'page')
      await expect(elsewhere.getByRole('alert')).toHaveCount(0)
    }
  } finally {
    await elsewhere.context().close()
  }
})
