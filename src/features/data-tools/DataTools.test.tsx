import { screen, within } from '@testing-library/react'
import { expect, it, onTestFinished, vi } from 'vitest'
import { CONSOLE_FILE_FORMAT, CONSOLE_FILE_VERSION, type ConditionRule } from '../../contract'
import { startConsole } from '../../test/render'
import { seedAccount, seedTransactions, testDataSet, transaction } from '../../test/seed'
import { readOfflineConditions, writeOfflineConditions } from '../conditions'
import { DataTools } from './DataTools'
import { useFillTestData } from './fill'
import { OfflineDataContext, useOfflineData } from './offline-data'

/** The head every data file of this console version starts with. */
const dataFile = { format: CONSOLE_FILE_FORMAT, version: CONSOLE_FILE_VERSION, kind: 'data' }

function Tools() {
  const fill = useFillTestData()
  return <DataTools fill={fill} onFilled={() => {}} />
}

/** The tools over a browser store whose data cannot be read. */
function OverUnreadableStore() {
  const offline = useOfflineData()
  const unreadable = { readable: false, message: 'a bad record', problems: [] } as const
  return (
    <OfflineDataContext.Provider value={offline && { ...offline, storeStatus: async () => unreadable }}>
      <Tools />
    </OfflineDataContext.Provider>
  )
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
  // No test condition is on: nothing to say of them.
  expect(confirm.queryByRole('checkbox')).toBeNull()
  await user.click(confirm.getByRole('button', { name: 'Cancel' }))
  expect(screen.queryByRole('dialog')).toBeNull()
  expect(await sandbox.exportSnapshot()).toEqual(before)
})

/** Two test conditions, as the Conditions panel or a scenario's load leaves them. */
const rules: ConditionRule[] = [
  {
    id: 'r1',
    operation: 'listTransactions',
    kind: 'error',
    status: 503,
    retryAfterSeconds: 30,
    probability: 1,
    seed: 1,
  },
  { id: 'r2', operation: 'listCardAccounts', kind: 'timeout', probability: 1, seed: 1 },
]

/** The Reset dialog opened over a sandbox with data and the two conditions on. */
async function resetWithConditions() {
  writeOfflineConditions({ rules })
  const app = await withData()
  await app.user.click(screen.getByRole('button', { name: 'Reset…' }))
  const confirm = within(await screen.findByRole('dialog', { name: 'Reset sandbox data' }))
  return { ...app, confirm }
}

it('names the test conditions that are on and, checked by default, turns them off with the data', async () => {
  const { user, sandbox, confirm } = await resetWithConditions()
  expect((await confirm.findByText(/^Test conditions on/)).textContent).toBe(
    'Test conditions on: Condition r1: 503 Retry-After 30 s; Condition r2: timeout.',
  )
  const turnOff = confirm.getByRole('checkbox', { name: 'Also turn off the test conditions' })
  expect(turnOff).toHaveProperty('checked', true)
  await user.click(confirm.getByRole('button', { name: 'Delete everything' }))

  expect((await screen.findByRole('status')).textContent).toBe(
    'Sandbox data reset: nothing stored; test conditions turned off',
  )
  expect(await sandbox.listCardAccounts()).toEqual([])
  expect(readOfflineConditions().rules).toEqual([])
})

it('keeps the test conditions when unchecked, and says so', async () => {
  const { user, sandbox, confirm } = await resetWithConditions()
  await user.click(await confirm.findByRole('checkbox', { name: 'Also turn off the test conditions' }))
  await user.click(confirm.getByRole('button', { name: 'Delete everything' }))

  expect((await screen.findByRole('status')).textContent).toBe(
    'Sandbox data reset: nothing stored; test conditions still on: Condition r1: 503 Retry-After 30 s; Condition r2: timeout',
  )
  expect(await sandbox.listCardAccounts()).toEqual([])
  expect(readOfflineConditions().rules).toEqual(rules)
})

it('says the data is gone and the conditions are still on when turning them off fails', async () => {
  const { user, sandbox, confirm } = await resetWithConditions()
  // On localStorage itself: happy-dom binds a storage's methods to it on first use, out of a spy's reach
  // on Storage.prototype.
  const setItem = localStorage.setItem.bind(localStorage)
  const refuse = vi.spyOn(localStorage, 'setItem').mockImplementation((key, value) => {
    if (key === 'sandbox-console.conditions')
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    setItem(key, value)
  })
  onTestFinished(() => refuse.mockRestore())
  await confirm.findByText(/^Test conditions on/)
  await user.click(confirm.getByRole('button', { name: 'Delete everything' }))

  const alert = within(await screen.findByRole('alert'))
  expect(alert.getByText(/^The sandbox data was deleted/).textContent).toBe(
    'The sandbox data was deleted, but the test conditions are still on (Condition r1: 503 Retry-After 30 s; Condition r2: timeout): turning them off failed.',
  )
  alert.getByText("This browser's storage refused the change: it is full, or storage is blocked here.")
  alert.getByText(
    'Turn them off in the header: Test conditions, then Faults, delays and quotas (Conditions)…',
  )
  expect(screen.getByRole('status').textContent).toBe(
    'Sandbox data reset: nothing stored; test conditions still on',
  )
  expect(await sandbox.listCardAccounts()).toEqual([])
  expect(readOfflineConditions().rules).toEqual(rules)
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

it('says before an import over stored data that cannot be read that the import replaces it', async () => {
  const app = await startConsole()
  app.render(<OverUnreadableStore />)
  await app.user.upload(
    screen.getByLabelText('Import JSON file'),
    new File([JSON.stringify({ ...dataFile, cardAccounts: [] })], 'empty.json', { type: 'application/json' }),
  )
  const confirm = within(await screen.findByRole('dialog', { name: 'Import sandbox data' }))
  expect(confirm.getByText(/^Importing/).textContent).toBe(
    'Importing empty.json (0 card accounts and 0 transactions) replaces what this browser stores now. ' +
      'The stored data cannot be read (a bad record); importing replaces it.',
  )
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
