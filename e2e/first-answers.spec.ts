import { expect, test } from './fixtures'
import { createAccount, isoDay, openConsole, pages } from './support'

// What a first-time tester met (issue: the messages' first answers): each first answer says what is
// really wrong, so the user is not sent the wrong way.

test('a future transaction date is named in the first answer, not the booking date of today', async ({
  page,
}) => {
  await openConsole(page)
  await createAccount(page, { maskedPan: '400000******0071', currency: 'EUR' })
  await page.getByRole('button', { name: /^\+ Add transactions?$/ }).click()
  const add = page.getByRole('dialog', { name: /^Add transactions/ })
  await add.getByLabel('Row 1 amount', { exact: true }).fill('-5')
  await add.getByLabel('Row 1 MCC', { exact: true }).fill('5411')
  await add.getByLabel('Row 1 transaction date', { exact: true }).fill(isoDay(36))
  await add.getByRole('button', { name: 'Add transaction' }).click()

  const failed = add.locator('.row-errors')
  await expect(failed).toHaveText(
    `Row 1: Transaction date ${isoDay(36)} is in the future (today is ${isoDay(0)})`,
  )
  await expect(add.getByText(/is before transaction date/)).toHaveCount(0)
})

test('an account deleted in another tab is said to be gone, not linked from another browser', async ({
  page,
  context,
}) => {
  await openConsole(page)
  await createAccount(page, { maskedPan: '400000******0072', currency: 'EUR', name: 'Two tabs' })
  const id = new URL(page.url()).searchParams.get('account') ?? ''

  const other = await context.newPage()
  await openConsole(other, `?account=${id}`)
  await expect(pages(other).getByText(/^(No rows|Rows \d)/)).toBeVisible()
  await other.getByRole('button', { name: /^\+ Add transactions?$/ }).click()
  const add = other.getByRole('dialog', { name: /^Add transactions/ })
  await add.getByLabel('Row 1 amount', { exact: true }).fill('-5')
  await add.getByLabel('Row 1 MCC', { exact: true }).fill('5411')

  await page.bringToFront()
  await page.getByRole('button', { name: 'Delete account…' }).click()
  await page
    .getByRole('dialog', { name: 'Delete card account' })
    .getByRole('button', { name: 'Delete account' })
    .click()
  await expect(page.getByRole('status')).toContainText('deleted, with its transactions')

  await other.bringToFront()
  await add.getByRole('button', { name: 'Add transaction' }).click()
  await expect(add.getByText(/RESOURCE_UNKNOWN/)).toBeVisible()
  await add.getByRole('button', { name: 'Cancel' }).click()
  await add.getByRole('button', { name: 'Discard' }).click()
  const main = other.getByRole('main')
  await expect(main.getByRole('heading', { name: 'Card account no longer in the sandbox' })).toBeVisible()
  await expect(main).toContainText('it was deleted, perhaps in another tab of this browser')
  await expect(main.getByText(/another browser, another profile or a private window/)).toHaveCount(0)
  await main.getByRole('button', { name: 'Back to the account list' }).click()
  // The list, which opens its first account when there is one (by proxy, the worker's other tests' accounts).
  await expect(other).toHaveURL((url) => url.searchParams.get('account') !== id)
  await expect(main.getByRole('heading', { name: 'Card account no longer in the sandbox' })).toHaveCount(0)
})
