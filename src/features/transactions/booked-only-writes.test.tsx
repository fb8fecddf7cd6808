// A bank that books only refuses to list `pending` and `both` (docs/decisions.md#personalities): after a
// write the view must stay on a status it lists, and say where the pending rows went.
import { screen, waitFor, within } from '@testing-library/react'
import { expect, it } from 'vitest'
import { pasteInto } from '../../test/paste'
import { startConsole } from '../../test/render'
import { seedAccount, storedTransactions } from '../../test/seed'
import { emptyAccountAddButton } from '../../test/transactions-view'

async function showEmptyAccount() {
  const app = await startConsole({ personality: 'booked-only' })
  const account = await seedAccount(app.sandbox)
  window.history.replaceState(null, '', `/?account=${account.resourceId}`)
  app.renderApp()
  return { ...app, account }
}

const statusChosen = () =>
  screen
    .getAllByRole('radio')
    .find((radio) => (radio as HTMLInputElement).checked)
    ?.getAttribute('value')

it('stays on booked after adding a pending row, and says the bank lists booked only', async () => {
  const { user, sandbox, account } = await showEmptyAccount()
  await user.click(await emptyAccountAddButton())
  const dialog = within(await screen.findByRole('dialog', { name: /^Add transactions · / }))
  await pasteInto(user, dialog.getByRole('textbox', { name: 'Row 1 amount' }), '-12.5')
  await pasteInto(user, dialog.getByRole('combobox', { name: 'Row 1 MCC' }), '5411')
  await user.click(dialog.getByRole('button', { name: '+ Add row' }))
  await user.selectOptions(dialog.getByRole('combobox', { name: 'Row 2 status' }), 'pending')
  await pasteInto(user, dialog.getByRole('textbox', { name: 'Row 2 amount' }), '-99.90')
  await pasteInto(user, dialog.getByRole('combobox', { name: 'Row 2 MCC' }), '5812')
  await user.click(dialog.getByRole('button', { name: 'Add 2 transactions' }))

  await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/^2 transactions created/))
  expect(new URLSearchParams(location.search).get('status')).toBe('booked')
  expect(statusChosen()).toBe('booked')
  expect(screen.getByRole('status').textContent).toBe(
    '2 transactions created; the pending one is stored, but this bank lists booked transactions only',
  )
  // The booked row alone, its amount as typed.
  const table = await screen.findByRole('table', { name: /^Transactions of/ })
  const rows = () =>
    within(table)
      .getAllByRole('row')
      .map((row) => row.textContent)
  await waitFor(() =>
    expect(rows()).toEqual([
      expect.stringMatching(/^Show details/),
      expect.stringMatching(/5411 Grocery stores-12\.5 NOK/),
    ]),
  )
  expect(screen.queryByText(/Could not load transactions/)).toBeNull()
  expect((await storedTransactions(sandbox, account.resourceId)).map((tx) => tx.bookingStatus)).toEqual([
    'booked',
    'pending',
  ])
})

it('stays on booked after Generate, and says so of its pending ones', async () => {
  const { user } = await showEmptyAccount()
  await user.click(await screen.findByRole('button', { name: 'Generate…' }))
  const dialog = within(await screen.findByRole('dialog', { name: 'Generate transactions' }))
  const count = dialog.getByRole('spinbutton', { name: 'Number of transactions' })
  await user.type(count, '20', { initialSelectionStart: 0, initialSelectionEnd: Infinity })
  await user.click(dialog.getByRole('button', { name: 'Generate 20' }))
  await waitFor(() =>
    expect(screen.getByRole('status').textContent).toBe(
      '20 transactions created; the pending one is stored, but this bank lists booked transactions only',
    ),
  )
  await user.click(dialog.getAllByRole('button', { name: 'Close' })[0] as HTMLElement)

  await screen.findByRole('table', { name: /^Transactions of/ })
  expect(new URLSearchParams(location.search).get('status')).toBe('booked')
  expect(statusChosen()).toBe('booked')
  expect(screen.queryByText(/Could not load transactions/)).toBeNull()
})

it('says beside a pending row that this bank lists booked transactions only, and still sends it', async () => {
  const { user } = await showEmptyAccount()
  await user.click(await emptyAccountAddButton())
  const dialog = within(await screen.findByRole('dialog', { name: /^Add transactions · / }))
  const hinted = (row: number) =>
    dialog.queryByRole('combobox', {
      name: `Row ${row} status`,
      description: /lists booked transactions only/,
    })
  expect(hinted(1)).toBeNull()
  await user.selectOptions(dialog.getByRole('combobox', { name: 'Row 1 status' }), 'pending')
  expect(hinted(1)).not.toBeNull()
  await pasteInto(user, dialog.getByRole('textbox', { name: 'Row 1 amount' }), '-99.90')
  await pasteInto(user, dialog.getByRole('combobox', { name: 'Row 1 MCC' }), '5812')
  await user.click(dialog.getByRole('button', { name: 'Add transaction' }))
  await waitFor(() =>
    expect(screen.getByRole('status').textContent).toBe(
      '1 transaction created; the pending one is stored, but this bank lists booked transactions only',
    ),
  )
})
