// Offline mode's clock is this browser's: another tab follows a move made in this one. The proxy's sandbox
// tells no tab of a move (a tab reads its clock again when it is shown: clock-tabs.proxy.spec.ts), so this
// is offline's.
import { expect, test } from './fixtures'
import { clockBadge, isoDay, openClock, secondTabOnNewAccount } from './support'

test("another tab's clock follows a move, a freeze and the real date made in this one, without a reload", async ({
  page,
  context,
}) => {
  const other = await secondTabOnNewAccount(page, context)

  const dialog = await openClock(page)
  await dialog.getByRole('button', { name: 'Forward 1 day' }).click()
  await expect(dialog.getByTestId('clock-today')).toHaveText(isoDay(1))

  await expect(clockBadge(other)).toHaveText('Clock +1 day')
  await other.getByRole('button', { name: /^\+ Add transactions?$/ }).click()
  const add = other.getByRole('dialog', { name: /^Add transactions/ })
  await expect(add.getByLabel('Row 1 transaction date', { exact: true })).toHaveValue(isoDay(1))
  await add.getByRole('button', { name: 'Cancel' }).click()
  await expect(add).toBeHidden()
  const elsewhere = await openClock(other)
  await expect(elsewhere.getByTestId('clock-today')).toHaveText(isoDay(1))

  // The other tab's panel stays open while this one freezes the clock and returns it to the real date.
  await dialog.getByRole('button', { name: 'Freeze' }).click()
  await expect(elsewhere).toContainText(`(real date ${isoDay(0)}; frozen)`)
  await dialog.getByRole('button', { name: 'Back to the real date' }).click()
  await expect(elsewhere.getByTestId('clock-today')).toHaveText(isoDay(0))
  await expect(elsewhere.getByLabel('Freeze on')).toHaveValue(isoDay(0))
  await expect(elsewhere).not.toContainText('frozen')
})
