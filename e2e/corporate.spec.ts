import { expect, test } from './fixtures'
import { createAccount, openConsole, pages } from './support'

// Spec §5.5 (issue 21, D7/D8): every request about a corporate account carries PSU-Corporate-ID, the deletes
// too; the sandbox refuses one without it.
test("a corporate account's transactions and the account itself are deleted with its PSU-Corporate-ID", async ({
  page,
}) => {
  await openConsole(page)
  await createAccount(page, { maskedPan: '400000******0071', currency: 'NOK', customerNumber: '18129215603' })
  await expect(page.getByLabel('PSU-Corporate-ID')).toHaveValue('18129215603')

  await page.getByRole('button', { name: /^\+ Add transactions?$/ }).click()
  const add = page.getByRole('dialog', { name: /^Add transactions/ })
  for (const [n, id] of [
    [1, 'corp-keep'],
    [2, 'corp-gone'],
  ] as const) {
    if (n > 1) await add.getByRole('button', { name: '+ Add row' }).click()
    await add.getByLabel(`Row ${n} amount`, { exact: true }).fill('-3.00')
    await add.getByLabel(`Row ${n} MCC`, { exact: true }).fill('5411')
    await add.getByLabel(`Row ${n} transaction id`, { exact: true }).fill(id)
  }
  await add.getByRole('button', { name: 'Add 2 transactions' }).click()
  await expect(add).toBeHidden()
  await expect(pages(page)).toContainText('Rows 1–2 of 2')

  await page.getByRole('button', { name: 'Details of transaction corp-gone' }).click()
  await page.getByRole('button', { name: 'Delete transaction corp-gone…' }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete transaction corp-gone' })
  await confirm.getByRole('button', { name: 'Delete transaction' }).click()
  await expect(confirm).toBeHidden()
  await expect(page.getByRole('status')).toHaveText('Transaction corp-gone deleted')
  await expect(pages(page)).toContainText('Rows 1–1 of 1')

  await page.getByRole('button', { name: 'Delete account…' }).click()
  const deleting = page.getByRole('dialog', { name: 'Delete card account' })
  await deleting.getByRole('button', { name: 'Delete account' }).click()
  await expect(deleting).toBeHidden()
  await expect(page.getByRole('status')).toContainText('deleted, with its transactions')
  await expect(page.getByRole('link', { name: /400000\*{6}0071/ })).toHaveCount(0)
})
