// The local sandbox keeps its data in a file across restarts: written after each write (atomically), read at
// start, a broken file moved aside and reported, never a crash.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { CONSOLE_FILE_VERSION } from '../src/contract'
import { createSandbox, type Sandbox } from '../src/sandbox'
import { expectConsole } from '../src/test/console'
import { seedAccount, seedTransactions, storedTransactions, today, transaction } from '../src/test/seed'
import { generateTransactions } from '../src/test-data'
import { type OpenedFileStore, openFileStore } from './file-store'
import { DEFAULT_DATA_DIR, openSandboxData, sandboxDataSetting } from './sandbox-data'

let dir: string
let file: string
const reported: string[] = []
const report = (line: string) => reported.push(line)

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'file-store-'))
  file = join(dir, 'data', 'sandbox.json')
  reported.length = 0
})

afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

/** A long delay: a test that wants the file written says so with flush(), as a stopping server does. */
async function open(path = file): Promise<{ opened: OpenedFileStore; sandbox: Sandbox }> {
  const opened = await openFileStore(path, { delayMs: 60_000, report })
  return { opened, sandbox: createSandbox({ store: opened.store, today: () => today }) }
}

describe('openFileStore', () => {
  it('gives a restarted sandbox the accounts and transactions the last one stored', async () => {
    const first = await open()
    const account = await seedAccount(first.sandbox, { name: 'Kept' })
    const stored = await seedTransactions(first.sandbox, account.resourceId, [
      transaction({ merchantCategoryCode: '5812' }),
      transaction({ bookingStatus: 'pending', bookingDate: undefined }),
    ])
    await first.opened.flush()

    const second = await open()
    expect(second.opened.found).toEqual({ accounts: 1, transactions: 2 })
    const accounts = await second.sandbox.listCardAccounts()
    expect(accounts.map((a) => [a.resourceId, a.name])).toEqual([[account.resourceId, 'Kept']])
    expect(await storedTransactions(second.sandbox, account.resourceId)).toEqual(stored)
    expect(reported).toEqual([])
  })

  it('writes nothing until the delay or a flush, then one file in the data export format, no temp file left', async () => {
    const { opened, sandbox } = await open()
    await seedAccount(sandbox)
    expect(existsSync(file)).toBe(false)
    await opened.flush()
    const written = JSON.parse(readFileSync(file, 'utf8'))
    expect(written).toMatchObject({ format: 'sandbox-console', version: CONSOLE_FILE_VERSION, kind: 'data' })
    expect(written.cardAccounts).toHaveLength(1)
    expect(readdirSync(join(dir, 'data'))).toEqual(['sandbox.json'])
  })

  it('writes a large store in slices that read back as the same data', async () => {
    const first = await open()
    for (const seed of [1, 2]) {
      const account = await seedAccount(first.sandbox)
      const bodies = generateTransactions({ count: 4_500, days: 365, seed, today, currency: 'NOK' })
      await seedTransactions(first.sandbox, account.resourceId, bodies)
    }
    await first.opened.flush()
    const again = await open()
    expect(again.opened.found).toEqual({ accounts: 2, transactions: 9_000 })
    expect(await again.sandbox.exportSnapshot()).toEqual({
      ...(await first.sandbox.exportSnapshot()),
      exportedAt: expect.any(String),
    })
    // 9,000 generated rows and two full writes: seconds on a loaded machine; the test asserts content only.
  }, 30_000)

  it('persists an import and a reset too: every write of the store, not a list of them', async () => {
    const first = await open()
    const account = await seedAccount(first.sandbox)
    const exported = await first.sandbox.exportSnapshot()
    await first.sandbox.reset()
    await first.opened.flush()
    expect((await open()).opened.found.accounts).toBe(0)

    const imported = await open()
    await imported.sandbox.importSnapshot(exported)
    await imported.opened.flush()
    const again = await open()
    expect((await again.sandbox.listCardAccounts()).map((a) => a.resourceId)).toEqual([account.resourceId])
  })

  it.each([
    ['not JSON', '{"format": "sandbox-con', 'it is not JSON'],
    ['another kind of file', '{"format":"sandbox-console","version":2,"kind":"book"}', 'kind must be "data"'],
    [
      'a data file with two problems',
      '{"format":"sandbox-console","version":2,"kind":"data","cardAccounts":[{}]}',
      'it is not a valid data file (cardAccounts[0].account: Invalid input: expected object, received undefined and 1 more)',
    ],
  ])(
    'moves a file that is %s aside, says so, starts empty and writes a new file',
    async (_, content, why) => {
      mkdirSync(join(dir, 'data'))
      writeFileSync(file, content)
      const { opened, sandbox } = await open()
      expect(opened.found).toEqual({ accounts: 0, transactions: 0 })
      expect(opened.problem).toContain(why)
      const aside = readdirSync(join(dir, 'data')).filter((name) =>
        name.startsWith('sandbox.json.unreadable-'),
      )
      expect(aside).toHaveLength(1)
      expect(opened.problem).toContain(`Moved it to ${join(dir, 'data', aside[0] ?? '')}`)
      expect(readFileSync(join(dir, 'data', aside[0] ?? ''), 'utf8')).toBe(content)

      await seedAccount(sandbox)
      await opened.flush()
      expect((await open()).opened.found.accounts).toBe(1)
    },
  )

  it('reports a file it cannot write and keeps answering from memory; the next write tries again', async () => {
    const { opened, sandbox } = await open()
    // The data folder's place is taken by a file: mkdir fails.
    writeFileSync(join(dir, 'data'), 'in the way')
    const account = await seedAccount(sandbox)
    await opened.flush()
    expect(reported).toEqual([expect.stringContaining(`cannot write ${file} (`)])
    expect((await sandbox.listCardAccounts()).map((a) => a.resourceId)).toEqual([account.resourceId])

    rmSync(join(dir, 'data'))
    await seedTransactions(sandbox, account.resourceId, [transaction()])
    await opened.flush()
    expect(reported).toEqual([expect.any(String), `Sandbox data: saved to ${file} again`])
    expect((await open()).opened.found).toEqual({ accounts: 1, transactions: 1 })
  })

  it('never writes over what it could neither read nor move: the data stays in memory for this run', async () => {
    // The data folder's place is taken by a file: the data file can be neither read nor renamed.
    writeFileSync(join(dir, 'data'), 'not mine to touch')
    const { opened, sandbox } = await open()
    expect(opened.problem).toContain('could not be moved aside (ENOTDIR)')
    expect(opened.problem).toContain('the data is kept in memory only for this run')
    await seedAccount(sandbox)
    await opened.flush()
    expect(reported).toEqual([])
    expect(readFileSync(join(dir, 'data'), 'utf8')).toBe('not mine to touch')
    expect(await sandbox.listCardAccounts()).toHaveLength(1)
  })
})

describe('SANDBOX_DATA', () => {
  it('names a folder, relative to the working directory; unset, .sandbox-data/ beside .dev-identity/', () => {
    expect(sandboxDataSetting({ SANDBOX_DATA: 'here' }, 'x.json', '/work/p')).toMatchObject({
      kind: 'file',
      file: '/work/p/here/x.json',
    })
    expect(sandboxDataSetting({}, 'x.json')).toMatchObject({
      kind: 'file',
      file: join(DEFAULT_DATA_DIR, 'x.json'),
    })
    expect(DEFAULT_DATA_DIR).toMatch(/\/\.sandbox-data\/$/)
  })

  it('=memory keeps the data in the process and says so at start', async () => {
    expect(sandboxDataSetting({ SANDBOX_DATA: ' memory ' }, 'x.json')).toEqual({ kind: 'memory' })
    const data = await openSandboxData({ kind: 'memory' })
    expect(data.banner.join('\n')).toContain('in memory only (SANDBOX_DATA=memory)')
  })

  it("keeps the clock's setting beside the data, and a move it cannot write holds for the process", async () => {
    const state = { setting: { kind: 'follows', offsetDays: 2 }, settlePendingAfterDays: null } as const
    const kept = await openSandboxData({ kind: 'file', file })
    expect(kept.clock?.read()).toBeUndefined()
    kept.clock?.write(state)
    expect((await openSandboxData({ kind: 'file', file })).clock?.read()).toEqual(state)

    // A folder where the clock's file would be: the write fails, is said, and the move still holds.
    const other = join(dir, 'other', 'sandbox.json')
    mkdirSync(join(dir, 'other', 'sandbox.clock.json'), { recursive: true })
    const blocked = await openSandboxData({ kind: 'file', file: other })
    expectConsole('error', /^The sandbox clock's setting could not be kept in .*sandbox\.clock\.json/)
    expect(() => blocked.clock?.write(state)).not.toThrow()
    expect(blocked.clock?.read()).toEqual(state)
  })

  it('says at start where the data lives, what it holds, and how to opt out and wipe it', async () => {
    const data = await openSandboxData({ kind: 'file', file })
    expect(data.banner.join('\n')).toBe(
      `  data: ${file} (0 card accounts, 0 transactions; kept across restarts, the sandbox clock too)\n` +
        '    SANDBOX_DATA=memory keeps it in memory only; stop the server and delete the file (and sandbox.clock.json, the clock) to wipe it',
    )
  })
})
