// Chart bench (issue 13): in headless Chromium on the production build, offline, with 100,000 stored
// transactions: the time from navigation to the chart's first painted bars, and from the end of a brush to
// the filtered table on screen. Run after `npm run build`: npx tsx bench/chart.bench.ts
import { pathToFileURL } from 'node:url'
import { chromium, type Page } from '@playwright/test'
import { preview } from 'vite'

const PORT = Number(process.env.BENCH_PORT ?? 4192)
const ORIGIN = `http://127.0.0.1:${PORT}`
/** The Generate dialog makes at most 10,000 a run: ten runs with ten seeds. */
const RUNS = 10
const PER_RUN = 10_000
const NAVIGATIONS = 5
const BRUSHES = 7

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN
const round = (ms: number) => Math.round(ms * 10) / 10

async function seed(page: Page): Promise<string> {
  await page.getByRole('button', { name: '+ New', exact: true }).click()
  const account = page.getByRole('dialog', { name: 'New card account' })
  await account.getByLabel('Masked PAN').fill('525412******3241')
  await account.getByLabel('Currency', { exact: true }).fill('NOK')
  await account.getByLabel('Customer number (PSU id)').fill('13039319955')
  await account.getByRole('button', { name: 'Create account' }).click()
  await account.waitFor({ state: 'hidden' })
  for (let run = 1; run <= RUNS; run++) {
    await page.getByRole('main').getByRole('button', { name: 'Generate…' }).first().click()
    const generate = page.getByRole('dialog', { name: 'Generate transactions' })
    await generate.getByLabel('Number of transactions').fill(String(PER_RUN))
    await generate.getByLabel('Over the last … days').fill('365')
    await generate.getByLabel('Seed').fill(String(run))
    await generate.getByRole('button', { name: `Generate ${PER_RUN.toLocaleString('en')}` }).click()
    const done = `Done: ${PER_RUN.toLocaleString('en')} of ${PER_RUN.toLocaleString('en')} transactions created.`
    await generate.getByText(done).waitFor({ timeout: 300_000 })
    await page.keyboard.press('Escape')
    await generate.waitFor({ state: 'hidden' })
  }
  const id = new URL(page.url()).searchParams.get('account')
  if (!id) throw new Error(`no account in the URL ${page.url()}`)
  return id
}

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
  const server = await preview({
    logLevel: 'silent',
    preview: { host: '127.0.0.1', port: PORT, strictPort: true },
  })
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' })
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } })
    await page.addInitScript('window.__name = (fn) => fn')
    await page.addInitScript(recordFirstBars)
    await page.goto(ORIGIN)
    await page.getByRole('heading', { name: 'Card accounts', exact: true }).waitFor()
    const account = await seed(page)
    const url = `${ORIGIN}/?account=${account}&status=both&offset=0&limit=50`
    const total = (RUNS * PER_RUN).toLocaleString('en')

    const paints: number[] = []
    for (let i = 0; i < NAVIGATIONS; i++) paints.push(await firstBars(page, url))
    await page.getByRole('img', { name: new RegExp(`: ${total} transactions`) }).waitFor()

    const brushes: number[] = []
    for (let i = 0; i < BRUSHES; i++) {
      await page.goto(url)
      await page.locator('svg.chart rect.chart-booked').first().waitFor({ timeout: 120_000 })
      await page.locator('table.transactions:not(.busy) tbody tr').first().waitFor()
      brushes.push(await brush(page, 0.1 + (i % 4) * 0.15))
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
    await browser.close()
    await new Promise<void>((resolve) => server.httpServer.close(() => resolve()))
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runChartBench()
