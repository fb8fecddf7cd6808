import { expect, test } from './fixtures'
import {
  checkScreenInEachTheme,
  fillAndOpenFirst,
  openConsole,
  pages,
  screenshot,
  tableRows,
} from './support'

// The chart above the table: offline and on the local sandbox its figures come from the sandbox's summary
// route; a brush sets From/To, the URL and the table.

async function openChart(page: import('@playwright/test').Page) {
  await fillAndOpenFirst(page)
  await page.getByRole('radio', { name: 'both' }).check()
  const chart = page.getByRole('region', { name: 'Transactions over time' })
  await expect(chart.getByRole('img', { name: /per day, .*: 12 transactions/ })).toBeVisible()
  return chart
}

test('the chart shows the window, and a brush sets From, To, the URL and the table', async ({ page }) => {
  await openConsole(page)
  const chart = await openChart(page)
  const totals = chart.getByRole('table', { name: 'Totals per currency' })
  await expect(totals.getByRole('row', { name: /NOK/ })).toHaveText(/^NOK\s*12\s*389\.50\s*-8859\.77$/)
  await expect(
    chart.getByRole('list', { name: 'Top merchant categories' }).getByRole('listitem').first(),
  ).toHaveText(/^5411 Grocery stores: 3/)

  const box = await chart.getByRole('img').boundingBox()
  if (box === null) throw new Error('the chart has no box')
  await page.mouse.move(box.x + box.width * 0.55, box.y + box.height / 2)
  await page.mouse.down()
  await page.mouse.move(box.x + box.width * 0.75, box.y + box.height / 2, { steps: 5 })
  await page.mouse.up()

  const from = page.getByLabel('From', { exact: true })
  const to = page.getByLabel('To', { exact: true })
  await expect(from).not.toHaveValue('')
  const window = { from: await from.inputValue(), to: await to.inputValue() }
  expect(window.from <= window.to).toBe(true)
  const url = new URL(page.url())
  expect(url.searchParams.get('from')).toBe(window.from)
  expect(url.searchParams.get('to')).toBe(window.to)

  // The table lists only what the window holds, and the chart's summary counts the same.
  const rows = await tableRows(page)
  const chartCount = Number(
    (await chart.getByRole('img').getAttribute('aria-label'))?.match(/: (\d+) transactions/)?.[1] ?? 'NaN',
  )
  expect(rows.length).toBe(chartCount)
  await expect(
    pages(page).getByText(`Rows 1–${rows.length} of ${rows.length}`, { exact: true }),
  ).toBeVisible()
  await screenshot(page, 'issue13-chart')

  await chart.getByRole('button', { name: 'Whole history' }).click()
  await expect(from).toHaveValue('')
  await expect(to).toHaveValue('')
})

test('by keyboard, a day picked in the chart as a table sets From, To, the URL and the table', async ({
  page,
}) => {
  await openConsole(page)
  const chart = await openChart(page)
  const fold = chart.getByText('The chart as a table', { exact: true })
  await fold.focus()
  await page.keyboard.press('Enter')
  const figures = chart.getByRole('table', { name: /per day/ })
  const first = figures.getByRole('rowheader').first()
  const day = (await first.textContent())?.trim() ?? ''
  expect(day).toMatch(/^\d{4}-\d\d-\d\d$/)
  // Tab from the fold reaches the first day's button.
  await page.keyboard.press('Tab')
  const pick = figures.getByRole('button', { name: `Show ${day} in the table` })
  await expect(pick).toBeFocused()
  await page.keyboard.press('Enter')

  await expect(page.getByLabel('From', { exact: true })).toHaveValue(day)
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(day)
  const url = new URL(page.url())
  expect([url.searchParams.get('from'), url.searchParams.get('to')]).toEqual([day, day])
  // The table shows that day's transactions, as many as the chart counts for it.
  await expect(chart.getByRole('img')).toHaveAttribute(
    'aria-label',
    new RegExp(`per day, ${day} to ${day}: `),
  )
  const chartCount = Number(
    (await chart.getByRole('img').getAttribute('aria-label'))?.match(/: (\d+) transactions/)?.[1] ?? 'NaN',
  )
  await expect(pages(page).getByText(`Rows 1–${chartCount} of ${chartCount}`, { exact: true })).toBeVisible()
  await expect(pick).toBeFocused()
})

test('the chart is accessible in both themes', async ({ page }) => {
  await openConsole(page)
  const chart = await openChart(page)
  await chart.getByText('The chart as a table', { exact: true }).click()
  await expect(chart.getByRole('table', { name: /per day/ })).toBeVisible()
  await checkScreenInEachTheme(page, 'chart')
})

test('pending bars are hollow and booked bars solid, in the chart and its legend, in both themes', async ({
  page,
}) => {
  await openConsole(page)
  const chart = await openChart(page)
  for (const theme of ['Light', 'Dark']) {
    await page.emulateMedia({ colorScheme: theme === 'Dark' ? 'dark' : 'light' })
    const looks = (selector: string) =>
      chart
        .locator(selector)
        .first()
        .evaluate((element) => {
          const style = getComputedStyle(element)
          const solid = element instanceof SVGElement ? style.fill : style.backgroundColor
          const edge = element instanceof SVGElement ? style.strokeWidth : style.borderTopWidth
          return { hollow: solid === 'transparent' || solid === 'rgba(0, 0, 0, 0)', edge }
        })
    for (const selector of ['rect.chart-pending', '.swatch.chart-pending'])
      expect(await looks(selector), `${selector}, ${theme}`).toEqual({ hollow: true, edge: '2px' })
    for (const selector of ['rect.chart-booked', '.swatch.chart-booked'])
      expect((await looks(selector)).hollow, `${selector}, ${theme}`).toBe(false)
  }
})

test("bars that cannot be loaded are said so in the chart's place; the table goes on", async ({ page }) => {
  // The bars' chunk loads on idle after the rows: a dropped connection then must not take the table down.
  await page.context().route(/\/assets\/ChartBars-[\w-]+\.js$/, (route) => route.abort())
  await openConsole(page)
  await fillAndOpenFirst(page)
  const chart = page.getByRole('region', { name: 'Transactions over time' })
  await expect(chart.getByRole('alert')).toContainText('This part of the console could not be loaded.')
  await page.getByRole('radio', { name: 'both' }).check()
  await expect(pages(page).getByText('Rows 1–12 of 12', { exact: true })).toBeVisible()
  expect(await tableRows(page)).toHaveLength(12)
})

// A tester at 1280×800: presenter mode took the page's type from 14 to 20 px, but the chart's dates and
// counts kept their 13 px (the viewBox scales its text with the figure, not with the page's type), and
// were the smallest text on screen.
test('presenter mode grows the chart’s labels as it grows the page’s type', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await openConsole(page)
  const chart = await openChart(page)
  const labels = {
    date: chart.locator('text.chart-axis').first(),
    count: chart.locator('.chart-grid text').last(),
  }
  const heights = () =>
    Promise.all(
      Object.values(labels).map((label) => label.evaluate((text) => text.getBoundingClientRect().height)),
    )
  const typeSize = () => page.evaluate(() => Number.parseFloat(getComputedStyle(document.body).fontSize))
  const [before, type] = [await heights(), await typeSize()]

  await page.keyboard.press('Alt+Shift+P')
  await expect.poll(typeSize).toBeGreaterThan(type)
  const grown = (await typeSize()) / type
  // A short screen for presenter type folds the chart: the tester unfolded it.
  await chart.getByText('Transactions over time', { exact: true }).click()
  await expect(chart.getByRole('img', { name: /per day/ })).toBeVisible()
  for (const [index, name] of Object.keys(labels).entries()) {
    await expect
      .poll(async () => ((await heights())[index] ?? 0) / (before[index] ?? 1), `the ${name} label’s growth`)
      .toBeCloseTo(grown, 1)
  }
})
