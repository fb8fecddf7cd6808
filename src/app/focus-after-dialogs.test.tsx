// A keyboard tester made the first account from the empty sandbox, and the first transactions from the
// empty account: the button each dialog was opened from was gone when it closed, and the focus fell to
// the main area, out of sight. It goes to the button that took the gone one's place.
import { screen, waitFor, within } from '@testing-library/react'
import { expect, it } from 'vitest'
import { pasteInto } from '../test/paste'
import { startConsole } from '../test/render'
import { seedAccount } from '../test/seed'

it('gives the focus to the sidebar’s + New after the empty sandbox’s + New card account made one', async () => {
  const app = await startConsole()
  window.history.replaceState(null, '', '/')
  app.renderApp()
  await app.user.click(await screen.findByRole('button', { name: '+ New card account' }))
  const dialog = within(await screen.findByRole('dialog', { name: 'New card account' }))
  await pasteInto(app.user, dialog.getByRole('textbox', { name: 'Masked PAN' }), '525412******3241')
  await app.user.click(dialog.getByRole('button', { name: 'Create account' }))
  await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: '+ New' })))
})

it('gives the focus to the header’s + Add transactions after the empty account’s added some', async () => {
  const app = await startConsole()
  const account = await seedAccount(app.sandbox)
  window.history.replaceState(null, '', `/?account=${account.resourceId}&status=both`)
  app.renderApp()
  const main = within(screen.getByRole('main'))
  await main.findByText('This account has no transactions yet.')
  await app.user.click(main.getByRole('button', { name: '+ Add transactions' }))
  const dialog = within(await screen.findByRole('dialog', { name: /^Add transactions · / }))
  await pasteInto(app.user, dialog.getByRole('textbox', { name: 'Row 1 amount' }), '-5')
  await pasteInto(app.user, dialog.getByRole('combobox', { name: 'Row 1 MCC' }), '5411')
  await app.user.click(dialog.getByRole('button', { name: 'Add transaction' }))
  await main.findByRole('table', { name: /^Transactions of/ })
  await waitFor(() =>
    expect(document.activeElement).toBe(main.getByRole('button', { name: '+ Add transactions' })),
  )
  expect(main.queryByText('This account has no transactions yet.')).toBeNull()
})
