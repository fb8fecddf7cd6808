// `npm run bench`: every benchmark of the project in one run, each printing its own figures.
// The UI bench drives the production build, so it is built first.
import { execFileSync } from 'node:child_process'

const suites: Array<[string, () => Promise<unknown>]> = [
  ['engine', async () => (await import('./engine.bench')).runEngineBench()],
  ['local sandbox persistence', async () => (await import('./persistence.bench')).runPersistenceBench()],
  ['signing proxy', async () => (await import('./proxy.bench')).runProxyBench()],
  [
    'console UI',
    async () => {
      execFileSync('npm', ['run', 'build'], { stdio: 'inherit' })
      return (await import('./ui.bench')).runUiBench()
    },
  ],
  ['initial JS floor', async () => (await import('./floor.bench')).runFloorBench()],
  // After the console UI suite, whose build it uses.
  ['chart', async () => (await import('./chart.bench')).runChartBench()],
  // After the console UI suite too; it builds the baseline commit in a worktree of its own.
  ['offline at scale', async () => (await import('./scale.bench')).runScaleBench()],
]

const only = process.argv.slice(2)
for (const [name, run] of suites) {
  if (only.length > 0 && !only.some((wanted) => name.includes(wanted))) continue
  console.log(`\n=== ${name} ===`)
  await run()
}
