// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import { expect, it } from 'vitest'
import { CONSOLE_FILE_FORMAT, CONSOLE_FILE_VERSION } from '../../contract'
import { startConsole } from '../../test/render'
import { seedAccount, seedTransactions, testDataSet, transaction } from '../../test/seed'
import { DataTools } from './DataTools'
import { useFillTestData } from './fill'

/** The head every data file of this console version starts with. */
const dataFile = { format: CONSOLE_FILE_FORMAT, version: CONSOLE_FILE_VERSION, kind: 'data' }

function Tools() {
  const fill = useFillTestData()
  return <DataTools fill={fill} onFilled={() => {}} />
}

/** A console whose sandbox holds one card account with two transactions. */
async function withData() {
  const app = await startConsole()
  const account = await seedAccount(app.sandbox)
  await seedTransactions(app.sandbox, account.resourceId, [transaction(), transaction()])
  app.render(<Tools />)
  const importFile = (name: string, content: string) =>
    app.user.upload(
      screen.getByLabelText('Import JSON file'),
      new File([content], name, { type: 'application/json' }),
    )
  return { ...app, account, importFile, before: await app.sandbox.exportSnapshot() }
}

it('asks before a reset, naming what would be lost, and keeps everything on Cancel', async () => {
  const { user, sandbox, before } = await withData()
  await user.click(screen.getByRole('button', { name: 'Reset…' }))

  const confirm = within(await screen.findByRole('dialog', { name: 'Reset sandbox data' }))
  expect(confirm.getByText(/^This deletes/).textContent).toBe(
    'This deletes 1 card account and 2 transactions stored in this browser. It cannot be undone; export first to keep a copy.',
  )
  await user.click(confirm.getByRole('button', { name: 'Cancel' }))
  expect(screen.queryByRole('dialog')).toBeNull()
  expect(await sandbox.exportSnapshot()).toEqual(before)
})

it('resets the sandbox once confirmed', async () => {
  const { user, sandbox } = await withData()
  await user.click(screen.getByRole('button', { name: 'Reset…' }))
  const confirm = within(await screen.findByRole('dialog', { name: 'Reset sandbox data' }))
  await user.click(confirm.getByRole('button', { name: 'Delete everything' }))

  expect((await screen.findByRole('status')).textContent).toBe('Sandbox data reset: nothing stored')
  expect(screen.queryByRole('dialog')).toBeNull()
  expect(await sandbox.listCardAccounts()).toEqual([])
})

it('refuses a file that is not JSON, says why, and changes nothing', async () => {
  const { sandbox, before, importFile } = await withData()
  await importFile('notes.json', '{ "format": ')

  const alert = await screen.findByRole('alert')
  expect(within(alert).getByText(/was not imported/).textContent).toBe(
    'notes.json was not imported; nothing changed.',
  )
  expect(within(alert).getByText(/^The file looks cut off/).textContent).toBe(
    'The file looks cut off: it ends before the JSON is complete.',
  )
  expect(screen.queryByRole('dialog')).toBeNull()
  expect(await sandbox.exportSnapshot()).toEqual(before)
})

it('refuses a file of another format, saying what it expects, and changes nothing', async () => {
  const { sandbox, before, importFile } = await withData()
  await importFile('other.json', JSON.stringify({ format: 'other/v9', cardAccounts: [] }))

  const alert = await screen.findByRole('alert')
  expect(within(alert).getByText(/was not imported/).textContent).toBe(
    'other.json was not imported; nothing changed.',
  )
  expect(within(alert).getByText(/^This is not/).textContent).toBe(
    'This is not a Sandbox Console export: expected a file saved with Export JSON or Export book.',
  )
  expect(await sandbox.exportSnapshot()).toEqual(before)
})

it('names what an import replaces; a snapshot the sandbox finds inconsistent changes nothing', async () => {
  const { user, sandbox, account, before, importFile } = await withData()
  const twice = { account: { ...account, resourceId: 'dup' }, transactions: [] }
  await importFile('twice.json', JSON.stringify({ ...dataFile, cardAccounts: [twice, twice] }))

  const confirm = within(await screen.findByRole('dialog', { name: 'Import sandbox data' }))
  expect(confirm.getByText(/^Importing/).textContent).toBe(
    'Importing twice.json (2 card accounts and 0 transactions) replaces what this browser stores now: 1 card account and 2 transactions will be lost.',
  )
  await user.click(confirm.getByRole('button', { name: 'Replace and import' }))

  const alert = await screen.findByRole('alert')
  expect(within(alert).getByText(/^Card account 2/).textContent).toBe(
    'Card account 2: resourceId: card account dup appears more than once',
  )
  expect(await sandbox.exportSnapshot()).toEqual(before)
})

it('imports a valid snapshot once confirmed', async () => {
  const { user, sandbox, account, importFile } = await withData()
  const other = {
    account: { ...account, resourceId: 'imported', maskedPan: '400000******0002' },
    transactions: [],
  }
  await importFile('good.json', JSON.stringify({ ...dataFile, cardAccounts: [other] }))
  const confirm = within(await screen.findByRole('dialog', { name: 'Import sandbox data' }))
  await user.click(confirm.getByRole('button', { name: 'Replace and import' }))

  expect((await screen.findByRole('status')).textContent).toBe('Imported 1 card account and 0 transactions')
  expect(await sandbox.listCardAccounts()).toEqual([other.account])
})

it('fills the fixed test data set through the API', async () => {
  const { user, sandbox, render } = await startConsole()
  render(<Tools />)
  await user.click(screen.getByRole('button', { name: 'Fill test data' }))

  const status = screen.getByRole('status')
  await within(status).findByText(/^Test data filled: /)
  const sets = testDataSet()
  const transactions = sets.reduce((sum, set) => sum + set.transactions.length, 0)
  expect(status.textContent).toBe(
    `Test data filled: ${sets.length} card accounts, ${transactions} transactions`,
  )
  expect((await sandbox.listCardAccounts()).map((a) => a.maskedPan)).toEqual(
    sets.map((s) => s.account.maskedPan),
  )
})

it('sends a scenario file to the scenarios, and changes nothing', async () => {
  const { sandbox, before, importFile } = await withData()
  await importFile('demo.json', JSON.stringify({ ...dataFile, kind: 'scenario', name: 'Demo' }))
  const alert = await screen.findByRole('alert')
  expect(alert.textContent).toContain(
    'It is a scenario: import it under Scenarios…, where loading it replaces the whole offline state.',
  )
  expect(await sandbox.exportSnapshot()).toEqual(before)
})
