import { expect, PLATFORM_UPSTREAM, test } from './fixtures'
import { fillTestData, openConsole, screenshot } from './support'

// A sandbox without the summary route (a bank's: here the platform's shape) answers it 404: the console
// reads the window page by page, shows how far it got, and says those reads count against the bank's limits.
test.use({ serverSettings: PLATFORM_UPSTREAM })

test("against a bank's sandbox the chart reads page by page and says each page counts", async ({ page }) => {
  await openConsole(page)
  await fillTestData(page, { permanent: true })
  await page.getByRole('radio', { name: 'both' }).check()
  const chart = page.getByRole('region', { name: 'Transactions over time' })
  await expect(chart).toContainText("Each page is a request that counts against the bank's limits")
  // All of the window was read, under the cap: the bar is full, not 12 of 1,000.
  await expect(chart.getByLabel(/^Read all 12 of this window/)).toHaveJSProperty('position', 1)
  // The platform sends pending elements as plain strings: only the booked ones have a date to chart, and
  // the chart says why 3 of the 12 are missing.
  await expect(chart.getByRole('img', { name: /: 9 transactions/ })).toBeVisible()
  await expect(chart).toContainText('3 of them have no date (a pending transaction sent as plain text)')
  // The folded line counts them with the rest, as the table lists them.
  await expect(chart.getByText(/^12 transactions: /)).toHaveText(/^12 transactions: 9 booked, 3 pending/)
  await expect(
    chart.getByRole('table', { name: 'Totals per currency' }).getByRole('row', { name: /NOK/ }),
  ).toHaveText(/^NOK\s*9\s*389\.50\s*-7025\.87$/)
  await screenshot(page, 'chart-paged')

  // A window with nothing in it: said so, not "Read all 0 of this window" beside a full bar.
  const empty = new URL(page.url())
  empty.searchParams.set('from', '2001-01-01')
  empty.searchParams.set('to', '2001-01-31')
  await page.goto(empty.toString())
  await expect(chart).toContainText('No transactions in this window to read.')
  await expect(chart.getByText(/^Read all/)).toHaveCount(0)
})
