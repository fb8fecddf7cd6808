// Console UI bench (issue 4): the production build's initial JavaScript (bench/initial-js.ts), and in
// headless Chromium the time from navigation to the first table rows with 10,000 stored transactions, and
// from a click on Next to the next page on screen. Run after `npm run build`: npx tsx bench/ui.bench.ts
// The server, the browser and the seeding are bench/browser.ts's, shared with the chart bench.
import { pathToFileURL } from 'node:url'
import type { Page } from '@playwright/test'
import { firstRows, importAccount, openBrowserBench, recordFirstRows } from './browser'
import { initialJsBudgetKb, measureInitialJs } from './initial-js'

const PORT = Number(process.env.BENCH_PORT ?? 4191)
const STORED = 10_000
const NAVIGATIONS = 7
const NEXT_CLICKS = 20

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN
const p95 = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))] ?? Number.NaN
const round = (ms: number) => Math.round(ms * 10) / 10

/** Click Next and wait until the next page's rows replaced the previous ones and were painted. */
function nextPage(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const rowsText = () => document.querySelector('.rows-text')?.textContent
        const before = rowsText()
        const next = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Next ›')
        if (!next) throw new Error('no Next button')
        const observer = new MutationObserver(() => {
          if (rowsText() === before || document.querySelector('table.transactions.busy')) return
          observer.disconnect()
          requestAnimationFrame(() => resolve(performance.now() - start))
        })
        observer.observe(document.body, {
          subtree: true,
          childList: true,
          characterData: true,
          attributes: true,
        })
        const start = performance.now()
        next.click()
      }),
  )
}

export async function runUiBench(): Promise<Record<string, number>> {
  const bench = await openBrowserBench({ port: PORT, initScripts: [recordFirstRows] })
  try {
    const { page, origin } = bench
    // The 10,000 the Generate dialog makes with seed 4 over 365 days, imported in one go.
    const account = await importAccount(page, origin, STORED, 4)
    const url = `${origin}/?account=${account}&status=booked&offset=0&limit=50`

    // Its own navigation, before the timed ones: the same measure as the budget `npm test` checks.
    const initialJs = await measureInitialJs(page, url)
    const initialJsGzipKb = initialJs.gzipKb
    const navigations: number[] = []
    for (let i = 0; i < NAVIGATIONS; i++) navigations.push(await firstRows(page, url))
    const rows = await page.locator('table.transactions tbody tr').count()
    if (rows !== 50) throw new Error(`expected 50 rows on the first page, saw ${rows}`)

    const clicks: number[] = []
    for (let i = 0; i < NEXT_CLICKS; i++) clicks.push(await nextPage(page))
    const text = await page.locator('.rows-text').textContent()
    if (
      text !==
      `Rows ${(NEXT_CLICKS * 50 + 1).toLocaleString('en')}–${((NEXT_CLICKS + 1) * 50).toLocaleString('en')} of ${((NEXT_CLICKS + 1) * 50 + 1).toLocaleString('en')} or more`
    ) {
      throw new Error(`unexpected page after ${NEXT_CLICKS} clicks: ${text}`)
    }

    const results = {
      initialJsGzipKb,
      firstRowsMsFirst: round(navigations[0] ?? Number.NaN),
      firstRowsMsMedian: round(median(navigations)),
      firstRowsMsMax: round(Math.max(...navigations)),
      nextPageMsMedian: round(median(clicks)),
      nextPageMsP95: round(p95(clicks)),
    }
    console.log(
      `initial JS (gzip): ${initialJsGzipKb} kB until the first rows, in ${initialJs.files.join(', ')}; budget ${initialJsBudgetKb()} kB (bench/initial-js-budget.json)`,
    )
    console.log(
      `first rows after navigation, ${STORED.toLocaleString('en')} stored: first ${results.firstRowsMsFirst} ms, median ${results.firstRowsMsMedian} ms, max ${results.firstRowsMsMax} ms over ${NAVIGATIONS} (target ≤ 1500 ms)`,
    )
    console.log(
      `next page after clicking Next: median ${results.nextPageMsMedian} ms, p95 ${results.nextPageMsP95} ms over ${NEXT_CLICKS} (target ≤ 100 ms)`,
    )
    return results
  } finally {
    await bench.close()
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runUiBench()
