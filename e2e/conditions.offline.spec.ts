// Conditions that exist in one mode only: offline the console's own request timeout is what a timeout meets.

import {
  badgedEntry,
  noTransactions,
  readUntilRefused,
  setCondition,
  transactionsError,
  withAccount,
} from './conditions-support'
import { expect, test } from './fixtures'
import { openClockPanel, screenshot } from './support'

test("timeout: the console's own request timeout fires, says so, and Retry asks again", async ({ page }) => {
  await withAccount(page)
  await setCondition(page, 'Timeout', async (rule) => {
    const dialog = rule.page().getByRole('dialog', { name: 'Conditions' })
    await dialog.getByLabel('Console request timeout (seconds)').fill('2')
    await expect(dialog.getByText('The console stops waiting for an answer after 2 s')).toBeVisible()
  })
  const alert = transactionsError(page)
  await expect(alert).toContainText(
    "gave no answer within 2 s, the console's request timeout (Condition r1: timeout held it)",
  )
  await expect(await badgedEntry(page)).toContainText(
    /listTransactions GET \S+ failed \d+ ms Condition r1: timeout$/,
  )
  await screenshot(page, 'condition-timeout')
  // Without the condition, Retry reads the transactions.
  await page.getByRole('button', { name: 'Conditions: 1 rule' }).click()
  const dialog = page.getByRole('dialog', { name: 'Conditions' })
  await dialog.getByRole('button', { name: 'Remove all' }).click()
  await dialog.getByRole('button', { name: 'Save conditions' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('banner').getByRole('button', { name: /^Conditions: / })).toHaveCount(0)
  await expect(noTransactions(page)).toBeVisible()
})

// Offline the quota counts days of the sandbox clock (the proxy counts real days: a remote sandbox has none).
test('the 4-a-day quota resets when the sandbox clock passes midnight', async ({ page }) => {
  await withAccount(page)
  await readUntilRefused(page)
  await expect(transactionsError(page)).toContainText('Could not load transactions (HTTP 429)')

  await openClockPanel(page)
  const clock = page.getByRole('dialog', { name: 'Sandbox clock' })
  await clock.getByLabel('Days', { exact: true }).fill('1')
  await clock.getByRole('button', { name: 'Forward 1 day' }).click()
  await page.keyboard.press('Escape')
  await page.getByRole('textbox', { name: 'From' }).fill('2019-12-01')
  await expect(noTransactions(page)).toBeVisible()
  await expect(transactionsError(page)).toBeHidden()
})
