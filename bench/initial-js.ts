// The console's initial JavaScript, measured one way for the UI bench (bench/ui.bench.ts) and for the
// budget `npm test` checks (e2e/initial-js.offline.spec.ts, bench/initial-js-budget.json): every script
// the page requests from navigation until the first rows of the account in its URL are on screen, gzipped
// as the build wrote it. Counting what the page fetched, not what index.html names, means moving code into
// a chunk that loads right after start saves nothing here, as it saves the user nothing.
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import type { Page } from '@playwright/test'

/**
 * The build's scripts that are the in-browser sandbox of offline mode, not the console: the code the offline
 * runtime loads to answer requests (src/sandbox/**, src/sandbox-http/** and what only they import, as msw;
 * and the signature verifier's chunk, which issue 20 names the sandbox's though Explain shares it). Proxy mode never fetches them. vite.config.ts's chunkRoles plugin decides
 * this from the build's module graph and writes it beside the build, so a chunk's name or a change in how
 * Rolldown splits shared code cannot move code out of the count. Any other script counts, including those
 * outside the build's graph (public/zod-jitless.js). The service workers' own scripts are fetched by the
 * browser, not the page, so they are never among the page's requests.
 */
function sandboxChunks(): Set<string> {
  const file = new URL('../dist/.vite/chunk-roles.json', import.meta.url)
  let roles: Record<string, string>
  try {
    roles = JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    throw new Error(`no chunk roles in ${file.pathname}: build the console first (npx vite build)`, {
      cause: error,
    })
  }
  return new Set(
    Object.entries(roles)
      .filter(([, role]) => role === 'sandbox')
      .map(([fileName]) => `/${fileName}`),
  )
}

export interface InitialJs {
  /** Gzip size in kB (1,000 bytes), to 0.1 kB. */
  gzipKb: number
  /** Path of every script counted, in the order the page fetched them. */
  files: string[]
  /** Path of every script fetched but not counted (the in-browser sandbox). */
  sandbox: string[]
  /** Path of every script the page asked for only after the first rows were on screen (not counted). */
  afterRows: string[]
}

/** Where the page notes, by its own clock, the frame that first showed a row of the table. */
const FIRST_ROWS_AT = '__initialJsFirstRowsAt'

/**
 * Navigates `page` to `url` (one naming an account with stored transactions) and measures the scripts
 * requested until the table's first row is visible.
 */
export async function measureInitialJs(page: Page, url: string): Promise<InitialJs> {
  const sandboxPaths = sandboxChunks()
  // Playwright notices the rows by polling, up to half a second after they showed; a script asked for in
  // that gap came after the rows (the chart's bars load on idle after them). So the page itself notes the
  // frame that first shows a row, and each script's request start on the same clock decides.
  await page.addInitScript((key) => {
    const look = () => {
      const row = document.querySelector('table.transactions tbody tr')
      if (row?.checkVisibility()) Object.assign(window, { [key]: performance.now() })
      else requestAnimationFrame(look)
    }
    requestAnimationFrame(look)
  }, FIRST_ROWS_AT)
  // Requests, not responses: a script the page asked for before the rows showed counts even when its
  // answer arrives a moment later, so a race between the two does not change the figure.
  const scripts = new Map<string, import('@playwright/test').Request>()
  const onRequest = (request: import('@playwright/test').Request) => {
    const path = new URL(request.url()).pathname
    if ((request.resourceType() === 'script' || path.endsWith('.js')) && !scripts.has(path)) {
      scripts.set(path, request)
    }
  }
  page.on('request', onRequest)
  try {
    await page.goto(url)
    await page.locator('table.transactions tbody tr').first().waitFor({ state: 'visible', timeout: 60_000 })
  } finally {
    page.off('request', onRequest)
  }
  const [firstRowsAt, requestedAt] = await firstRowsAndRequests(page, [...scripts.values()])
  const files: string[] = []
  const sandbox: string[] = []
  const afterRows: string[] = []
  let bytes = 0
  for (const [path, request] of scripts) {
    if (sandboxPaths.has(path)) {
      sandbox.push(path)
      continue
    }
    // A script the page's resource timing does not list counts: only a start seen after the rows excludes.
    if ((requestedAt.get(path) ?? Number.NEGATIVE_INFINITY) > firstRowsAt) {
      afterRows.push(path)
      continue
    }
    files.push(path)
    const response = await request.response()
    if (response === null) throw new Error(`no answer to ${path}`)
    bytes += gzipSync(await response.body()).length
  }
  return { gzipKb: Math.round(bytes / 100) / 10, files, sandbox, afterRows }
}

/**
 * The page's time of the frame that first showed a row, and when it asked for each script, on its clock.
 * A request's timing entry is written when its answer ends, so each script is awaited to its end first.
 */
async function firstRowsAndRequests(
  page: Page,
  scripts: import('@playwright/test').Request[],
): Promise<[number, Map<string, number>]> {
  for (const request of scripts) await (await request.response())?.finished()
  await page.waitForFunction(
    (urls) => urls.every((url) => performance.getEntriesByName(url).length > 0),
    scripts.map((request) => request.url()),
  )
  const [firstRowsAt, starts] = await page.evaluate(
    (key) =>
      [
        (window as unknown as Record<string, number | undefined>)[key],
        performance
          .getEntriesByType('resource')
          .map((entry) => [new URL(entry.name).pathname, entry.startTime] as [string, number]),
      ] as const,
    FIRST_ROWS_AT,
  )
  if (firstRowsAt === undefined) throw new Error('the page noted no frame with the first rows')
  // The first request of a path is the one that counted.
  const requestedAt = new Map<string, number>()
  for (const [path, start] of starts) if (!requestedAt.has(path)) requestedAt.set(path, start)
  return [firstRowsAt, requestedAt]
}

/** The committed budget: the most initial JavaScript, gzip kB, `npm test` accepts (lowered as code shrinks). */
export function initialJsBudgetKb(): number {
  const { gzipKb } = JSON.parse(readFileSync(new URL('./initial-js-budget.json', import.meta.url), 'utf8'))
  if (typeof gzipKb !== 'number') throw new Error('bench/initial-js-budget.json names no gzipKb')
  return gzipKb
}
