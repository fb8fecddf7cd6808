// Offline at scale (issue 12): in headless Chromium, for the console as it is and as it was before this
// work (its commit built from a git worktree beside this one), the time to generate 100,000 transactions
// through the Generate dialog, the first table rows after navigation with them stored in one account, and
// loading a saved scenario of that size. Run after `npm run build`: npx tsx bench/scale.bench.ts
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { chromium, type Page } from '@playwright/test'
import { preview } from 'vite'
import { firstRows, recordFirstRows } from './browser'

/** The commit the work started from: the console as testers had it. */
export const BASELINE_COMMIT = '507446c'
const BASELINE_DIR = resolve(process.env.SCALE_BEFORE_DIR ?? join('..', 'wt-scale-before'))
const PORT = Number(process.env.BENCH_PORT ?? 4195)
const STORED = 100_000
const NAVIGATIONS = 5
const SCENARIO = 'Scale bench'
/** Generous: the baseline on a busy machine needs minutes for 100,000. */
const LONG = 900_000

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN
const seconds = (ms: number) => Math.round(ms / 100) / 10

/**
 * The baseline's production build: its worktree is made at BASELINE_COMMIT when missing, with this
 * checkout's node_modules hard-linked (no copy, no install), and built once.
 */
export function baselineBuild(dir = BASELINE_DIR): string {
  if (!existsSync(join(dir, '.git'))) {
    execFileSync('git', ['worktree', 'add', '--detach', dir, BASELINE_COMMIT], { stdio: 'inherit' })
  }
  if (!existsSync(join(dir, 'node_modules'))) {
    execFileSync('cp', ['-al', resolve('node_modules'), join(dir, 'node_modules')])
  }
  if (!existsSync(join(dir, 'dist', 'index.html'))) {
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: dir, stdio: 'inherit' })
  }
  return dir
}

async function newAccount(page: Page): Promise<string> {
  // The empty sandbox's "+ New card account" stands in for the sidebar's "+ New". The baseline build shows
  // both at once on some first loads (9 of 25 in one try), so either will do.
  await page
    .getByRole('button', { name: /^\+ New( card account)?$/ })
    .first()
    .click()
  const account = page.getByRole('dialog', { name: 'New card account' })
  await account.getByLabel('Masked PAN').fill('525412******3241')
  await account.getByLabel('Currency', { exact: true }).fill('NOK')
  await account.getByLabel('Customer number (PSU id)').fill('13039319955')
  await account.getByRole('button', { name: 'Create account' }).click()
  await account.waitFor({ state: 'hidden' })
  const id = new URL(page.url()).searchParams.get('account')
  if (!id) throw new Error(`no account in the URL ${page.url()}`)
  return id
}

/**
 * STORED transactions through the Generate dialog, in as few runs as its maximum allows (the count field's
 * `max`); the time is the sum of each run's click on Generate to its "Done".
 */
async function generate(page: Page): Promise<{ ms: number; runs: number }> {
  let ms = 0
  let runs = 0
  for (let made = 0; made < STORED; runs++) {
    // The account's header offers Generate… (an empty account's empty state offers it too: the first).
    await page.getByRole('main').getByRole('button', { name: 'Generate…' }).first().click()
    const dialog = page.getByRole('dialog', { name: 'Generate transactions' })
    const most = Number(await dialog.getByLabel('Number of transactions').getAttribute('max'))
    const count = Math.min(most, STORED - made)
    const label = count.toLocaleString('en')
    await dialog.getByLabel('Number of transactions').fill(String(count))
    await dialog.getByLabel('Over the last … days').fill('365')
    await dialog.getByLabel('Seed').fill(String(4 + runs))
    const start = Date.now()
    await dialog.getByRole('button', { name: `Generate ${label}` }).click()
    await dialog.getByText(`Done: ${label} of ${label} transactions created.`).waitFor({ timeout: LONG })
    ms += Date.now() - start
    made += count
    await dialog.getByRole('button', { name: 'Close' }).first().click()
    await dialog.waitFor({ state: 'hidden' })
  }
  return { ms, runs }
}

async function firstFullPage(page: Page, url: string): Promise<number> {
  const ms = await firstRows(page, url, LONG)
  const rows = await page.locator('table.transactions tbody tr').count()
  if (rows !== 50) throw new Error(`expected 50 rows on the first page, saw ${rows}`)
  return ms
}

/** Saves the state as a scenario, then loads it: the time is from the click on "Replace and load" to "Loaded". */
async function scenarioLoad(page: Page): Promise<number> {
  const open = async () => {
    await page.getByRole('complementary').getByRole('button', { name: 'Scenarios…' }).click()
    return page.getByRole('dialog', { name: 'Scenarios' })
  }
  let dialog = await open()
  await dialog.getByLabel('Save the current state as').fill(SCENARIO)
  await dialog.getByRole('button', { name: 'Save', exact: true }).click()
  await page.getByRole('status').getByText(`Saved scenario ${SCENARIO}`).waitFor({ timeout: LONG })
  await dialog.getByRole('button', { name: 'Close' }).first().click()
  dialog = await open()
  await dialog.getByRole('button', { name: `Load ${SCENARIO}`, exact: true }).click()
  const confirm = dialog
    .getByRole('region', { name: `Load ${SCENARIO}?` })
    .getByRole('button', { name: 'Replace and load' })
  await confirm.waitFor({ timeout: LONG })
  const start = Date.now()
  await confirm.click()
  await page.getByRole('status').getByText(`Loaded scenario ${SCENARIO}`).waitFor({ timeout: LONG })
  return Date.now() - start
}

export interface ScaleFigures {
  generateMs: number
  generateRuns: number
  firstRowsMsMedian: number
  firstRowsMsMax: number
  scenarioLoadMs: number
}

/** The three measures on the build in `dir`, served on `port`, in a browser profile of its own. */
async function measure(dir: string, port: number): Promise<ScaleFigures> {
  const server = await preview({
    root: dir,
    logLevel: 'silent',
    preview: { host: '127.0.0.1', port, strictPort: true },
  })
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' })
  try {
    const page = await browser.newPage()
    // tsx keeps function names with an `__name` helper that functions sent to the page do not carry.
    await page.addInitScript('window.__name = (fn) => fn')
    await page.addInitScript(recordFirstRows)
    const origin = `http://127.0.0.1:${port}`
    await page.goto(origin)
    await page.getByRole('heading', { name: 'Card accounts', exact: true }).waitFor()
    const account = await newAccount(page)
    const generated = await generate(page)

    const url = `${origin}/?account=${account}&status=booked&offset=0&limit=50`
    const navigations: number[] = []
    for (let i = 0; i < NAVIGATIONS; i++) navigations.push(await firstFullPage(page, url))

    const scenarioLoadMs = await scenarioLoad(page)
    return {
      generateMs: generated.ms,
      generateRuns: generated.runs,
      firstRowsMsMedian: Math.round(median(navigations)),
      firstRowsMsMax: Math.round(Math.max(...navigations)),
      scenarioLoadMs,
    }
  } finally {
    await browser.close()
    await new Promise<void>((resolve) => server.httpServer.close(() => resolve()))
  }
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')

export async function runScaleBench(): Promise<{ before: ScaleFigures; after: ScaleFigures }> {
  const baseline = baselineBuild()
  console.log(`load average at start: ${load()}`)
  const before = await measure(baseline, PORT)
  const after = await measure(resolve('.'), PORT + 1)
  console.log(`load average at end: ${load()}`)
  const row = (measure: string, b: string, a: string, target: string) =>
    console.log(`| ${measure} | ${b} | ${a} | ${target} |`)
  console.log(
    `\n| measure, ${STORED.toLocaleString('en')} transactions in one account | before (${BASELINE_COMMIT}) | after | target |`,
  )
  console.log('| --- | --- | --- | --- |')
  row(
    'Generate, click to Done (runs of the dialog)',
    `${seconds(before.generateMs)} s (${before.generateRuns})`,
    `${seconds(after.generateMs)} s (${after.generateRuns})`,
    '≤ 10 s',
  )
  row(
    `navigation to first rows, median (max) of ${NAVIGATIONS}`,
    `${before.firstRowsMsMedian} ms (${before.firstRowsMsMax})`,
    `${after.firstRowsMsMedian} ms (${after.firstRowsMsMax})`,
    '≤ 1 s',
  )
  row(
    'load a saved scenario, click to Loaded',
    `${seconds(before.scenarioLoadMs)} s`,
    `${seconds(after.scenarioLoadMs)} s`,
    '≤ 2 s',
  )
  return { before, after }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runScaleBench()
