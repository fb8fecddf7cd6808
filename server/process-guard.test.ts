import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

it('keeps the process running after an uncaught error and an unhandled rejection, and logs both', () => {
  const script = fileURLToPath(new URL('./test-support/guarded-process.ts', import.meta.url))
  const run = spawnSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8' })
  expect(run.status).toBe(0)
  const lines = run.stdout.split('\n')
  expect(lines).toContainEqual(
    expect.stringMatching(/^uncaught error, still serving: Error: thrown from a timer/),
  )
  expect(lines).toContainEqual(
    expect.stringMatching(/^unhandled rejection, still serving: Error: rejected unhandled/),
  )
  expect(lines.at(-2)).toBe('still running')
})
