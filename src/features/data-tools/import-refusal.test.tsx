// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import { expect, it } from 'vitest'
import { CONSOLE_FILE_FORMAT, CONSOLE_FILE_VERSION } from '../../contract'
import { startConsole } from '../../test/render'
import { seedAccount, seedTransactions, transaction } from '../../test/seed'

/** The whole console with one stored account, listed in the sidebar, and the sidebar's Import JSON… */
async function consoleWithAnAccount() {
  const app = await startConsole()
  const account = await seedAccount(app.sandbox, { name: 'Travel' })
  app.renderApp()
  await within(accountList()).findByRole('link', { name: /^525412\*{6}3241/ })
  // The sidebar's Data tools come once the account's first page is on screen.
  const picker = await screen.findByLabelText('Import JSON file')
  const importFile = (name: string, content: string) =>
    app.user.upload(picker, new File([content], name, { type: 'application/json' }))
  return { ...app, account, importFile, before: await app.sandbox.exportSnapshot() }
}

// The sidebar's list: the selected account's heading names it too, once its lazily loaded view is there.
const accountList = () => screen.getByRole('complementary')
const stillListed = () =>
  expect(within(accountList()).getByRole('link', { name: /^525412\*{6}3241/ })).toBeDefined()

it('says in words that an array is not a console export, and keeps the accounts listed', async () => {
  const { sandbox, before, importFile } = await consoleWithAnAccount()
  await importFile('numbers.json', '[1,2,3]')

  const alert = await screen.findByRole('alert')
  expect(alert.textContent).toContain('numbers.json was not imported; nothing changed.')
  expect(within(alert).getByText(/^This is not a Sandbox Console export/).textContent).toBe(
    'This is not a Sandbox Console export: expected a file saved with Export JSON or Export book.',
  )
  expect(alert.textContent).not.toMatch(/FORMAT_ERROR|Invalid input/)
  stillListed()
  expect(await sandbox.exportSnapshot()).toEqual(before)
})

it('says an empty file is empty and a cut-off file is cut off', async () => {
  const { importFile } = await consoleWithAnAccount()
  await importFile('empty.json', '')
  expect((await screen.findByRole('alert')).textContent).toContain('The file is empty.')

  await importFile('cut.json', '{\n  "format": "sandbox-console",\n  "cardAccounts": [\n    {')
  expect((await screen.findByText(/^The file looks cut off/)).textContent).toBe(
    'The file looks cut off: it ends before the JSON is complete.',
  )
  stillListed()
})

it('names bad fields by account in words, shows a few and counts the rest', async () => {
  const { sandbox, before, account, importFile } = await consoleWithAnAccount()
  const { resourceId: _, ...withoutId } = account
  const cardAccounts = Array.from({ length: 8 }, () => ({ account: withoutId, transactions: [] }))
  const file = { format: CONSOLE_FILE_FORMAT, version: CONSOLE_FILE_VERSION, kind: 'data', cardAccounts }
  await importFile('export.json', JSON.stringify(file))

  const alert = await screen.findByRole('alert')
  expect(within(alert).getByText(/^Card account 1:/).textContent).toBe(
    'Card account 1: its resourceId is missing',
  )
  expect(within(alert).getByText('7 more problems')).toBeDefined()
  expect(
    within(alert)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual([
    'Card account 2: its resourceId is missing',
    'Card account 3: its resourceId is missing',
    'Card account 4: its resourceId is missing',
    'Card account 5: its resourceId is missing',
  ])
  expect(within(alert).getByText('and 3 more problems')).toBeDefined()
  expect(alert.textContent).not.toContain('FORMAT_ERROR')
  stillListed()
  expect(await sandbox.exportSnapshot()).toEqual(before)
})

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
