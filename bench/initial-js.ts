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
 * runtime loads to answer requests (src/sandbox/**, src/sandbox-http/** with the signature verifier, and
 * what only they import, as msw). Proxy mode never fetches them. vite.config.ts's chunkRoles plugin decides
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
}

/**
 * Navigates `page` to `url` (one naming an account with stored transactions) and measures the scripts
 * requested until the table's first row is visible.
 */
export async function measureInitialJs(page: Page, url: string): Promise<InitialJs> {
  const sandboxPaths = sandboxChunks()
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
  const files: string[] = []
  const sandbox: string[] = []
  let bytes = 0
  for (const [path, request] of scripts) {
    if (sandboxPaths.has(path)) {
      sandbox.push(path)
      continue
    }
    files.push(path)
    const response = await request.response()
    if (response === null) throw new Error(`no answer to ${path}`)
    bytes += gzipSync(await response.body()).length
  }
  return { gzipKb: Math.round(bytes / 100) / 10, files, sandbox }
}

/** The committed budget: the most initial JavaScript, gzip kB, `npm test` accepts (lowered as code shrinks). */
export function initialJsBudgetKb(): number {
  const { gzipKb } = JSON.parse(readFileSync(new URL('./initial-js-budget.json', import.meta.url), 'utf8'))
  if (typeof gzipKb !== 'number') throw new Error('bench/initial-js-budget.json names no gzipKb')
  return gzipKb
}
