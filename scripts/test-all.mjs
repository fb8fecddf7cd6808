// Every check a change must pass, in one command: lint, types, unit and integration tests, the
// production build, and the end-to-end suite in Chromium. Each runner ends with a plain
// "N passed, N failed" line so a run that executed nothing is visible.
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync } from 'node:fs'

mkdirSync('reports', { recursive: true })
const failures = []

function step(name, command, args, env = {}) {
  console.log(`\n▶ ${name}`)
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  if (result.status !== 0) failures.push(name)
  return result.status === 0
}

const summaries = []
step('lint (biome)', 'npx', ['biome', 'check', '.'])
step('typecheck (tsc -b)', 'npx', ['tsc', '-b'])
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
if (step('production build', 'npm', ['run', 'build'])) {
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
