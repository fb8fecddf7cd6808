import { expect, test } from './fixtures'
import { createAccount, openConsole } from './support'

// Issue 19: a dialog belongs to the view it was opened from (docs/decisions.md#navigation-and-dialogs).
test('Back with typed transactions asks; Keep editing stays on B, Discard closes and shows A', async ({
  page,
}) => {
  await openConsole(page)
  await createAccount(page, { maskedPan: '400000******0001', currency: 'EUR', name: 'Card A' })
  await createAccount(page, { maskedPan: '400000******0002', currency: 'EUR', name: 'Card B' })
  const heading = page.locator('#account-heading')
  await expect(heading).toContainText('Card B')
  const onB = page.url()

  await page.getByRole('button', { name: /^\+ Add transactions?$/ }).click()
  const add = page.getByRole('dialog', { name: /^Add transactions · .*Card B/ })
  await add.getByLabel('Row 1 amount', { exact: true }).fill('-12.50')

  await page.goBack()
  await expect(add.getByText('Discard the transaction you typed?')).toBeVisible()
  // Asked, not gone: the page behind stays on B, the dialog's own view.
  expect(page.url()).toBe(onB)
  await expect(heading).toContainText('Card B')

  await add.getByRole('button', { name: 'Keep editing' }).click()
  await expect(add.getByText('Discard the transaction you typed?')).toBeHidden()
  await expect(add.getByLabel('Row 1 amount', { exact: true })).toHaveValue('-12.50')
  expect(page.url()).toBe(onB)
  await expect(heading).toContainText('Card B')

  await page.goBack()
  await add.getByRole('button', { name: 'Discard' }).click()
  await expect(add).toBeHidden()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(heading).toContainText('Card A')
  expect(page.url()).not.toBe(onB)
})
