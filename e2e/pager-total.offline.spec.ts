import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { behaveLike, loadScenarioFrom, openConsole, openScenarios, pages, screenshot } from './support'

/** The chart's count of booked transactions, from its totals line ("1,000 transactions: 997 booked, …"). */
async function chartBooked(page: Page): Promise<string> {
  const line = page.locator('.chart-totals-line')
  await expect(line).toHaveText(/^[\d,]+ transactions: [\d,]+ booked/)
  return /: ([\d,]+) booked/.exec((await line.textContent()) ?? '')?.[1] ?? ''
}

// A support engineer on a projector read "Rows 1–50 of 951 or more" under a chart saying "997 booked".
test('the pager says the total the chart above counts, in the sandbox and in a bank shaped one', async ({
  page,
}) => {
  await openConsole(page)
  await loadScenarioFrom(await openScenarios(page), 'Corporate customer, two years')
  await page.getByRole('radio', { name: 'booked' }).check()
  const booked = await chartBooked(page)
  await expect(pages(page).getByText(`Rows 1–50 of ${booked}`, { exact: true })).toBeVisible()
  await screenshot(page, 'pager-total')

  // Offline behaving like the bank's platform: no summary route, the chart reads the window by pages.
  await behaveLike(page, 'platform')
  await expect(page.getByText(/^Read all [\d,]+ of this window/)).toBeVisible()
  expect(await chartBooked(page)).toBe(booked)
  await expect(pages(page).getByText(`Rows 1–50 of ${booked}`, { exact: true })).toBeVisible()
})
