// @vitest-environment node
// Whatever the checks of a data file throw, the sandbox starts: the file is moved aside, as one it cannot read.
// In the isolated lane (it mocks a module), whose default page this file does not need.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it, vi } from 'vitest'
import { openFileStore } from './file-store'

vi.mock('../src/sandbox/snapshots', async (original) => ({
  ...(await original<typeof import('../src/sandbox/snapshots')>()),
  readSnapshot: () => {
    throw new RangeError('Maximum call stack size exceeded')
  },
}))

it('moves aside a data file whose check throws, says why, and starts empty', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'file-store-throw-'))
  try {
    const file = join(dir, 'sandbox.json')
    writeFileSync(file, '{"format":"sandbox-console"}')
    const opened = await openFileStore(file, { delayMs: 60_000, report: () => {} })
    expect(opened.problem).toMatch(
      /could not be used: it could not be checked \(Maximum call stack size exceeded\)\. Moved it to/,
    )
    expect(opened.found).toEqual({ accounts: 0, transactions: 0 })
    expect(readdirSync(dir).filter((name) => name.startsWith('sandbox.json.unreadable-'))).toHaveLength(1)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
