import { screen, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { expect, it } from 'vitest'
import { createAccountBook, createApiClient } from '../../api'
import { pasteInto } from '../../test/paste'
import { renderConsole, sandboxForEachTest } from '../../test/render-console'
import { emptyAccountAddButton } from '../../test/transactions-view'

sandboxForEachTest()

/** Another tab of the same browser profile: its own client, the same storage and the same sandbox. */
function otherTab() {
  const client = createApiClient({
    mode: 'offline',
    offline: { answered: () => true, restart: async () => {} },
    book: createAccountBook(localStorage),
  })
  return {
    client,
    /** What the browser tells every other tab when this one writes the book. */
    wroteBook: () =>
      window.dispatchEvent(new StorageEvent('storage', { key: 'sandbox-console.account-book' })),
  }
}

it('says an account deleted in another tab was deleted, not that a link came from another browser', async () => {
  const user = userEvent.setup({ delay: null })
  const tabA = otherTab()
  const created = await tabA.client.createCardAccount({
    maskedPan: '525412******3241',
    currency: 'NOK',
    customerNumber: '13039319955',
  })
  const id = created.id
  if (id === undefined) throw new Error('the test account was not created')
  renderConsole(`?account=${id}`)
  await user.click(await emptyAccountAddButton())
  const dialog = within(await screen.findByRole('dialog', { name: /^Add transactions · / }))
  await pasteInto(user, dialog.getByRole('textbox', { name: 'Row 1 amount' }), '-5')
  await pasteInto(user, dialog.getByRole('combobox', { name: 'Row 1 MCC' }), '5411')

  await tabA.client.deleteCardAccount(id)
  tabA.wroteBook()
  // The user comes back to this tab.
  window.dispatchEvent(new Event('visibilitychange'))
  await user.click(dialog.getByRole('button', { name: 'Add transaction' }))

  const main = within(screen.getByRole('main'))
  const heading = await main.findByRole('heading', { name: 'Card account no longer in the sandbox' })
  expect(heading.parentElement?.querySelector('p')?.textContent).toBe(
    `This page showed card account ${id} (the console created or opened it in this browser), and this ` +
      "browser's offline sandbox no longer has it (it answered 404): it was deleted, perhaps in another tab " +
      "of this browser, or the sandbox's data was reset. The console no longer lists it either.",
  )
  expect(main.queryByText(/another browser, another profile or a private window/)).toBeNull()
  expect(main.queryByRole('button', { name: /^Switch to/ })).toBeNull()

  await user.click(dialog.getByRole('button', { name: 'Cancel' }))
  await user.click(main.getByRole('button', { name: 'Back to the account list' }))
  expect(await main.findByRole('heading', { name: 'No card accounts yet' })).toBeDefined()
  expect(location.search).not.toContain(id)
})

it('keeps the other-browser words for an id this page never read', async () => {
  renderConsole('?account=1f0c2a5e-0000-4000-8000-000000000000')
  const main = within(screen.getByRole('main'))
  expect(await main.findByRole('heading', { name: 'Card account not in this browser' })).toBeDefined()
  expect(
    main.getByText(/a link opened in another browser, another profile or a private window/),
  ).toBeDefined()
})
