// Chart bench (issue 13): in headless Chromium on the production build, offline, with 100,000 stored
// transactions: the time from navigation to the chart's first painted bars, and from the end of a brush to
// the filtered table on screen. Run after `npm run build`: npx tsx bench/chart.bench.ts
// The server, the browser and the seeding (an imported data file) are bench/browser.ts's.
import { pathToFileURL } from 'node:url'
import type { Page } from '@playwright/test'
import { localToday } from '../src/contract'
import { addDays } from '../src/test-data'
import { importAccount, openBrowserBench } from './browser'

const PORT = Number(process.env.BENCH_PORT ?? 4192)
/** What ten runs of the Generate dialog (10,000 each, seeds 1 to 10, over 365 days) make. */
const STORED = 100_000
const NAVIGATIONS = 5
const BRUSHES = 7

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN
const round = (ms: number) => Math.round(ms * 10) / 10

/** performance.now() when the chart's first bars are in the DOM and painted. */
function recordFirstBars() {
  const w = window as unknown as { firstBarsAt?: number }
  new MutationObserver((_, observer) => {
    if (document.querySelector('svg.chart rect.chart-booked')) {
      observer.disconnect()
      requestAnimationFrame(() => {
        w.firstBarsAt = performance.now()
      })
    }
  }).observe(document, { subtree: true, childList: true })
}

async function firstBars(page: Page, url: string): Promise<number> {
  await page.goto(url)
  await page.waitForFunction(
    () => (window as unknown as { firstBarsAt?: number }).firstBarsAt !== undefined,
    null,
    {
      timeout: 120_000,
    },
  )
  return page.evaluate(() => (window as unknown as { firstBarsAt: number }).firstBarsAt)
}

/**
 * A brush with the mouse over a fifth of the chart from `at` (0-1): ms from its pointerup to the table of
 * the new window painted (its rows changed, no longer busy). The page times it: a listener on the chart
 * starts the clock as the pointerup reaches it, before React's handler.
 */
async function brush(page: Page, at: number): Promise<number> {
  const chart = page.locator('svg.chart')
  const box = await chart.boundingBox()
  if (!box) throw new Error('no chart')
  await chart.evaluate((svg) => {
    const w = window as unknown as { brushMs?: number }
    delete w.brushMs
    const rows = () => document.querySelector('table.transactions tbody')?.textContent
    const before = rows()
    const params = location.search
    svg.addEventListener(
      'pointerup',
      () => {
        const t0 = performance.now()
        const observer = new MutationObserver(() => {
          const table = document.querySelector('table.transactions')
          if (location.search === params || !table || table.classList.contains('busy')) return
          if (rows() === before) return
          observer.disconnect()
          requestAnimationFrame(() => {
            w.brushMs = performance.now() - t0
          })
        })
        observer.observe(document.body, {
          subtree: true,
          childList: true,
          characterData: true,
          attributes: true,
        })
      },
      { once: true, capture: true },
    )
  })
  const y = box.y + box.height / 2
  await page.mouse.move(box.x + box.width * at, y)
  await page.mouse.down()
  await page.mouse.move(box.x + box.width * (at + 0.2), y, { steps: 5 })
  await page.mouse.up()
  await page.waitForFunction(() => (window as unknown as { brushMs?: number }).brushMs !== undefined, null, {
    timeout: 120_000,
  })
  return page.evaluate(() => (window as unknown as { brushMs: number }).brushMs)
}

export async function runChartBench(): Promise<Record<string, number>> {
  const bench = await openBrowserBench({
    port: PORT,
    viewport: { width: 1366, height: 900 },
    initScripts: [recordFirstBars],
  })
  try {
    const { page, origin } = bench
    const seeding = performance.now()
    const account = await importAccount(page, origin, STORED, 1)
    console.log(
      `seeded ${STORED.toLocaleString('en')} by import in ${Math.round(performance.now() - seeding)} ms`,
    )
    // The whole year the data spans, so the chart sums all 100,000 rows, not a default window of them.
    const today = localToday()
    const url = `${origin}/?account=${account}&status=both&from=${addDays(today, -364)}&to=${today}&offset=0&limit=50`
    const total = STORED.toLocaleString('en')

    const paints: number[] = []
    for (let i = 0; i < NAVIGATIONS; i++) {
      paints.push(await firstBars(page, url))
      console.log(`  navigation ${i + 1}: first bars at ${round(paints[i] ?? Number.NaN)} ms`)
    }
    await page.getByRole('img', { name: new RegExp(`: ${total} transactions`) }).waitFor({ timeout: 60_000 })

    const brushes: number[] = []
    for (let i = 0; i < BRUSHES; i++) {
      await page.goto(url)
      await page.locator('svg.chart rect.chart-booked').first().waitFor({ timeout: 120_000 })
      await page.locator('table.transactions:not(.busy) tbody tr').first().waitFor({ timeout: 120_000 })
      brushes.push(await brush(page, 0.1 + (i % 4) * 0.15))
      console.log(`  brush ${i + 1}: filtered table after ${round(brushes[i] ?? Number.NaN)} ms`)
    }
    const results = {
      chartFirstPaintMsMedian: round(median(paints)),
      chartFirstPaintMsMax: round(Math.max(...paints)),
      brushToTableMsMedian: round(median(brushes)),
      brushToTableMsMax: round(Math.max(...brushes)),
    }
    console.log(
      `chart's first bars after navigation, ${total} stored: median ${results.chartFirstPaintMsMedian} ms, max ${results.chartFirstPaintMsMax} ms over ${NAVIGATIONS} (target ≤ 1000 ms)`,
    )
    console.log(
      `filtered table after a brush: median ${results.brushToTableMsMedian} ms, max ${results.brushToTableMsMax} ms over ${BRUSHES} (target ≤ 200 ms)`,
    )
    return results
  } finally {
    await bench.close()
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runChartBench()
