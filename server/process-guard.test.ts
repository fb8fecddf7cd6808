import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, it, onTestFinished } from 'vitest'

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

it('goes on when its reader closes its output: no endless loop of failed log lines', async () => {
  const script = fileURLToPath(new URL('./test-support/guarded-closed-output.ts', import.meta.url))
  const dir = mkdtempSync(join(tmpdir(), 'closed-output-'))
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }))
  const survived = join(dir, 'survived')
  const child = spawn(process.execPath, ['--import', 'tsx', script, survived], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()))
  // The reader goes away: every later write of the child fails with EPIPE.
  child.stdout.destroy()
  child.stderr.destroy()

  expect(await exited).toBe(0)
  expect(readFileSync(survived, 'utf8')).toBe('survived')
})
