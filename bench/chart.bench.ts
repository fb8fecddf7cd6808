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

/** A brush over a fifth of the chart at `at` (0-1); ms from its pointerup to the filtered table painted. */
function brush(page: Page, at: number): Promise<number> {
  return page.evaluate(
    (start) =>
      new Promise<number>((resolve) => {
        const svg = document.querySelector('svg.chart')
        if (!svg) throw new Error('no chart')
        const box = svg.getBoundingClientRect()
        const x = (f: number) => box.left + box.width * f
        const y = box.top + box.height / 2
        const fire = (type: string, f: number) =>
          svg.dispatchEvent(
            new PointerEvent(type, {
              bubbles: true,
              clientX: x(f),
              clientY: y,
              pointerId: 1,
              isPrimary: true,
            }),
          )
        const before = document.querySelector('.rows-text')?.textContent
        const params = location.search
        fire('pointerdown', start)
        fire('pointermove', start + 0.2)
        const observer = new MutationObserver(() => {
          const table = document.querySelector('table.transactions')
          if (location.search === params || !table || table.classList.contains('busy')) return
          if (document.querySelector('.rows-text')?.textContent === before) return
          observer.disconnect()
          requestAnimationFrame(() => resolve(performance.now() - t0))
        })
        observer.observe(document.body, {
          subtree: true,
          childList: true,
          characterData: true,
          attributes: true,
        })
        const t0 = performance.now()
        fire('pointerup', start + 0.2)
      }),
    at,
  )
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
      await page.locator('table.transactions:not(.busy) tbody tr').first().waitFor()
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
