import { cleanup, screen, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { expect, it } from 'vitest'
import { createAccountBook, createApiClient, OFFLINE_UPSTREAM } from '../../api'
import { pasteInto } from '../../test/paste'
import { proxyAnswers, renderConsole, sandboxForEachTest } from '../../test/render-console'
import { emptyAccountAddButton } from '../../test/transactions-view'

const { server, sandbox } = sandboxForEachTest()

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

/** An account another tab of this browser created: this tab's book learns of it from storage. */
async function accountOfAnotherTab() {
  const tabA = otherTab()
  const created = await tabA.client.createCardAccount({
    maskedPan: '525412******3241',
    currency: 'NOK',
    customerNumber: '13039319955',
  })
  if (created.id === undefined) throw new Error('the test account was not created')
  return { tabA, id: created.id }
}

it('says an account deleted in another tab was deleted, not that a link came from another browser', async () => {
  const user = userEvent.setup({ delay: null })
  const { tabA, id } = await accountOfAnotherTab()
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

// A tester deleted the offline database while the console was open (another tab's site data cleared): the
// book still named the account, and the page showed raw 404s whose Retry could never succeed.
it('says an account is gone when the offline sandbox lost it under the book', async () => {
  const user = userEvent.setup({ delay: null })
  const { id } = await accountOfAnotherTab()
  renderConsole(`?account=${id}`)
  await emptyAccountAddButton()

  await sandbox.deleteCardAccount(id)
  await user.click(screen.getByRole('radio', { name: 'pending' }))

  const main = within(screen.getByRole('main'))
  expect(await main.findByRole('heading', { name: 'Card account no longer in the sandbox' })).toBeDefined()
  expect(within(screen.getByRole('complementary')).queryByRole('link', { name: /^525412/ })).toBeNull()
})

it('keeps the other-browser words for an id this page never read', async () => {
  renderConsole('?account=1f0c2a5e-0000-4000-8000-000000000000')
  const main = within(screen.getByRole('main'))
  expect(await main.findByRole('heading', { name: 'Card account not in this browser' })).toBeDefined()
  expect(
    main.getByText(/a link opened in another browser, another profile or a private window/),
  ).toBeDefined()
})

// A tester in Proxy mode switched to Offline, then pressed Back: the page before the switch named the
// proxy's account, and the console said a link from another browser could not be found here.
it('names the other mode when its book holds the account, with the way there', async () => {
  const id = '1f0c2a5e-0000-4000-8000-0000000000aa'
  createAccountBook(localStorage).record('http://127.0.0.1:4010/v1', { id, origin: 'created' })
  renderConsole(`?account=${id}`)
  const main = within(screen.getByRole('main'))
  const heading = await main.findByRole('heading', { name: 'Card account of Proxy (/api → upstream) mode' })
  expect(heading.parentElement?.querySelector('p')?.textContent).toBe(
    `The console created or opened card account ${id} in Proxy (/api → upstream) mode, in the sandbox ` +
      "behind the proxy. This browser's offline sandbox keeps its own accounts and has none with this id " +
      '(it answered 404).',
  )
  expect(main.queryByText(/another browser, another profile or a private window/)).toBeNull()
  expect(main.getByRole('button', { name: 'Switch to Proxy (/api → upstream)' })).toBeDefined()
})

it('in Proxy mode, names Offline when this browser’s offline book holds the account', async () => {
  const id = '1f0c2a5e-0000-4000-8000-0000000000bb'
  createAccountBook(localStorage).record(OFFLINE_UPSTREAM, { id, origin: 'created' })
  server.use(...proxyAnswers())
  renderConsole(`?account=${id}`, 'proxy')
  const main = within(screen.getByRole('main'))
  const heading = await main.findByRole('heading', { name: 'Card account of Offline (in-browser) mode' })
  expect(heading.parentElement?.querySelector('p')?.textContent).toBe(
    `The console created or opened card account ${id} in Offline (in-browser) mode, in this browser's ` +
      'offline sandbox. The sandbox behind the proxy keeps its own accounts and has none with this id (it ' +
      'answered 404).',
  )
  expect(main.getByRole('button', { name: 'Switch to Offline (in-browser)' })).toBeDefined()
})

// A tester restarted `npm start` onto the platform personality with the same data folder: the page read
// everything again, found no account, and said it might have been made offline, offering only Offline.
it('in Proxy mode, names the sandbox the proxy served before when its book holds the account', async () => {
  const user = userEvent.setup({ delay: null })
  const id = '90884107-65ea-49a9-a810-8555718c4e87'
  const before = 'the local sandbox, data in /tmp/data/npm-start-console.json'
  createAccountBook(localStorage).record(before, { id, origin: 'created' })
  server.use(...proxyAnswers({ dataFile: '/tmp/data/npm-start-platform.json' }))
  renderConsole(`?account=${id}`, 'proxy')
  const main = within(screen.getByRole('main'))
  const heading = await main.findByRole('heading', { name: 'Card account of another sandbox' })
  expect(heading.parentElement?.querySelector('p')?.textContent).toBe(
    `The console created or opened card account ${id} when the proxy served ${before}. It now serves the ` +
      'local sandbox, data in /tmp/data/npm-start-platform.json, which has no card account with this id (it ' +
      'answered 404).',
  )
  expect(main.queryByRole('button', { name: /^Switch to/ })).toBeNull()
  await user.click(main.getByRole('button', { name: 'Back to the account list' }))
  expect(await main.findByRole('heading', { name: 'No card accounts yet' })).toBeDefined()
  expect(location.search).not.toContain(id)
})

it('in Proxy mode, an id no book holds offers the account list beside Offline', async () => {
  const user = userEvent.setup({ delay: null })
  server.use(...proxyAnswers())
  renderConsole('?account=1f0c2a5e-0000-4000-8000-0000000000cc', 'proxy')
  const main = within(screen.getByRole('main'))
  expect(await main.findByRole('heading', { name: 'Card account not found' })).toBeDefined()
  expect(main.getByRole('button', { name: 'Switch to Offline (in-browser)' })).toBeDefined()
  await user.click(main.getByRole('button', { name: 'Back to the account list' }))
  expect(await main.findByRole('heading', { name: 'No card accounts yet' })).toBeDefined()
})

// A tester restarted `SANDBOX_DATA=memory npm start`: the account went with the old in-memory sandbox, and
// its book with it, yet the page pointed only at Offline mode.
it('in Proxy mode on a sandbox in memory, says a restart empties it before naming Offline', async () => {
  const memory = 'each start of the server begins it empty, so a card account created before the last restart'
  for (const [connection, said] of [
    [{}, true],
    [{ dataFile: '/tmp/data/npm-start-console.json' }, false],
  ] as const) {
    server.use(...proxyAnswers(connection))
    renderConsole('?account=1f0c2a5e-0000-4000-8000-0000000000cc', 'proxy')
    const main = within(screen.getByRole('main'))
    const heading = await main.findByRole('heading', { name: 'Card account not found' })
    expect(heading.parentElement?.textContent?.includes(memory)).toBe(said)
    cleanup()
  }
})
