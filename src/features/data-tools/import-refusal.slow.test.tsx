// @vitest-environment happy-dom
// A file of 130,000 bad transactions, refused in words: bench-sized, so in the slow lane (vite.config.ts).
import { screen, within } from '@testing-library/react'
import { expect, it } from 'vitest'
import { consoleWithAnAccount, stillListed } from '../../test/import-console'
import { seedTransactions, transaction } from '../../test/seed'

it('refuses a file of 130,000 bad transactions in words: the first problems, and that there are more', async () => {
  const { sandbox, before, account, importFile } = await consoleWithAnAccount()
  const [stored] = await seedTransactions(sandbox, account.resourceId, [transaction()])
  const bad = { ...stored, transactionAmount: { currency: 'XX', amount: '-10.00' } }
  const withOne = await sandbox.exportSnapshot()
  const file = {
    ...withOne,
    cardAccounts: [{ account, transactions: Array.from({ length: 130_000 }, () => bad) }],
  }
  await importFile('many.json', JSON.stringify(file))

  const alert = await screen.findByRole('alert', {}, { timeout: 60_000 })
  expect(alert.textContent).toContain('many.json was not imported; nothing changed.')
  expect(within(alert).getByText(/^Card account 1, transaction 1:/).textContent).toContain('currency')
  expect(within(alert).getByText('More than 99 more problems')).toBeDefined()
  expect(within(alert).getByText('And more problems: only the first 100 are listed')).toBeDefined()
  stillListed()
  expect((await sandbox.exportSnapshot()).cardAccounts[0]?.transactions).toHaveLength(1)
  expect(before.cardAccounts[0]?.transactions).toHaveLength(0)
}, 120_000)
