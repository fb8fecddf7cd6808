import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import {
  createAccount,
  fillAndOpenFirst,
  isoDay,
  openConsole,
  pages,
  screenshot,
  swapAmounts,
  tableRows,
} from './support'

interface RowInput {
  status?: 'booked' | 'pending'
  txDate: string
  bookingDate?: string
  amount: string
  original: string
  originalCurrency?: string
  mcc: string
}

async function fillRow(dialog: Locator, n: number, row: RowInput) {
  const field = (what: string) => dialog.getByLabel(`Row ${n} ${what}`, { exact: true })
  if (row.status) await field('status').selectOption(row.status)
  await field('transaction date').fill(row.txDate)
  if (row.bookingDate) await field('booking date').fill(row.bookingDate)
  await field('amount').fill(row.amount)
  await field('original amount').fill(row.original)
  if (row.originalCurrency) await field('original currency').fill(row.originalCurrency)
  await field('MCC').fill(row.mcc)
}

async function openAddDialog(page: Page) {
  await page.getByRole('button', { name: /^\+ Add transactions?$/ }).click()
  const dialog = page.getByRole('dialog', { name: /^Add transactions/ })
  await expect(dialog).toBeVisible()
  return dialog
}

test('add booked and pending transactions, single and batch; a failing batch names its row', async ({
  page,
  context,
}) => {
  await openConsole(page)
  await createAccount(page, { maskedPan: '400000******0002', currency: 'EUR', name: 'E2E card' })

  let dialog = await openAddDialog(page)
  await fillRow(dialog, 1, {
    txDate: isoDay(-3),
    bookingDate: isoDay(-2),
    amount: '-100.50',
    original: '-1150.25',
    originalCurrency: 'NOK',
    mcc: '5411',
  })
  await dialog.getByRole('button', { name: 'Add transaction', exact: true }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('status')).toHaveText('1 transaction created')
  expect(await tableRows(page)).toEqual([
    expect.stringContaining(
      `${isoDay(-2)} | ${isoDay(-3)} | 5411 Grocery stores |  | -100.50 EUR | -1150.25 NOK`,
    ),
  ])

  // A batch of three where the engine refuses row 2 (a future date): nothing is stored, row 2 is named.
  dialog = await openAddDialog(page)
  await fillRow(dialog, 1, {
    txDate: isoDay(-1),
    bookingDate: isoDay(-1),
    amount: '-20.00',
    original: '-20.00',
    mcc: '5812',
  })
  await dialog.getByRole('button', { name: '+ Add row' }).click()
  await fillRow(dialog, 2, {
    status: 'pending',
    txDate: isoDay(2),
    amount: '-7.5',
    original: '-7.5',
    mcc: '4111',
  })
  await expect(dialog.getByLabel('Row 2 booking date', { exact: true })).toHaveCount(0)
  await dialog.getByRole('button', { name: '+ Add row' }).click()
  await fillRow(dialog, 3, {
    status: 'booked',
    txDate: isoDay(-1),
    bookingDate: isoDay(0),
    amount: '35.99',
    original: '35.99',
    mcc: '5999',
  })
  await dialog.getByRole('button', { name: 'Add 3 transactions' }).click()

  await expect(dialog.getByText('Row 2:')).toBeVisible()
  await expect(dialog.getByText(/Transaction date .* is in the future/)).toBeVisible()
  await expect(dialog.getByLabel('Row 2 transaction date', { exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  )
  await expect(dialog.getByLabel('Row 2 amount', { exact: true })).toHaveValue('-7.5')
  await expect(dialog.getByLabel('Row 3 amount', { exact: true })).toHaveValue('35.99')
  await screenshot(page, 'batch-failed')

  await dialog.getByLabel('Row 2 transaction date', { exact: true }).fill(isoDay(0))
  await dialog.getByRole('button', { name: 'Add 3 transactions' }).click()
  await expect(dialog).toBeHidden()
  // The pending row is only visible with "both": the view switched so the new rows are on screen, and says so.
  await expect(page.getByRole('status')).toHaveText('3 transactions created; Status set to both to show them')
  await expect(page.getByRole('radio', { name: 'both' })).toBeChecked()
  await screenshot(page, 'transactions-created')
  const rows = await tableRows(page)
  expect(rows).toHaveLength(4)
  expect(rows[3]).toMatch(new RegExp(`^Pending \\| ${isoDay(0)} \\| 4111 .* \\| -7.5 EUR \\| -7.5 EUR`))
  expect(rows).toContainEqual(expect.stringContaining('+35.99 EUR'))
  await expect(pages(page).getByText('Rows 1–4 of 4', { exact: true })).toBeVisible()

  // Filters: pending only, then booked within dates.
  await page.getByRole('radio', { name: 'pending' }).check()
  await expect(pages(page).getByText('Rows 1–1 of 1', { exact: true })).toBeVisible()
  expect(await tableRows(page)).toEqual([expect.stringMatching(/^Pending/)])
  await page.getByRole('radio', { name: 'booked' }).check()
  await page.getByLabel('From', { exact: true }).fill(isoDay(-1))
  await expect(pages(page).getByText('Rows 1–2 of 2', { exact: true })).toBeVisible()
  await page.getByLabel('To', { exact: true }).fill(isoDay(-1))
  await expect(pages(page).getByText('Rows 1–1 of 1', { exact: true })).toBeVisible()
  expect(await tableRows(page)).toEqual([expect.stringContaining('-20.00 EUR')])

  // Filter clicks replace the history entry rather than add one: Back is checked in screen.ui.spec.ts.

  // Reload: the data is kept (IndexedDB offline, the server's memory in proxy mode) and the view is the URL.
  await page.reload()
  await expect(pages(page).getByText('Rows 1–1 of 1', { exact: true })).toBeVisible()
  expect(await tableRows(page)).toEqual([expect.stringContaining('-20.00 EUR')])
  await page.getByRole('button', { name: 'Clear dates' }).click()
  await page.getByRole('radio', { name: 'both' }).check()
  await expect(pages(page).getByText('Rows 1–4 of 4', { exact: true })).toBeVisible()

  // A copied link opens the same view in another page.
  const copy = await context.newPage()
  await copy.goto(page.url())
  await expect(
    copy.getByRole('heading', { name: '400000******0002 · EUR · E2E card · private' }),
  ).toBeVisible()
  await expect(copy.getByRole('radio', { name: 'both' })).toBeChecked()
  expect(await tableRows(copy)).toEqual(rows)
})

test('page through with limit 5, open a copied link, and swap the amounts with accept-fix', async ({
  page,
  context,
}) => {
  await openConsole(page)
  await fillAndOpenFirst(page)
  await page.getByRole('radio', { name: 'both' }).check()
  await page.getByLabel('Page size').selectOption('5')

  await expect(pages(page).getByText('Rows 1–5 of 12', { exact: true })).toBeVisible()
  expect(await tableRows(page)).toHaveLength(5)
  await page.getByRole('button', { name: 'Next ›' }).click()
  await expect(pages(page).getByText('Rows 6–10 of 12', { exact: true })).toBeVisible()
  await expect(page.getByRole('status')).toHaveText('Page 2 loaded: Rows 6–10 of 12')
  // By keyboard: Next onto the last page is disabled under the focus, which goes to ‹ Prev, not the page's start.
  await page.getByRole('button', { name: 'Next ›' }).press('Enter')
  await expect(pages(page).getByText('Rows 11–12 of 12', { exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Next ›' })).toBeDisabled()
  await expect(page.getByRole('button', { name: '‹ Prev' })).toBeFocused()
  const lastPage = await tableRows(page)
  expect(lastPage).toHaveLength(2)
  expect(lastPage.every((row) => row.startsWith('Pending'))).toBe(true)
  expect(page.url()).toContain('status=both')
  expect(page.url()).toContain('offset=10&limit=5')
  await screenshot(page, 'paged-limit-5')

  const copy = await context.newPage()
  await copy.goto(page.url())
  await expect(pages(copy).getByText('Rows 11–12 of 12', { exact: true })).toBeVisible()
  expect(await tableRows(copy)).toEqual(lastPage)
  await copy.close()

  await page.getByRole('button', { name: '‹ Prev' }).press('Enter')
  await expect(pages(page).getByText('Rows 6–10 of 12', { exact: true })).toBeVisible()
  await page.keyboard.press('Enter')
  await expect(pages(page).getByText('Rows 1–5 of 12', { exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Next ›' })).toBeFocused()

  // accept-fix swaps transactionAmount and originalAmount in the answer.
  await page.getByRole('radio', { name: 'booked' }).check()
  await page.getByLabel('Page size').selectOption('50')
  const hotel = page.getByRole('row', { name: /Hotel Adlon Berlin/ })
  // Cell 0 holds the row's disclosure button; the amounts are the 6th and 7th cells.
  await expect(hotel.getByRole('cell').nth(5)).toHaveText('-2710.35 NOK')
  await expect(hotel.getByRole('cell').nth(6)).toHaveText('-232.80 EUR')
  await (await swapAmounts(page)).check()
  await expect(hotel.getByRole('cell').nth(5)).toHaveText('-232.80 EUR')
  await expect(hotel.getByRole('cell').nth(6)).toHaveText('-2710.35 NOK')
  expect(page.url()).toContain('fix=1')
  await screenshot(page, 'accept-fix-swapped')
  // The inspector names the operation of each request and shows the header as sent.
  await page.getByText(/^Requests \(\d+\)/).click()
  await expect(page.locator('.request summary').first()).toContainText(/listTransactions\s+GET \/api\/v1\//)
  await page.locator('.request summary').first().click()
  await expect(
    page.getByText('cardaccount-switch-originalamount-and-transactionamount').first(),
  ).toBeVisible()
  await screenshot(page, 'inspector-open')
})

test('date filter: booked transactions between two dates', async ({ page }) => {
  await openConsole(page)
  await fillAndOpenFirst(page)
  await page.getByLabel('From', { exact: true }).fill(isoDay(-12))
  await page.getByLabel('To', { exact: true }).fill(isoDay(-5))
  await expect(pages(page).getByText('Rows 1–4 of 4', { exact: true })).toBeVisible()
  // Newest booking first; the two of the same day newest created first.
  const details = (await tableRows(page)).map((row) => row.split(' | ')[3])
  expect(details).toEqual(['Deli de Luca', 'Rema 1000 Grunerlokka refund', 'SAS', 'Hotel Adlon Berlin'])

  // From after To: the sandbox's PERIOD_INVALID is shown as it came.
  await page.getByLabel('From', { exact: true }).fill(isoDay(-1))
  await expect(page.getByRole('alert')).toContainText('PERIOD_INVALID')
  await screenshot(page, 'error-period-invalid')
  // Clear dates goes with the dates; by keyboard, the focus goes to From for the next ones.
  await page.getByRole('button', { name: 'Clear dates' }).press('Enter')
  await expect(pages(page).getByText('Rows 1–9 of 9', { exact: true })).toBeVisible()
  await expect(page.getByLabel('From', { exact: true })).toBeFocused()
})
