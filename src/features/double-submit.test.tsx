import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { expect, it, vi } from 'vitest'
import { startConsole } from '../test/render'
import { seedAccount, storedTransactions, testDataSet } from '../test/seed'
import { accountView } from './card-accounts/account-view'
import { NewAccountDialog } from './card-accounts/NewAccountDialog'
import { useFillTestData } from './data-tools/fill'
import { GenerateDialog } from './data-tools/GenerateDialog'
import { AddTransactionsDialog } from './transactions/AddTransactionsDialog'

// Two submits dispatched in one go, before React re-renders anything (a double click at machine
// speed, a double Enter): the work is done once.

/** Submits the form twice synchronously, as a double activation does. */
function submitTwice(form: HTMLElement) {
  fireEvent.submit(form)
  fireEvent.submit(form)
}

const formIn = (dialog: HTMLElement) => {
  const form = dialog.querySelector('form')
  if (!form) throw new Error('the dialog has no form')
  return form
}

it('Generate runs once on a double submit: N rows stored, not 2N', async () => {
  const app = await startConsole()
  const account = await seedAccount(app.sandbox)
  const onDone = vi.fn()
  app.render(
    <GenerateDialog account={accountView(account.resourceId, account)} onClose={() => {}} onDone={onDone} />,
  )
  const dialog = screen.getByRole('dialog', { name: 'Generate transactions' })
  const input = within(dialog).getByRole('spinbutton', { name: 'Number of transactions' })
  await app.user.type(input, '300', { initialSelectionStart: 0, initialSelectionEnd: Infinity })

  submitTwice(formIn(dialog))

  await within(dialog).findByRole('progressbar', { name: 'Done: 300 of 300 transactions created.' })
  expect(await storedTransactions(app.sandbox, account.resourceId)).toHaveLength(300)
  expect(onDone).toHaveBeenCalledOnce()
})

it('New card account creates one account on a double submit', async () => {
  const app = await startConsole()
  const onCreated = vi.fn()
  app.render(<NewAccountDialog onClose={() => {}} onCreated={onCreated} />)
  const dialog = screen.getByRole('dialog', { name: 'New card account' })
  await app.user.type(within(dialog).getByRole('textbox', { name: 'Masked PAN' }), '525412******3241')

  submitTwice(formIn(dialog))

  await waitFor(() => expect(onCreated).toHaveBeenCalled())
  await within(dialog).findByRole('button', { name: 'Create account' })
  expect(await app.sandbox.listCardAccounts()).toHaveLength(1)
  expect(onCreated).toHaveBeenCalledOnce()
})

it('Add transactions stores the batch once on a double submit', async () => {
  const app = await startConsole()
  const account = await seedAccount(app.sandbox)
  const onCreated = vi.fn()
  app.render(
    <AddTransactionsDialog
      account={accountView(account.resourceId, account)}
      onClose={() => {}}
      onCreated={onCreated}
    />,
  )
  const dialog = screen.getByRole('dialog', { name: /^Add transactions/ })
  const inDialog = within(dialog)
  await app.user.type(inDialog.getByRole('textbox', { name: 'Row 1 amount' }), '-12.00')
  await app.user.type(inDialog.getByRole('textbox', { name: 'Row 1 original amount' }), '-12.00')
  await app.user.type(inDialog.getByRole('combobox', { name: 'Row 1 MCC' }), '5411')

  submitTwice(formIn(dialog))

  await waitFor(() => expect(onCreated).toHaveBeenCalled())
  await inDialog.findByRole('button', { name: 'Add transaction' })
  expect(await storedTransactions(app.sandbox, account.resourceId)).toHaveLength(1)
  expect(onCreated).toHaveBeenCalledOnce()
})

function FillButton() {
  const { fill } = useFillTestData()
  return (
    <button type="button" onClick={() => void fill()}>
      Fill test data
    </button>
  )
}

it('Fill test data stores the fixed set once on a double click', async () => {
  const app = await startConsole()
  app.render(<FillButton />)

  await app.user.dblClick(screen.getByRole('button', { name: 'Fill test data' }))

  await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/^Test data filled: /))
  expect(await app.sandbox.listCardAccounts()).toHaveLength(testDataSet().length)
})
