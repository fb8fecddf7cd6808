import { expect, test } from './fixtures'
import { createAccount, openConsole, pages, screenshot, tableRows } from './support'

// Issue 11: change and remove data without a reset, each with a confirmation that names what goes.
test('delete a transaction, duplicate and edit one, delete an account', async ({ page }) => {
  await openConsole(page)
  await createAccount(page, { maskedPan: '400000******0002', currency: 'EUR', name: 'Doomed card' })
  await createAccount(page, { maskedPan: '400000******0003', currency: 'EUR', name: 'Change card' })

  await page.getByRole('button', { name: /^\+ Add transactions?$/ }).click()
  const add = page.getByRole('dialog', { name: /^Add transactions/ })
  for (const [n, amount, mcc, id] of [
    [1, '-1.00', '5411', 'keep-1'],
    [2, '-2.00', '5812', 'gone-2'],
  ] as const) {
    if (n > 1) await add.getByRole('button', { name: '+ Add row' }).click()
    await add.getByLabel(`Row ${n} amount`, { exact: true }).fill(amount)
    await add.getByLabel(`Row ${n} original amount`, { exact: true }).fill(amount)
    await add.getByLabel(`Row ${n} MCC`, { exact: true }).fill(mcc)
    await add.getByLabel(`Row ${n} transaction id`, { exact: true }).fill(id)
  }
  await add.getByRole('button', { name: 'Add 2 transactions' }).click()
  await expect(add).toBeHidden()
  await expect(pages(page)).toContainText('Rows 1–2 of 2')

  await page.getByRole('button', { name: 'Details of transaction gone-2' }).click()
  await page.getByRole('button', { name: 'Delete transaction gone-2…' }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete transaction gone-2' })
  await expect(confirm).toContainText(/Delete transaction gone-2 \(booked .*, -2\.00 EUR, MCC 5812\)/)
  await screenshot(page, 'delete-transaction-confirm')
  await confirm.getByRole('button', { name: 'Delete transaction' }).press('Enter')
  await expect(confirm).toBeHidden()
  await expect(page.getByRole('status')).toHaveText('Transaction gone-2 deleted')
  await expect(pages(page)).toContainText('Rows 1–1 of 1')
  expect(await tableRows(page)).toEqual([expect.stringContaining('-1.00 EUR')])
  // The button that opened the question went with its row: the keyboard stays in the table, on the next.
  await expect(page.getByRole('button', { name: 'Details of transaction keep-1' })).toBeFocused()

  // Duplicate and edit: the form opens filled with the transaction; the copy gets its own id.
  await page.getByRole('button', { name: 'Details of transaction keep-1' }).click()
  await page.getByRole('button', { name: 'Duplicate and edit…' }).click()
  const copy = page.getByRole('dialog', { name: /^Duplicate and edit · / })
  await expect(copy.getByLabel('Row 1 MCC', { exact: true })).toHaveValue('5411')
  await expect(copy.getByLabel('Row 1 transaction id', { exact: true })).toHaveValue('')
  await copy.getByLabel('Row 1 amount', { exact: true }).fill('-7.50')
  await copy.getByRole('button', { name: 'Add transaction', exact: true }).press('Enter')
  await expect(copy).toBeHidden()
  await expect(pages(page)).toContainText('Rows 1–2 of 2')
  expect((await tableRows(page)).join('\n')).toContain('-7.50 EUR')
  // The focus is back where it came from, as after + Add transactions: the copy's row came in, the
  // detail it was made from stayed open.
  await expect(page.getByRole('button', { name: 'Duplicate and edit…' })).toBeFocused()

  // Delete an account: the other one stays.
  await page.getByRole('link', { name: /400000\*{6}0002/ }).click()
  await page.getByRole('button', { name: 'Delete account…' }).click()
  const deleting = page.getByRole('dialog', { name: 'Delete card account' })
  await expect(deleting).toContainText('Delete 400000******0002 · EUR · Doomed card')
  // As the sandbox counts them, in either mode.
  await expect(deleting).toContainText('in the sandbox? It has no transactions.')
  await deleting.getByRole('button', { name: 'Delete account' }).click()
  await expect(deleting).toBeHidden()
  await expect(page.getByRole('status')).toContainText('deleted, with its transactions')
  await expect(page.getByRole('link', { name: /400000\*{6}0002/ })).toHaveCount(0)
  await expect(page.getByRole('link', { name: /400000\*{6}0003/ })).toBeVisible()
})
