// The scenarios dialog against the real handlers: save the offline state, load it back after it changed,
// duplicate, rename, delete, and import a file (a bad one says why and changes nothing).
import 'fake-indexeddb/auto'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { expect, it, onTestFinished, vi } from 'vitest'
import { psd2QuotaRule } from '../../contract'
import { startConsole } from '../../test/render'
import { seedAccount, seedTransactions, transaction } from '../../test/seed'
import { readOfflineConditions } from '../conditions'
import { DataTools } from '../data-tools/DataTools'
import { useFillTestData } from '../data-tools/fill'

function Tools() {
  const fill = useFillTestData()
  return <DataTools fill={fill} onFilled={() => {}} />
}

async function openScenarios() {
  const app = await startConsole()
  const account = await seedAccount(app.sandbox)
  await seedTransactions(app.sandbox, account.resourceId, [transaction(), transaction()])
  app.render(<Tools />)
  await app.user.click(screen.getByRole('button', { name: 'Scenarios…' }))
  const dialog = within(await screen.findByRole('dialog', { name: 'Scenarios' }))
  return { ...app, account, dialog }
}

const rowNames = (dialog: ReturnType<typeof within>) =>
  dialog.getAllByRole('rowheader').map((cell: HTMLElement) => cell.textContent)

it('saves the offline state under a name and loads it back after the data and conditions changed', async () => {
  const { user, sandbox, dialog } = await openScenarios()
  localStorage.setItem(
    'sandbox-console.conditions',
    JSON.stringify({ rules: [psd2QuotaRule('q', 'listTransactions')] }),
  )
  const before = await sandbox.exportSnapshot()
  await user.type(dialog.getByLabelText('Save the current state as'), 'Before the demo')
  await user.click(dialog.getByRole('button', { name: 'Save' }))
  expect(
    await screen.findByText('Saved scenario Before the demo: 1 card account and 2 transactions'),
  ).toBeDefined()
  expect(rowNames(dialog)).toContain('Before the demo')
  expect(dialog.getByText(/^Saved \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)).toBeDefined()

  await sandbox.reset()
  localStorage.removeItem('sandbox-console.conditions')
  await user.click(dialog.getByRole('button', { name: 'Load Before the demo' }))
  const asking = within(await dialog.findByRole('region', { name: 'Load Before the demo?' }))
  expect(asking.getByText(/^Loading/).textContent).toBe(
    'Loading Before the demo replaces the clock, the conditions, the bank personality and the data stored now: 0 card accounts and 0 transactions.',
  )
  await user.click(asking.getByRole('button', { name: 'Replace and load' }))

  expect(
    await screen.findByText('Loaded scenario Before the demo: 1 card account and 2 transactions'),
  ).toBeDefined()
  expect(screen.queryByRole('dialog')).toBeNull()
  expect((await sandbox.exportSnapshot()).cardAccounts).toEqual(before.cardAccounts)
  expect(readOfflineConditions().rules.map((rule) => rule.id)).toEqual(['q'])
})

it('duplicates, renames and deletes a saved scenario; shipped ones cannot be renamed or deleted', async () => {
  const { user, dialog } = await openScenarios()
  await dialog.findByText('Empty private customer')
  expect(dialog.queryByRole('button', { name: 'Rename Empty private customer' })).toBeNull()
  expect(dialog.queryByRole('button', { name: 'Delete Empty private customer' })).toBeNull()

  await user.click(dialog.getByRole('button', { name: 'Duplicate Empty private customer' }))
  const copy = within(dialog.getByRole('form', { name: 'Duplicate Empty private customer' }))
  await user.click(copy.getByRole('button', { name: 'Duplicate' }))
  await dialog.findByRole('rowheader', { name: 'Empty private customer (copy)' })

  await user.click(dialog.getByRole('button', { name: 'Rename Empty private customer (copy)' }))
  const rename = within(dialog.getByRole('form', { name: 'Rename Empty private customer (copy)' }))
  await user.clear(rename.getByLabelText(/New name/))
  await user.type(rename.getByLabelText(/New name/), 'Corporate customer, two years')
  await user.click(rename.getByRole('button', { name: 'Rename' }))
  expect((await dialog.findByRole('alert')).textContent).toContain(
    'A scenario named "Corporate customer, two years" exists already: choose another name.',
  )
  await user.clear(rename.getByLabelText(/New name/))
  await user.type(rename.getByLabelText(/New name/), 'Mine')
  await user.click(rename.getByRole('button', { name: 'Rename' }))
  await dialog.findByRole('rowheader', { name: 'Mine' })

  await user.click(dialog.getByRole('button', { name: 'Delete Mine' }))
  await user.click(dialog.getByRole('button', { name: 'Delete scenario' }))
  expect(await screen.findByText('Deleted scenario Mine')).toBeDefined()
  expect(rowNames(dialog)).toEqual([
    'Empty private customer (ships with the console)',
    'Corporate customer, two years (ships with the console)',
    'Private customer at the quota edge (ships with the console)',
  ])
})

it('imports a scenario file into the list, and refuses a data file saying why', async () => {
  const { user, dialog, sandbox } = await openScenarios()
  const before = await sandbox.exportSnapshot()
  const upload = (name: string, content: unknown) =>
    user.upload(
      dialog.getByLabelText('Import scenario file'),
      new File([JSON.stringify(content)], name, { type: 'application/json' }),
    )
  await upload('data.json', before)
  const alert = await dialog.findByRole('alert')
  expect(alert.textContent).toContain(
    'The file is an offline data export; this import reads a scenario. Import it with Import JSON… in the sidebar (Offline mode).',
  )
  expect(alert.textContent).toContain('data.json was not imported; nothing changed.')

  const scenario = {
    format: 'sandbox-console',
    version: 3,
    kind: 'scenario',
    name: 'From a colleague',
    clock: { setting: { kind: 'frozen', date: '2026-03-01' }, settlePendingAfterDays: null },
    conditions: { rules: [] },
    personality: 'console',
    cardAccounts: before.cardAccounts,
  }
  await upload('colleague.json', scenario)
  expect(
    await screen.findByText('Imported scenario From a colleague: 1 card account and 2 transactions'),
  ).toBeDefined()
  expect(rowNames(dialog)).toContain('From a colleague')
  expect(await sandbox.exportSnapshot()).toEqual(before)
})

it('counts a pasted name as the rule does rather than cutting it, and refuses one too long before saving', async () => {
  const { user, dialog } = await openScenarios()
  const long = `${'A demo for the bank’s support team, '.repeat(2)}with the quota reached 🙂`
  expect([...long]).toHaveLength(96)
  const field = dialog.getByRole('textbox', {
    name: 'Save the current state as',
    description: '0/80 characters',
  })
  await user.click(field)
  await user.paste(long)

  expect(field).toHaveProperty('value', long)
  expect(dialog.getByText('96/80 characters').className).toContain('over-limit')
  await dialog.findByText('Empty private customer')
  const listed = rowNames(dialog)
  await user.click(dialog.getByRole('button', { name: 'Save' }))
  await dialog.findByRole('textbox', {
    name: 'Save the current state as',
    description: '96/80 characters A scenario name may have at most 80 characters',
  })
  expect(document.activeElement).toBe(field)
  expect(dialog.queryByRole('alert')).toBeNull()
  expect(rowNames(dialog)).toEqual(listed)
  await user.clear(field)
  await user.click(dialog.getByRole('button', { name: 'Save' }))
  await dialog.findByRole('textbox', {
    name: 'Save the current state as',
    description: '0/80 characters A scenario needs a name',
  })

  await user.click(dialog.getByRole('button', { name: 'Duplicate Empty private customer' }))
  const copy = within(dialog.getByRole('form', { name: 'Duplicate Empty private customer' }))
  const copyName = copy.getByRole('textbox', {
    name: 'Name of the copy of Empty private customer',
    description: '29/80 characters',
  })
  await user.click(copyName)
  await user.paste(long)
  expect(copyName).toHaveProperty('value', `Empty private customer (copy)${long}`)
  expect(copy.getByText('125/80 characters')).toBeDefined()
  await user.click(copy.getByRole('button', { name: 'Duplicate' }))
  await copy.findByRole('textbox', {
    name: 'Name of the copy of Empty private customer',
    description: '125/80 characters A scenario name may have at most 80 characters',
  })
  expect(document.activeElement).toBe(copyName)
  expect(dialog.queryByRole('alert')).toBeNull()
  expect(rowNames(dialog)).toEqual(listed)
})

it('takes the focus into the question a Load asks from the keyboard; its Cancel gives it back to that Load', async () => {
  const { user, dialog } = await openScenarios()
  const load = await dialog.findByRole('button', { name: 'Load Private customer at the quota edge' })
  load.focus()
  await user.keyboard('{Enter}')
  const asking = within(
    await dialog.findByRole('region', { name: 'Load Private customer at the quota edge?' }),
  )
  expect(document.activeElement).toBe(asking.getByText(/^Loading/))

  await user.tab()
  expect(document.activeElement).toBe(asking.getByRole('button', { name: 'Replace and load' }))
  await user.tab()
  await user.keyboard('{Enter}')
  expect(dialog.queryByRole('region', { name: 'Load Private customer at the quota edge?' })).toBeNull()
  expect(document.activeElement).toBe(load)
})

it('takes the focus to the new name a Duplicate asks for; its Cancel gives it back to that Duplicate', async () => {
  const { user, dialog } = await openScenarios()
  const duplicate = await dialog.findByRole('button', { name: 'Duplicate Empty private customer' })
  duplicate.focus()
  await user.keyboard('{Enter}')
  const copy = within(await dialog.findByRole('form', { name: 'Duplicate Empty private customer' }))
  expect(document.activeElement).toBe(copy.getByLabelText('Name of the copy of Empty private customer'))

  await user.click(copy.getByRole('button', { name: 'Cancel' }))
  expect(document.activeElement).toBe(duplicate)
})

it('says a name clash in this browser in words, with no sandbox code: no sandbox answered it', async () => {
  const { user, dialog } = await openScenarios()
  const name = dialog.getByLabelText('Save the current state as')
  await user.type(name, 'Demo')
  await user.click(dialog.getByRole('button', { name: 'Save' }))
  await dialog.findByRole('rowheader', { name: 'Demo' })
  await user.type(name, 'demo')
  await user.click(dialog.getByRole('button', { name: 'Save' }))

  expect((await dialog.findByRole('alert')).textContent).toBe(
    'A scenario named "Demo" exists already: choose another name.',
  )
})

it('loads a scenario of another bank personality by a reload: the page it opens is on its account and says so', async () => {
  const { user, sandbox, renderApp } = await startConsole({ personality: 'number-amounts' })
  const mine = await seedAccount(sandbox)
  history.replaceState(null, '', `/?account=${mine.resourceId}&status=pending&offset=10&limit=10`)
  const reload = vi.spyOn(location, 'reload').mockImplementation(() => {})
  onTestFinished(() => reload.mockRestore())
  renderApp()
  await user.click(await screen.findByRole('button', { name: 'Scenarios…' }))
  const dialog = within(await screen.findByRole('dialog', { name: 'Scenarios' }))
  const name = 'Empty private customer'
  await user.click(await dialog.findByRole('button', { name: `Load ${name}` }))
  const asking = within(await dialog.findByRole('region', { name: `Load ${name}?` }))
  await user.click(asking.getByRole('button', { name: 'Replace and load' }))
  await waitFor(() => expect(reload).toHaveBeenCalledOnce())

  // The scenario's account, arrived at as any load arrives (its own page, the tester's look kept); this
  // page, whose sandbox the reload restarts, neither shows it nor says it.
  const fixedId = '5ce0a710-0000-4000-8000-000000000001'
  expect(location.search).toBe(`?account=${fixedId}&status=pending&offset=0&limit=10`)
  expect(screen.queryByText(/^Loaded scenario/)).toBeNull()

  // The page the reload opens, with the same address and storage.
  cleanup()
  renderApp()
  const loaded = `Loaded scenario ${name}: 1 card account and 0 transactions`
  // Read out by the live region, and shown in the main area beside the account, once the data tools load.
  await waitFor(() => expect(screen.getAllByText(loaded)).toHaveLength(2), { timeout: 15_000 })
  expect(await screen.findByText(/^No rows/)).toBeDefined()
  expect(location.search).toBe(`?account=${fixedId}&status=pending&offset=0&limit=10`)

  // Said once: the next page on it says nothing of the load.
  cleanup()
  renderApp()
  expect(await screen.findByText(/^No rows/)).toBeDefined()
  await screen.findByRole('button', { name: 'Scenarios…' }, { timeout: 15_000 })
  expect(screen.queryByText(loaded)).toBeNull()
})
