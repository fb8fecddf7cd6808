// A tester demonstrating against a bank-shaped sandbox pressed Fill test data: it wrote there at once, for
// good (the bank has no deletes), and a second press made a second set the book could not tell apart.
import { screen, waitFor, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { expect, it } from 'vitest'
import { proxyAnswers, renderConsole, sandboxForEachTest } from '../../test/render-console'
import { seedAccount } from '../../test/seed'

const { server, sandbox } = sandboxForEachTest()

const bank = { upstream: 'https://bank.example/api-sandbox', local: false, consoleOperations: false }

it('asks before Fill test data writes to a sandbox that offers no delete', async () => {
  const user = userEvent.setup({ delay: null })
  server.use(...proxyAnswers(bank))
  renderConsole('', 'proxy')
  const main = within(screen.getByRole('main'))
  const fill = await main.findByRole('button', { name: 'Fill test data' })
  // Until the proxy has said what its sandbox is, the console cannot tell whether it deletes.
  await waitFor(() => expect(fill).toHaveProperty('disabled', false))
  await user.click(fill)
  const ask = within(await screen.findByRole('dialog', { name: 'Fill test data' }))
  expect(ask.getByText(/^This sandbox offers no delete: they stay there for good/)).toBeDefined()
  await user.click(ask.getByRole('button', { name: 'Cancel' }))
  expect(await sandbox.listCardAccounts()).toEqual([])

  await user.click(main.getByRole('button', { name: 'Fill test data' }))
  const again = within(await screen.findByRole('dialog', { name: 'Fill test data' }))
  await user.click(again.getByRole('button', { name: 'Fill test data' }))
  await waitFor(async () => expect((await sandbox.listCardAccounts()).length).toBeGreaterThan(0))
})

it('fills at once where the sandbox can delete what it wrote', async () => {
  const user = userEvent.setup({ delay: null })
  renderConsole('')
  await user.click(await within(screen.getByRole('main')).findByRole('button', { name: 'Fill test data' }))
  await waitFor(async () => expect((await sandbox.listCardAccounts()).length).toBeGreaterThan(0))
  expect(screen.queryByRole('dialog', { name: 'Fill test data' })).toBeNull()
})

it('says in Generate that what it writes to a sandbox without deletes stays there', async () => {
  const user = userEvent.setup({ delay: null })
  server.use(...proxyAnswers(bank))
  const account = await seedAccount(sandbox)
  renderConsole(`?account=${account.resourceId}&status=both`, 'proxy')
  const main = within(screen.getByRole('main'))
  await main.findByText('This account has no transactions yet.')
  await user.click(main.getByRole('button', { name: 'Generate…' }))
  const dialog = within(await screen.findByRole('dialog', { name: 'Generate transactions' }))
  expect(
    await dialog.findByText(
      'This sandbox offers no delete: the transactions it generates stay there for good.',
    ),
  ).toBeDefined()
})
