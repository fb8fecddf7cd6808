// A data file is loaded at start only when the sandbox would keep it: a regular file, within the store caps.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { createMemoryStore, createSandbox } from '../src/sandbox'
import { seedAccount, seedTransactions, today, transaction } from '../src/test/seed'
import { openFileStore } from './file-store'
import { openSandboxData, sandboxDataSetting } from './sandbox-data'

let dir: string
let file: string

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'file-store-limits-'))
  file = join(dir, 'sandbox.json')
})

afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

const setAside = () => readdirSync(dir).filter((name) => name.startsWith('sandbox.json.unreadable-'))

async function fileWithTransactions(count: number): Promise<string> {
  const sandbox = createSandbox({ store: createMemoryStore(), today: () => today })
  const { resourceId } = await seedAccount(sandbox)
  await seedTransactions(
    sandbox,
    resourceId,
    Array.from({ length: count }, () => transaction()),
  )
  return JSON.stringify(await sandbox.exportSnapshot())
}

it('refuses at start a file past the caps the sandbox runs with: moved aside, said why, started empty', async () => {
  writeFileSync(file, await fileWithTransactions(5))
  const env = { SANDBOX_DATA: dir, SANDBOX_MAX_TRANSACTIONS: '4' }
  const data = await openSandboxData(sandboxDataSetting(env, 'sandbox.json'))
  expect(data.banner[0]).toContain('(0 card accounts, 0 transactions')
  expect(data.banner.find((line) => line.startsWith('  data problem:'))).toMatch(
    /it holds more than this sandbox keeps \(the file holds 5 transactions, past the cap of 4 transactions in all card accounts; .*SANDBOX_MAX_TRANSACTIONS set the caps\)\. Moved it to/,
  )
  expect(setAside()).toHaveLength(1)
})

it('loads a file within the caps', async () => {
  writeFileSync(file, await fileWithTransactions(4))
  const opened = await openFileStore(file, { delayMs: 60_000, caps: { perAccount: 4, total: 4 } })
  expect(opened.found).toEqual({ accounts: 1, transactions: 4 })
  expect(opened.problem).toBeUndefined()
})

it('does not wait on a FIFO at the data file path: it is no regular file, and is moved aside', async () => {
  execFileSync('mkfifo', [file])
  const opened = await openFileStore(file, { delayMs: 60_000, report: () => {} })
  expect(opened.problem).toMatch(/could not be used: it is not a regular file .*Moved it to/)
  expect(opened.found).toEqual({ accounts: 0, transactions: 0 })
  expect(setAside()).toHaveLength(1)
}, 20_000)
