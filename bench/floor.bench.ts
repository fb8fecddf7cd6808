// The libraries' floor under the initial JavaScript (issue 20): bench/floor/ is the least page that shows a
// transactions page's rows with the stack the product's owner named. Built as the console is built and
// gzipped as bench/initial-js.ts counts, it says how much of the console's figure no cut of the console's
// own code can remove, and so how much room a target leaves for everything else on the first screen.
// Run: npx tsx bench/floor.bench.ts
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { build } from 'vite'
import { initialJsBudgetKb } from './initial-js'

/** Issue 20's target for the console's initial JavaScript, in kB gzip. */
const TARGET_KB = 130

const kb = (bytes: number) => Math.round(bytes / 100) / 10

export async function runFloorBench(): Promise<void> {
  const outDir = mkdtempSync(join(tmpdir(), 'floor-'))
  try {
    await build({
      root: fileURLToPath(new URL('./floor/', import.meta.url)),
      configFile: false,
      logLevel: 'warn',
      plugins: [react()],
      build: { outDir, emptyOutDir: true },
    })
    const scripts = readdirSync(join(outDir, 'assets')).filter((name) => name.endsWith('.js'))
    const gzipped = scripts.reduce(
      (sum, name) => sum + gzipSync(readFileSync(join(outDir, 'assets', name))).length,
      0,
    )
    const floor = kb(gzipped)
    const budget = initialJsBudgetKb()
    console.log(
      `libraries' floor (react, react-dom, Query, Table, zod/mini, lossless-json): ${floor} kB gzip`,
    )
    console.log(
      `console's initial JS budget: ${budget} kB, of which its own code and chunking ${kb((budget - floor) * 1000)} kB`,
    )
    console.log(
      `issue 20's target: ${TARGET_KB} kB, leaving ${kb((TARGET_KB - floor) * 1000)} kB for the console's own code`,
    )
  } finally {
    rmSync(outDir, { recursive: true, force: true })
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runFloorBench()
