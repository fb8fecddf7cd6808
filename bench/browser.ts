// What the browser benches share: the production build served by `vite preview`, Debian's Chromium, and one
// card account of generated transactions put into the offline sandbox through Data tools' Import JSON…,
// from a data file the console's own engine writes (as Export JSON would). Seeding 100,000 rows through
// the Generate dialog would sign, send and verify 200 requests first; an import stores them in one go.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Browser, chromium, type Page } from '@playwright/test'
import { type PreviewServer, preview } from 'vite'
import { type KnownFix, localToday } from '../src/contract'
import { createMemoryStore, createSandbox } from '../src/sandbox'
import { generateTransactions } from '../src/test-data'

/** The Generate dialog's largest run, and the batch the data file is built in. */
const BATCH = 10_000

export interface BrowserBench {
  origin: string
  page: Page
  close(): Promise<void>
}

/**
 * `dist/` on `port` and a fresh Chromium page (run `npm run build` first). Each init script runs in every
 * document the page opens, before the console's own code.
 */
export async function openBrowserBench({
  port,
  viewport,
  initScripts = [],
}: {
  port: number
  viewport?: { width: number; height: number }
  initScripts?: Array<() => void>
}): Promise<BrowserBench> {
  const server: PreviewServer = await preview({
    logLevel: 'silent',
    preview: { host: '127.0.0.1', port, strictPort: true },
  })
  let browser: Browser | undefined
  try {
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' })
    const page = await browser.newPage(viewport ? { viewport } : {})
    // tsx keeps function names with an `__name` helper that functions sent to the page do not carry.
    await page.addInitScript('window.__name = (fn) => fn')
    for (const script of initScripts) await page.addInitScript(script)
    const opened = browser
    return {
      origin: `http://127.0.0.1:${port}`,
      page,
      close: async () => {
        await opened.close()
        await new Promise<void>((resolve) => server.httpServer.close(() => resolve()))
      },
    }
  } catch (error) {
    await browser?.close()
    server.httpServer.close()
    throw error
  }
}

/**
 * One NOK card account holding `count` transactions over the last 365 days, made in batches of 10,000 with
 * seeds `firstSeed`, `firstSeed + 1`, …: what as many runs of the Generate dialog with those seeds make.
 */
export async function writeDataFile(
  count: number,
  firstSeed: number,
): Promise<{ file: string; dir: string }> {
  const today = localToday()
  const sandbox = createSandbox({ store: createMemoryStore(), today: () => today })
  const noFixes = { fixes: new Set<KnownFix>() }
  const account = await sandbox.createCardAccount(
    { maskedPan: '525412******3241', currency: 'NOK', customerNumber: '13039319955' },
    noFixes,
  )
  if (!account.ok) throw new Error(`bench account refused: ${JSON.stringify(account.problem)}`)
  for (let done = 0, seed = firstSeed; done < count; done += BATCH, seed++) {
    const bodies = generateTransactions({
      count: Math.min(BATCH, count - done),
      days: 365,
      seed,
      today,
      currency: 'NOK',
    })
    const added = await sandbox.addTransactions(account.value.resourceId, bodies)
    if (!added.ok) throw new Error(`bench transactions refused: ${JSON.stringify(added.problem)}`)
  }
  const dir = mkdtempSync(join(tmpdir(), 'browser-bench-'))
  const file = join(dir, 'sandbox-data.json')
  writeFileSync(file, JSON.stringify(await sandbox.exportSnapshot()))
  return { file, dir }
}

/**
 * Imports a data file into the empty offline sandbox of a console open at `origin`, as a tester does
 * (Data tools, Import JSON…), and returns the imported account's id, which the console then shows.
 */
export async function importAccount(
  page: Page,
  origin: string,
  count: number,
  firstSeed: number,
): Promise<string> {
  const { file, dir } = await writeDataFile(count, firstSeed)
  try {
    await page.goto(origin)
    await page.getByRole('heading', { name: 'Card accounts', exact: true }).waitFor()
    await page.getByLabel('Import JSON file').setInputFiles(file)
    const done = `Imported 1 card account and ${count.toLocaleString('en')} transactions`
    await page.getByRole('region', { name: 'Data' }).getByText(done).waitFor({ timeout: 300_000 })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  const id = new URL(page.url()).searchParams.get('account')
  if (!id) throw new Error(`no account in the URL ${page.url()}`)
  return id
}

/** performance.now() (ms since navigation start) when the first transaction row is in the DOM and painted. */
export function recordFirstRows() {
  const w = window as unknown as { firstRowsAt?: number }
  new MutationObserver((_, observer) => {
    if (document.querySelector('table.transactions tbody tr')) {
      observer.disconnect()
      requestAnimationFrame(() => {
        w.firstRowsAt = performance.now()
      })
    }
  }).observe(document, { subtree: true, childList: true })
}

/** Navigates to `url` and returns when its first rows were painted (an init script must run recordFirstRows). */
export async function firstRows(page: Page, url: string, timeout = 0): Promise<number> {
  await page.goto(url)
  await page.waitForFunction(
    () => (window as unknown as { firstRowsAt?: number }).firstRowsAt !== undefined,
    null,
    { timeout },
  )
  return page.evaluate(() => (window as unknown as { firstRowsAt: number }).firstRowsAt)
}
