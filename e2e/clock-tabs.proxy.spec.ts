// The proxy's sandbox tells no tab that its clock moved: a tab reads the clock again when it comes back into
// view. A tester moved the clock in one tab and found the other still on the old date a minute later, its
// Add form filling in dates the sandbox then refused as future ones.
import { expect, FRESH_SERVER, test } from './fixtures'
import { clockBadge, isoDay, openClock, secondTabOnNewAccount } from './support'

test('a tab that comes back into view reads the clock another tab moved', { tag: FRESH_SERVER }, async ({
  page,
  context,
}) => {
  const other = await secondTabOnNewAccount(page, context)

  const dialog = await openClock(page)
  await dialog.getByLabel('Days', { exact: true }).fill('5')
  await dialog.getByRole('button', { name: 'Back 5 days' }).click()
  await expect(dialog.getByTestId('clock-today')).toHaveText(isoDay(-5))

  // What the browser fires at a tab shown again (it bubbles to the window); nothing else happens in between.
  await other.bringToFront()
  await other.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })))
  await expect(clockBadge(other)).toHaveText('Clock -5 days')
  await other.getByRole('button', { name: /^\+ Add transactions?$/ }).click()
  const add = other.getByRole('dialog', { name: /^Add transactions/ })
  await expect(add.getByLabel('Row 1 transaction date', { exact: true })).toHaveValue(isoDay(-5))
})
