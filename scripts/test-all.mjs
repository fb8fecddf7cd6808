// Every check a change must pass, in one command: lint, types, unit and integration tests, the
// production build, and the end-to-end suite in Chromium. Each runner ends with a plain
// "N passed, N failed" line so a run that executed nothing is visible.
import { spawn } from 'node:child_process'
import { mkdirSync, readFileSync } from 'node:fs'

mkdirSync('reports', { recursive: true })
const failures = []

/** Runs one step with its output streamed as it comes; resolves with whether it passed. */
function step(name, command, args, env = {}) {
  console.log(`\n▶ ${name}`)
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
    child.on('error', (error) => console.log(error.message))
    child.on('close', (code) => {
      if (code !== 0) failures.push(name)
      resolve(code === 0)
    })
  })
}

/**
 * Starts steps that run beside the others, each given as [name, command, args], with their output kept.
 * Returns the function that waits for them and then prints each step's output whole, so that it does not
 * interleave with the output of a step streamed meanwhile; it resolves with whether each passed.
 */
function stepsBeside(steps) {
  const ends = steps.map(
    ([name, command, args]) =>
      new Promise((resolve) => {
        const output = []
        const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] })
        child.stdout.on('data', (chunk) => output.push(chunk))
        child.stderr.on('data', (chunk) => output.push(chunk))
        child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)))
        child.on('close', (code) => resolve({ name, passed: code === 0, output: Buffer.concat(output) }))
      }),
  )
  return async () => {
    const results = await Promise.all(ends)
    for (const { name, passed, output } of results) {
      console.log(`\n▶ ${name}`)
      process.stdout.write(output)
      if (!passed) failures.push(name)
    }
    return results.map(({ passed }) => passed)
  }
}

const summaries = []
// The linter and the type checker read only the sources, and neither keeps both cores busy: on a fresh clone
// the type checker takes some 15 s on one core. So they run beside the build and then beside the unit and
// integration tests, which need the build (some start `server/main.ts`, which serves dist/); their output
// is printed after the tests'. The build is Vite's alone: `npm run build` would run `tsc -b` a second
// time, which takes as long as the first.
const checksEnded = stepsBeside([
  ['lint (biome)', 'npx', ['biome', 'check', '.']],
  ['typecheck (tsc -b)', 'npx', ['tsc', '-b']],
])
const built = await step('production build (vite build)', 'npx', ['vite', 'build'])
await step('unit and integration tests (vitest)', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=reports/vitest.json',
])
try {
  const r = JSON.parse(readFileSync('reports/vitest.json', 'utf8'))
  summaries.push(`vitest: ${r.numPassedTests} passed, ${r.numFailedTests} failed`)
} catch {
  summaries.push('vitest: 0 passed, 1 failed')
}
await checksEnded()
if (built) {
  await step('end-to-end tests (playwright)', 'npx', ['playwright', 'test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: 'reports/playwright.json',
  })
  try {
    const s = JSON.parse(readFileSync('reports/playwright.json', 'utf8')).stats
    summaries.push(`playwright: ${s.expected + s.flaky} passed, ${s.unexpected} failed, ${s.skipped} skipped`)
  } catch {
    summaries.push('playwright: 0 passed, 1 failed')
  }
}

console.log('')
for (const line of summaries) console.log(line)
if (failures.length > 0) {
  console.log(`failed steps: ${failures.join(', ')}`)
  process.exit(1)
}
