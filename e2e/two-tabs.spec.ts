import { expect, FRESH_SERVER, test } from './fixtures'
import { createAccount, openConsole, pages } from './support'

// Two tabs of one browser on one sandbox: what one writes, the other shows without a click. Offline the
// in-browser sandbox's store tells the other tabs; by proxy the tab that wrote does (src/api/proxy-answers.ts).

test("a tab shows another tab's new account, transactions and deletion without a reload", {
  tag: FRESH_SERVER,
}, async ({ page, context }) => {
  await openConsole(page)
  const other = await context.newPage()
  await openConsole(other)
  await expect(other.getByRole('heading', { name: 'No card accounts yet' })).toBeVisible()

  await createAccount(page, { maskedPan: '400000******0003', name: 'Made elsewhere' })
  const link = other.getByRole('complementary').getByRole('link', { name: /Made elsewhere/ })
  await expect(link).toBeVisible()
  await link.click()
  await other.getByRole('radio', { name: 'both' }).check()
  const rows = other.getByRole('table', { name: /^Transactions of/ }).locator('tbody tr')
  await expect(rows).toHaveCount(0)

  await page.getByRole('main').getByRole('button', { name: 'Generate…' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Generate transactions' })
  await dialog.getByLabel('Number of transactions').fill('12')
  await dialog.getByLabel('Seed').fill('3')
  await dialog.getByRole('button', { name: 'Generate 12' }).click()
  await expect(dialog.getByText('Done: 12 of 12 transactions created.')).toBeVisible()
  await dialog.getByRole('button', { name: 'Close' }).first().click()

  await expect(rows).not.toHaveCount(0)
  await expect(pages(other)).toContainText('of 12')

  // A tester deleted a row in one tab by proxy; the other still said "of 12" twenty seconds later.
  await page.getByRole('radio', { name: 'both' }).check()
  await page
    .getByRole('button', { name: /^Details of transaction / })
    .first()
    .click()
  await page.getByRole('button', { name: /^Delete transaction .*…$/ }).click()
  const confirm = page.getByRole('dialog', { name: /^Delete transaction / })
  await confirm.getByRole('button', { name: 'Delete transaction' }).click()
  await expect(pages(page)).toContainText('of 11')
  await expect(pages(other)).toContainText('of 11')
})
