import { expect, test } from './fixtures'
import { createAccount, openConsole, pages } from './support'

// Spec §5.5 (issue 21, D7/D8): every request about a corporate account carries PSU-Corporate-ID, the settling
// and the deletes too; the sandbox refuses one without it.
test("a corporate account's rows are added, settled and deleted, and the account too, with its PSU-Corporate-ID", async ({
  page,
}) => {
  await openConsole(page)
  await createAccount(page, { maskedPan: '400000******0071', currency: 'NOK', customerNumber: '18129215603' })
  await expect(page.getByLabel('PSU-Corporate-ID')).toHaveValue('18129215603')

  await page.getByRole('button', { name: /^\+ Add transactions?$/ }).click()
  const add = page.getByRole('dialog', { name: /^Add transactions/ })
  const rows = [
    { id: 'corp-keep', status: 'booked' },
    { id: 'corp-gone', status: 'booked' },
    { id: 'corp-due', status: 'pending' },
  ]
  for (const [i, row] of rows.entries()) {
    if (i > 0) await add.getByRole('button', { name: '+ Add row' }).click()
    const field = (what: string) => add.getByLabel(`Row ${i + 1} ${what}`, { exact: true })
    await field('status').selectOption(row.status)
    await field('amount').fill('-3.00')
    await field('MCC').fill('5411')
    await field('transaction id').fill(row.id)
  }
  await add.getByRole('button', { name: 'Add 3 transactions' }).click()
  await expect(add).toBeHidden()
  await page.getByRole('radio', { name: 'both' }).check()
  await expect(pages(page)).toContainText('Rows 1–3 of 3')

  // Settling is a write to the account too.
  await page.getByRole('button', { name: 'Settle pending…' }).click()
  const settle = page.getByRole('dialog', { name: 'Settle pending transactions' })
  await settle.getByRole('checkbox', { name: / -3\.00/ }).check()
  await settle.getByRole('button', { name: 'Settle as booked' }).click()
  await expect(settle).toBeHidden()
  await expect(page.getByRole('status')).toHaveText('1 pending transaction settled as booked')

  await page.getByRole('button', { name: 'Details of transaction corp-gone' }).click()
  await page.getByRole('button', { name: 'Delete transaction corp-gone…' }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete transaction corp-gone' })
  await confirm.getByRole('button', { name: 'Delete transaction' }).click()
  await expect(confirm).toBeHidden()
  await expect(page.getByRole('status')).toHaveText('Transaction corp-gone deleted')
  await expect(pages(page)).toContainText('Rows 1–2 of 2')

  await page.getByRole('button', { name: 'Delete account…' }).click()
  const deleting = page.getByRole('dialog', { name: 'Delete card account' })
  await deleting.getByRole('button', { name: 'Delete account' }).click()
  await expect(deleting).toBeHidden()
  await expect(page.getByRole('status')).toContainText('deleted, with its transactions')
  await expect(page.getByRole('link', { name: /400000\*{6}0071/ })).toHaveCount(0)
})
