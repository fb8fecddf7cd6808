import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../../', import.meta.url))

/**
 * Runs `script` (an ES module, paths from the repository root, TypeScript through tsx) in a child process
 * and returns what it printed as JSON. A busy loop cannot be interrupted in the test's own thread, so the
 * bound is enforced by killing the child: a failure bound for a loaded machine, not a timing target.
 */
export function runBounded(script: string, boundMs = 60_000): unknown {
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: root,
    timeout: boundMs,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  if (run.error || run.signal) throw new Error(`did not finish within ${boundMs / 1000} s`)
  if (run.status !== 0) throw new Error(run.stderr)
  return JSON.parse(run.stdout)
}
