// A data file that is valid JSON but far from a valid data file: 130,000 transactions with a currency no
// code can be. zod once overflowed the call stack listing them all, and `npm start` stopped at start.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { createMemoryStore, createSandbox } from '../src/sandbox'
import { seedAccount, seedTransactions, today, transaction } from '../src/test/seed'
import { openSandboxData } from './sandbox-data'

let dir: string
let file: string

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'file-store-problems-'))
  file = join(dir, 'sandbox.json')
})

afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

/** An export of one account whose every one of `count` transactions has the currency "XX". */
async function fileOfBadCurrencies(count: number): Promise<string> {
  const sandbox = createSandbox({ store: createMemoryStore(), today: () => today })
  const { resourceId } = await seedAccount(sandbox)
  const [stored] = await seedTransactions(sandbox, resourceId, [transaction()])
  const snapshot = await sandbox.exportSnapshot()
  const bad = { ...stored, transactionAmount: { currency: 'XX', amount: '-10.00' } }
  const [account] = snapshot.cardAccounts
  return JSON.stringify({
    ...snapshot,
    cardAccounts: [{ ...account, transactions: Array.from({ length: count }, () => bad) }],
  })
}

it('moves aside a data file with 130,000 problems, names the first and starts empty', async () => {
  writeFileSync(file, await fileOfBadCurrencies(130_000))
  const data = await openSandboxData({ kind: 'file', file })
  const problem = data.banner.find((line) => line.startsWith('  data problem:'))
  expect(problem).toMatch(
    /it is not a valid data file \(cardAccounts\[0\]\.transactions\[0\]\.transactionAmount\.currency.* and many more\)/,
  )
  expect(readdirSync(dir).filter((name) => name.startsWith('sandbox.json.unreadable-'))).toHaveLength(1)
  expect(data.banner[0]).toContain('(0 card accounts, 0 transactions')
}, 60_000)
