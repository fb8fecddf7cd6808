import { screen, within } from '@testing-library/react'
import { expect, it } from 'vitest'
import { CONSOLE_FILE_FORMAT, CONSOLE_FILE_VERSION } from '../../contract'
import { consoleWithAnAccount, stillListed } from '../../test/import-console'

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
