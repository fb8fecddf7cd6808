// The Generate dialog open on a seeded account, for its quick tests and its slow 100,000-transaction run.
import { screen, within } from '@testing-library/react'
import { vi } from 'vitest'
import { accountView } from '../features/card-accounts/account-view'
import { GenerateDialog } from '../features/data-tools/GenerateDialog'
import { startConsole } from './render'
import { seedAccount } from './seed'

export async function openGenerateDialog() {
  const app = await startConsole()
  const account = await seedAccount(app.sandbox)
  const onDone = vi.fn()
  const onClose = vi.fn()
  app.render(
    <GenerateDialog account={accountView(account.resourceId, account)} onClose={onClose} onDone={onDone} />,
  )
  const dialog = within(screen.getByRole('dialog', { name: 'Generate transactions' }))
  const generate = async (count: number) => {
    const input = dialog.getByRole('spinbutton', { name: 'Number of transactions' })
    // Typed over the whole value, as a user selecting it would: a cleared field is not a number.
    await app.user.type(input, String(count), { initialSelectionStart: 0, initialSelectionEnd: Infinity })
    await app.user.click(dialog.getByRole('button', { name: `Generate ${count.toLocaleString('en')}` }))
  }
  // What each request asked the sandbox to store, in order.
  const requests: unknown[][] = []
  const addTransactions = app.sandbox.addTransactions
  vi.spyOn(app.sandbox, 'addTransactions').mockImplementation((id, body) => {
    if (Array.isArray(body)) requests.push(body)
    return addTransactions(id, body)
  })
  return { ...app, account, dialog, onDone, onClose, generate, requests }
}
