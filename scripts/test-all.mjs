// Every check a change must pass, in one command: lint, types, unit and integration tests, the
// production build, and the end-to-end suite in Chromium. Each runner ends with a plain
// "N passed, N failed" line so a run that executed nothing is visible.
import { spawn, spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync } from 'node:fs'

mkdirSync('reports', { recursive: true })
const failures = []

function step(name, command, args, env = {}) {
  console.log(`\n▶ ${name}`)
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  if (result.status !== 0) failures.push(name)
  return result.status === 0
}

/**
 * Runs steps at the same time, each given as [name, command, args]; a step's output is printed whole
 * once it ends, as the sequential steps' is, rather than interleaved line by line. Resolves with whether
 * each passed.
 */
function stepsTogether(steps) {
  return Promise.all(
    steps.map(
      ([name, command, args]) =>
        new Promise((resolve) => {
          const output = []
          const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] })
          child.stdout.on('data', (chunk) => output.push(chunk))
          child.stderr.on('data', (chunk) => output.push(chunk))
          child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)))
          child.on('close', (code) => {
            console.log(`\n▶ ${name}`)
            process.stdout.write(Buffer.concat(output))
            if (code !== 0) failures.push(name)
            resolve(code === 0)
          })
        }),
    ),
  )
}

const summaries = []
// Neither the linter nor the type checker keeps both cores busy, and neither reads the other's output or
// the build's, so the three run side by side. The build is Vite's alone: `npm run build` would run
// `tsc -b` a second time, which takes as long as the first (about 10 CPU s). It comes before the tests,
// as some integration tests start `server/main.ts`, which serves dist/.
const [, , built] = await stepsTogether([
  ['lint (biome)', 'npx', ['biome', 'check', '.']],
  ['typecheck (tsc -b)', 'npx', ['tsc', '-b']],
  ['production build (vite build)', 'npx', ['vite', 'build']],
])
step('unit and integration tests (vitest)', 'npx', [
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
if (built) {
  step('end-to-end tests (playwright)', 'npx', ['playwright', 'test', '--reporter=list,json'], {
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
