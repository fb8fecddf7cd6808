import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { fillTestData, type HeaderGroup, openConsole, openHeaderGroup, showHeaderTools } from './support'

// Every dialog readable on a laptop, at 800×600 and at a 1366×900 laptop's 200 % zoom (683×450): its title
// and × stay in view while its body scrolls, and its main action is in view (pinned under the body).
// Offline only: the layout does not depend on where the data lives, and Scenarios… and Settle pending… are
// the in-browser sandbox's.

const sizes = [
  { width: 1366, height: 900 },
  { width: 800, height: 600 },
  { width: 683, height: 450 },
]

/** A header control: in its group when wide (Help stands alone), in the Tools menu when narrow. */
const inBanner = (group: HeaderGroup | undefined, name: string | RegExp) => async (page: Page) => {
  if (group === undefined) await showHeaderTools(page)
  else await openHeaderGroup(page, group)
  await page.getByRole('banner').getByRole('button', { name, exact: true }).click()
}
const inSidebar = (name: string) => async (page: Page) => {
  const sidebar = page.getByRole('complementary')
  const list = sidebar.getByRole('button', { name: /^List \(/ })
  if ((await list.count()) > 0) await list.click()
  await sidebar.getByRole('button', { name, exact: true }).click()
}
const inMain = (name: string) => (page: Page) =>
  page.getByRole('main').getByRole('button', { name, exact: true }).click()

const dialogs: { title: string | RegExp; open: (page: Page) => Promise<void> }[] = [
  { title: 'Sandbox clock', open: inBanner('Test conditions', /^Sandbox clock/) },
  { title: 'Explain a request', open: inBanner('Explain & share', 'Explain a request…') },
  { title: 'Conditions', open: inBanner('Test conditions', /^Faults, delays and quotas/) },
  { title: 'Share what you see', open: inBanner('Explain & share', 'Share…') },
  { title: 'Help', open: inBanner(undefined, 'Help') },
  { title: 'New card account', open: inSidebar('+ New') },
  { title: 'Open card account', open: inSidebar('Open…') },
  { title: 'Scenarios', open: inSidebar('Scenarios…') },
  { title: /^Add transactions/, open: inMain('+ Add transactions') },
  { title: /^Generate transactions/, open: inMain('Generate…') },
  { title: 'Settle pending transactions', open: inMain('Settle pending…') },
]

/** The dialog's main action: its primary button, else (a dialog that only shows) its last button. */
async function mainAction(dialog: Locator): Promise<Locator> {
  const primary = dialog.locator('button.primary')
  return (await primary.count()) > 0 ? primary.first() : dialog.getByRole('button').last()
}

for (const viewport of sizes)
  test(`at ${viewport.width}×${viewport.height} every dialog keeps its title, × and main action in view`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport)
    await openConsole(page)
    await fillTestData(page)
    await expect(page.getByRole('heading', { name: /^525412/ })).toBeVisible()
    for (const { title, open } of dialogs) {
      await open(page)
      const dialog = page.getByRole('dialog', { name: title })
      await expect(dialog).toBeVisible()
      const heading = dialog.getByRole('heading', { name: title })
      const close = dialog.getByRole('button', { name: 'Close' }).first()
      await expect(heading).toBeInViewport({ ratio: 1 })
      await expect(close).toBeInViewport({ ratio: 1 })
      const action = await mainAction(dialog)
      // Reachable by scrolling the body at most, and the title still there once it is.
      await action.scrollIntoViewIfNeeded()
      await expect(action).toBeInViewport({ ratio: 1 })
      await expect(heading).toBeInViewport({ ratio: 1 })
      // Nothing wider than the screen: a long select or line would clip the dialog's right side.
      const sideways = await dialog.evaluate((element) =>
        [...element.querySelectorAll(':scope > *')].some((part) => part.scrollWidth > part.clientWidth + 1),
      )
      expect(sideways, `${String(title)} scrolls sideways`).toBe(false)
      await close.click()
      await expect(dialog).toBeHidden()
    }
  })

test('at 683×450 the account list is above the table, folded, one click away', async ({ page }) => {
  await page.setViewportSize({ width: 683, height: 450 })
  await openConsole(page)
  await fillTestData(page)
  const sidebar = page.getByRole('complementary')
  const list = sidebar.getByRole('button', { name: 'List (2) ▾' })
  await expect(list).toBeInViewport({ ratio: 1 })
  await expect(list).toHaveAttribute('aria-expanded', 'false')
  await expect(sidebar.getByRole('link')).toHaveCount(0)

  await list.click()
  const corporate = sidebar.getByRole('link', { name: /^492500/ })
  await expect(corporate).toBeInViewport({ ratio: 1 })
  await corporate.click()
  // Chosen: the list folds again and the account's transactions are what is in view.
  await expect(page.getByRole('heading', { name: /^492500/ })).toBeInViewport()
  await expect(sidebar.getByRole('button', { name: 'List (2) ▾' })).toHaveAttribute('aria-expanded', 'false')
  await page.screenshot({ path: 'test-results/screenshots/account-list-683x450.png' })
})
