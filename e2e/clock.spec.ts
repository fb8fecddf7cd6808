import type { Page } from '@playwright/test'
import { expect, FRESH_SERVER, modeOf, test } from './fixtures'
import {
  clockBadge,
  createAccount,
  isoDay,
  openClock,
  openConsole,
  pages,
  screenshot,
  tableRows,
} from './support'

// The sandbox clock and the booking lifecycle, offline and on the local sandbox behind the proxy.

async function addPending(page: Page, rows: { txDate: string; amount: string }[]) {
  await page.getByRole('button', { name: /^\+ Add transactions?$/ }).click()
  const dialog = page.getByRole('dialog', { name: /^Add transactions/ })
  for (const [i, row] of rows.entries()) {
    if (i > 0) await dialog.getByRole('button', { name: '+ Add row' }).click()
    const field = (what: string) => dialog.getByLabel(`Row ${i + 1} ${what}`, { exact: true })
    await field('status').selectOption('pending')
    await field('transaction date').fill(row.txDate)
    await field('amount').fill(row.amount)
    await field('original amount').fill(row.amount)
    await field('MCC').fill('5411')
  }
  await dialog.getByRole('button', { name: /^Add (\d+ transactions|transaction)$/ }).click()
  await expect(dialog).toBeHidden()
}

// In proxy mode the clock is the whole sandbox's, which the worker's other tests share: a test that moves
// it puts it back to the real date through the dialog before it ends (a failed test's worker, and its
// server, are replaced).
test('move the clock: the today badge and the default dates follow, a reload keeps it', async ({ page }) => {
  await openConsole(page)
  await createAccount(page, { maskedPan: '525412******3241' })
  await expect(clockBadge(page)).toHaveCount(0)

  const dialog = await openClock(page)
  await expect(dialog.getByTestId('clock-today')).toHaveText(isoDay(0))
  await dialog.getByLabel('Days', { exact: true }).fill('5')
  await dialog.getByRole('button', { name: 'Forward 5 days' }).click()
  await expect(dialog.getByTestId('clock-today')).toHaveText(isoDay(5))
  await screenshot(page, 'clock-panel')
  // Until the move's answer has settled the dialog is busy and Escape leaves it open: wait for its ×.
  await expect(dialog.getByRole('button', { name: 'Close' }).first()).toBeEnabled()
  await page.keyboard.press('Escape')

  await expect(clockBadge(page)).toHaveText('Clock +5 days')
  await page.getByRole('button', { name: /^\+ Add transactions?$/ }).click()
  const add = page.getByRole('dialog', { name: /^Add transactions/ })
  await expect(add.getByLabel('Row 1 transaction date', { exact: true })).toHaveValue(isoDay(5))
  // A date the clock allows and the real calendar does not: stored.
  await add.getByLabel('Row 1 amount', { exact: true }).fill('-1.00')
  await add.getByLabel('Row 1 original amount', { exact: true }).fill('-1.00')
  await add.getByLabel('Row 1 MCC', { exact: true }).fill('5411')
  await add.getByRole('button', { name: 'Add transaction', exact: true }).click()
  await expect(add).toBeHidden()
  await expect(
    page
      .getByRole('table', { name: /^Transactions of/ })
      .getByRole('cell', { name: isoDay(5) })
      .first(),
  ).toBeVisible()
  await screenshot(page, 'clock-badge')

  await page.reload()
  await expect(clockBadge(page)).toHaveText('Clock +5 days')

  const again = await openClock(page)
  await again.getByRole('button', { name: 'Freeze' }).click()
  await expect(clockBadge(page)).toHaveText('Clock frozen')
  await again.getByRole('button', { name: 'Back to the real date' }).click()
  // Offline the panel asks first about the row dated in the 5 days it leaves (docs/decisions.md#moving-the-clock-back).
  if (modeOf(page) === 'offline') {
    const question = again.getByRole('region', { name: `Move the clock back to ${isoDay(0)}?` })
    await expect(question).toContainText(
      `1 transaction in 1 card account is dated after ${isoDay(0)} (the latest on ${isoDay(5)})`,
    )
    await expect(again.getByTestId('clock-today')).toHaveText(isoDay(5))
    await screenshot(page, 'clock-dated-after')
    await question.getByRole('button', { name: 'Delete it and move' }).click()
  }
  await expect(again.getByTestId('clock-today')).toHaveText(isoDay(0))
  await expect(again.getByRole('button', { name: 'Close' }).first()).toBeEnabled()
  await page.keyboard.press('Escape')
  await expect(clockBadge(page)).toHaveCount(0)
  if (modeOf(page) === 'offline') await expect(pages(page)).toContainText('No rows')
})

test('settle pending rows, one under a new id and amount, then all older than N days; read them as booked', async ({
  page,
}) => {
  await openConsole(page)
  await createAccount(page, { maskedPan: '525412******3241' })
  await addPending(page, [
    { txDate: isoDay(-3), amount: '-10.00' },
    { txDate: isoDay(-2), amount: '-20.00' },
    { txDate: isoDay(0), amount: '-30.00' },
  ])
  await page.getByRole('radio', { name: 'pending' }).check()
  expect(await tableRows(page)).toHaveLength(3)

  await page.getByRole('button', { name: 'Settle pending…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Settle pending transactions' })
  await dialog.getByRole('checkbox', { name: new RegExp(`${isoDay(-3)} -10.00`) }).check()
  await dialog.getByLabel('New cardTransactionId (optional)').fill('book-1')
  await dialog.getByLabel(/^Booked amount in/).fill('-10.42')
  await screenshot(page, 'settle-dialog')
  await dialog.getByRole('button', { name: 'Settle as booked' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('status')).toHaveText('1 pending transaction settled as booked')
  expect(await tableRows(page)).toHaveLength(2)

  await page.getByRole('radio', { name: 'booked' }).check()
  const [booked] = await tableRows(page)
  expect(booked).toContain('book-1')
  expect(booked).toContain(isoDay(0))
  expect(booked).toContain('-10.42')

  await page.getByRole('button', { name: 'Settle pending…' }).click()
  await dialog.getByRole('radio', { name: /Everything pending for more than/ }).check()
  await dialog.getByLabel('Days pending').fill('1')
  await dialog.getByRole('button', { name: 'Settle as booked' }).click()
  await expect(page.getByRole('status')).toHaveText('1 pending transaction settled as booked')
  expect(await tableRows(page)).toHaveLength(2)
  await page.getByRole('radio', { name: 'pending' }).check()
  const pending = await tableRows(page)
  expect(pending).toHaveLength(1)
  expect(pending[0]).toContain('-30.00')
  await screenshot(page, 'settled')
})

// Its server of its own: the rule settles what is pending in the whole sandbox, and the count it reports
// is the sandbox's.
test('the automatic rule settles pending transactions when the clock moves past their age', {
  tag: FRESH_SERVER,
}, async ({ page }) => {
  await openConsole(page)
  await createAccount(page, { maskedPan: '525412******3241' })
  await addPending(page, [{ txDate: isoDay(0), amount: '-5.00' }])
  const dialog = await openClock(page)
  await dialog.getByRole('checkbox', { name: /Pending transactions settle as booked after/ }).check()
  await dialog.getByLabel('Days until pending settles').fill('2')
  await dialog.getByLabel('Days', { exact: true }).fill('3')
  await dialog.getByRole('button', { name: 'Forward 3 days' }).click()
  await expect(page.getByRole('status')).toHaveText(
    `The sandbox's today is ${isoDay(3)}; 1 pending transaction settled`,
  )
  await expect(dialog.getByRole('button', { name: 'Close' }).first()).toBeEnabled()
  await page.keyboard.press('Escape')
  await page.getByRole('radio', { name: 'booked' }).check()
  const [row] = await tableRows(page)
  // Booked on the day the rule would have booked it.
  expect(row).toContain(isoDay(2))
})
