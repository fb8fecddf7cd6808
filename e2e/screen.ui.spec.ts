import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import {
  createAccount,
  fillAndOpenFirst,
  fillTestData,
  isoDay,
  newAccountButton,
  openAccount,
  openConsole,
  openHeaderGroup,
  pages,
  showHeaderTools,
  swapAmounts,
  tableRows,
} from './support'

// A person at the keyboard and on a small screen: dates typed as typed, 800×600, focus, one button per
// action, limits and markers, history and the URL. Both modes: none of it depends on where data lives.
test.use({ locale: 'en-US' }) // the date fields' segments are month/day/year

/** What a person types into a native date field for YYYY-MM-DD: the digits in the field's own order. */
const typed = (iso: string) => {
  const [year, month, day] = iso.split('-')
  return `${month}${day}${year}`
}
const search = (page: Page) => new URL(page.url()).searchParams

test('From and To can be typed by keyboard; an impossible date says so next to the field', async ({
  page,
}) => {
  await openConsole(page)
  await fillAndOpenFirst(page)
  await page.getByRole('radio', { name: 'booked' }).check()
  const from = page.getByLabel('From', { exact: true })
  const to = page.getByLabel('To', { exact: true })

  await from.focus()
  await page.keyboard.type(typed(isoDay(-5)), { delay: 30 })
  await expect(from).toHaveValue(isoDay(-5))
  await expect.poll(() => search(page).get('from')).toBe(isoDay(-5))
  const booked = (await tableRows(page)).map((row) => row.split(' | ')[0] ?? '')
  expect(booked.length).toBeGreaterThan(0)
  for (const day of booked) expect(day >= isoDay(-5), `${day} is on or after From`).toBe(true)

  // Feb 30 does not exist: nothing is applied, and the field says so in words once typing rests, before
  // the field is left (the first Tab stops on its own calendar button, the second leaves it).
  await to.focus()
  await page.keyboard.type('02302026')
  const impossible = page.getByText('To is not a real date: the day does not exist in that month')
  await expect(impossible).toBeVisible()
  await expect(to).toBeFocused()
  await expect(to).toHaveAttribute('aria-invalid', 'true')
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  await expect(impossible).toBeVisible()
  expect(search(page).get('to')).toBeNull()
  expect(search(page).get('from')).toBe(isoDay(-5))

  // Editing the year of To digit by digit applies only the complete year: field, URL and table agree.
  await to.focus()
  await page.keyboard.type(typed(isoDay(-1)))
  await expect(to).toHaveValue(isoDay(-1))
  await expect.poll(() => search(page).get('to')).toBe(isoDay(-1))
  await expect(page.getByText('To is not a real date')).toBeHidden()
  for (const row of await tableRows(page)) expect((row.split(' | ')[0] ?? '') <= isoDay(-1)).toBe(true)
})

/** The toDate of each transaction read the page sends from now on. */
function recordReads(page: Page): string[] {
  const reads: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (request.method() === 'GET' && url.pathname.endsWith('/transactions'))
      reads.push(url.searchParams.get('toDate') ?? '')
  })
  return reads
}

test('a date typed over a filled To is read once, for the date typed, not at each key', async ({ page }) => {
  await openConsole(page)
  await fillAndOpenFirst(page)
  const to = page.getByLabel('To', { exact: true })
  await page.getByLabel('From', { exact: true }).fill('2026-11-01')
  await to.fill('2026-11-15')
  await expect.poll(() => search(page).get('to')).toBe('2026-11-15')
  await expect(pages(page).getByText(/^(No rows|Rows \d)/)).toBeVisible()

  // Over a whole date, Chromium reports each key as one: 01/15 (before From), 11/15, 11/02, 11/20, 0002…
  const reads = recordReads(page)
  const read = page.waitForResponse((response) => response.url().includes('toDate=2026-11-20'))
  await to.focus()
  await page.keyboard.type('11202026')
  expect((await read).status()).toBe(200)
  await expect(to).toHaveValue('2026-11-20')
  expect(search(page).get('to')).toBe('2026-11-20')
  expect(reads).toEqual(['2026-11-20'])
  await expect(page.getByText(/^Could not load transactions/)).toHaveCount(0)
})

test('at 800×600 the page never scrolls sideways and Amount stays in view', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 600 })
  await openConsole(page)
  await fillAndOpenFirst(page)
  await page.getByRole('radio', { name: 'both' }).check()
  await expect(pages(page)).toContainText('Rows 1–12 of 12')

  const sideways = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  expect(await sideways()).toBe(0)
  await showHeaderTools(page)
  await expect(page.getByRole('button', { name: 'Help' })).toBeInViewport()
  await openHeaderGroup(page, 'Settings')
  await expect(page.getByRole('combobox', { name: 'Theme' })).toBeInViewport()
  await page.keyboard.press('Escape')

  const table = page.getByRole('table', { name: /^Transactions of/ })
  // The chart sits above the table: scrolling down to the table is allowed, scrolling it sideways is not.
  // Vertically only: the main area scrolls down to the table's top; nothing scrolls sideways.
  await table.evaluate((element) => {
    const main = element.closest('main')
    if (main) main.scrollTop += element.getBoundingClientRect().top - main.getBoundingClientRect().top
  })
  for (const name of ['Amount', 'Original']) {
    await expect(table.getByRole('columnheader', { name, exact: true })).toBeInViewport({ ratio: 1 })
  }
  const firstAmount = table.locator('tbody tr').first().locator('td.col-amount')
  await expect(firstAmount).toBeInViewport({ ratio: 1 })

  // The transactions dialog reflows its rows: every field of a row and its remove button are on screen.
  await page.getByRole('button', { name: '+ Add transactions', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: /^Add transactions/ })
  await dialog.getByRole('button', { name: '+ Add row' }).click()
  for (const label of ['Row 1 MCC', 'Row 1 transaction id', 'Row 1 original amount']) {
    await expect(dialog.getByLabel(label, { exact: true })).toBeInViewport({ ratio: 1 })
  }
  await expect(dialog.getByRole('button', { name: 'Remove row 1' })).toBeInViewport({ ratio: 1 })
  expect(await sideways()).toBe(0)
  // The added row is a change: Escape asks before throwing it away, and the question fits on screen too.
  await page.keyboard.press('Escape')
  await expect(dialog.getByRole('button', { name: 'Discard' })).toBeInViewport({ ratio: 1 })
  await dialog.getByRole('button', { name: 'Discard' }).click()
  await expect(dialog).toBeHidden()

  // The open inspector leaves the table most of the screen.
  await page.getByText(/^Requests \(\d+\)/).click()
  const inspector = await page.locator('.inspector').boundingBox()
  expect(inspector?.height ?? 600).toBeLessThanOrEqual(600 * 0.4)
})

test('Escape on typed transactions asks first; "Keep editing" keeps every value', async ({ page }) => {
  await openConsole(page)
  await fillAndOpenFirst(page)
  await page.getByRole('button', { name: '+ Add transactions', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: /^Add transactions/ })
  await dialog.getByRole('button', { name: '+ Add row' }).click()
  await dialog.getByLabel('Row 1 amount', { exact: true }).fill('-12.50')
  await dialog.getByLabel('Row 2 amount', { exact: true }).fill('-7.25')

  await page.keyboard.press('Escape')
  await expect(dialog.getByText('Discard the 2 transactions you typed?')).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Keep editing' })).toBeFocused()
  await dialog.getByRole('button', { name: 'Keep editing' }).click()

  await expect(dialog.getByText('Discard the 2 transactions you typed?')).toBeHidden()
  await expect(dialog.getByLabel('Row 1 amount', { exact: true })).toHaveValue('-12.50')
  await expect(dialog.getByLabel('Row 2 amount', { exact: true })).toHaveValue('-7.25')
})

test('a dialog opens with focus on its first field; a skip link leads to the main area', async ({ page }) => {
  await openConsole(page)
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Skip to the transactions' })
  await expect(skip).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('main')).toBeFocused()

  await newAccountButton(page).click()
  await expect(page.getByRole('dialog', { name: 'New card account' }).getByLabel('Masked PAN')).toBeFocused()
})

test('one button per action: the empty account offers Add, Fill and Generate once', async ({ page }) => {
  await openConsole(page)
  await fillTestData(page)
  await page.getByRole('button', { name: '+ New', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'New card account' })
  await dialog.getByLabel('Masked PAN').fill('400000******0002')
  await dialog.getByRole('button', { name: 'Create account' }).click()
  await expect(dialog).toBeHidden()
  await page.getByRole('radio', { name: 'both' }).check()
  await expect(page.getByText('This account has no transactions yet.')).toBeVisible()

  await expect(page.getByRole('button', { name: /^\+ Add transactions?$/ })).toHaveCount(1)
  await expect(page.getByRole('button', { name: 'Fill test data' })).toHaveCount(1)
  await expect(page.getByRole('button', { name: 'Generate…' })).toHaveCount(1)
  // The file input behind Import JSON… is not a second, hidden way in.
  await expect(page.locator('input[type="file"]')).toBeHidden()
})

test('Generate shows its maximum and refuses a larger number in words', async ({ page }) => {
  await openConsole(page)
  await fillTestData(page)
  await page.getByRole('main').getByRole('button', { name: 'Generate…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Generate transactions' })
  const count = dialog.getByRole('spinbutton', { name: 'Number of transactions' })
  await expect(count).toBeFocused()
  await expect(dialog.getByText('1 to 100,000', { exact: true })).toBeVisible()
  await count.fill('100001')
  await expect(
    dialog.getByText('Number of transactions must be a whole number from 1 to 100,000.'),
  ).toBeVisible()
  await dialog.getByRole('button', { name: 'Generate', exact: true }).click()
  await expect(dialog.getByRole('progressbar')).toHaveCount(0)
})

test('the swap marks both amount columns', async ({ page }) => {
  await openConsole(page)
  await fillAndOpenFirst(page)
  const table = page.getByRole('table', { name: /^Transactions of/ })
  await expect(table.getByText('⇄ swapped')).toHaveCount(0)
  await (await swapAmounts(page)).check()
  await expect(table.getByRole('columnheader', { name: 'Amount ⇄ swapped' })).toBeVisible()
  await expect(table.getByRole('columnheader', { name: 'Original ⇄ swapped' })).toBeVisible()
})

test('the page pushes a history entry; filters and the swap replace it', async ({ page }) => {
  await openConsole(page)
  await fillAndOpenFirst(page)
  await page.getByRole('radio', { name: 'both' }).check()
  await pages(page).getByRole('combobox', { name: 'Page size' }).selectOption('5')
  await expect(pages(page)).toContainText('Rows 1–5 of 12')
  const length = () => page.evaluate(() => history.length)
  const before = await length()

  await pages(page).getByRole('button', { name: 'Next ›' }).click()
  await expect(pages(page)).toContainText('Rows 6–10')
  expect(await length()).toBe(before + 1)

  await page.getByRole('radio', { name: 'booked' }).check()
  await (await swapAmounts(page)).check()
  await page.getByLabel('From', { exact: true }).fill(isoDay(-30))
  await expect.poll(() => search(page).get('from')).toBe(isoDay(-30))
  expect(await length()).toBe(before + 1)

  // Back leaves the page reached by Next, not the last filter click.
  await page.goBack()
  await expect(pages(page)).toContainText('Rows 1–5')
  expect(search(page).get('status')).toBe('both')
})

test('a link the view cannot apply is rewritten to the view shown, and says why', async ({ page }) => {
  // A link to an account of its own: one without would open the sandbox's first account, in proxy mode
  // one the worker's other tests made.
  await openConsole(page)
  await createAccount(page, { maskedPan: '400000******0214', currency: 'EUR', name: 'Link card' })
  const account = new URLSearchParams({ account: search(page).get('account') ?? '' })
  await page.goto(`/?${account}&status=foo&offset=-5&from=2026-02-30&limit=5000`)
  await expect.poll(() => new URL(page.url()).search).toBe(`?${account}&status=booked&offset=0&limit=200`)
  const note = page.getByRole('main')
  await expect(note).toContainText('Status “foo” is not one of booked, pending or both: showing booked.')
  await expect(note).toContainText('From “2026-02-30” is not a real date in the form YYYY-MM-DD')
  await expect(note).toContainText('Offset “-5” is not a row number')
  await expect(note).toContainText(
    'Page size 5,000 is more than the largest offered: showing 200 rows a page.',
  )
})

test('the console has a favicon', async ({ page, baseURL }) => {
  const response = await page.request.get(`${baseURL}/favicon.ico`)
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toContain('image/')
})

test('a machine-speed double-click on Generate runs it once', async ({ page }) => {
  await openConsole(page)
  const [, logistics = ''] = await fillTestData(page)
  await openAccount(page, logistics)
  await page.getByRole('main').getByRole('button', { name: 'Generate…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Generate transactions' })
  await dialog.getByLabel('Number of transactions').fill('20')
  await dialog.getByRole('button', { name: 'Generate 20' }).dblclick()
  await expect(dialog.getByText('Done: 20 of 20 transactions created.')).toBeVisible()
  await dialog.getByRole('button', { name: 'Close' }).first().click()
  await page.getByRole('radio', { name: 'both' }).check()
  // 7 test-data transactions and 20 generated once: a second run would make it 47.
  await expect(pages(page).getByText('Rows 1–27 of 27', { exact: true })).toBeVisible()
})
