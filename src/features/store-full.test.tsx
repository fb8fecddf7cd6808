// A write past a sandbox's cap on stored transactions (507): the dialogs say so in words, and nothing
// of the refused batch is stored.
import { screen, within } from '@testing-library/react'
import { expect, it, vi } from 'vitest'
import { startConsole } from '../test/render'
import { seedAccount, seedTransactions, storedTransactions, transaction } from '../test/seed'
import { accountView } from './card-accounts/account-view'
import { GenerateDialog } from './data-tools/GenerateDialog'
import { AddTransactionsDialog } from './transactions/AddTransactionsDialog'

it('Generate stops at the cap and shows the 507 message in words', async () => {
  const app = await startConsole({ caps: { perAccount: 5_000 } })
  const account = await seedAccount(app.sandbox)
  app.render(
    <GenerateDialog account={accountView(account.resourceId, account)} onClose={() => {}} onDone={vi.fn()} />,
  )
  const dialog = within(screen.getByRole('dialog', { name: 'Generate transactions' }))
  const input = dialog.getByRole('spinbutton', { name: 'Number of transactions' })
  await app.user.type(input, '10000', { initialSelectionStart: 0, initialSelectionEnd: Infinity })
  await app.user.click(dialog.getByRole('button', { name: 'Generate 10,000' }))

  // The first request fits under the cap, the second would pass it.
  const alert = await dialog.findByRole('alert')
  const stored = (await storedTransactions(app.sandbox, account.resourceId)).length
  expect(stored).toBeGreaterThan(0)
  expect(stored).toBeLessThan(5_000)
  const n = stored.toLocaleString('en')
  expect(alert.textContent).toContain(`Stopped after ${n} transactions (HTTP 507)`)
  expect(alert.textContent).toMatch(
    new RegExp(
      `Nothing was stored: the cap of 5,000 transactions per card account: this card account holds ${n}, and [\\d,]+ more would pass it`,
    ),
  )
  expect(
    dialog.getByRole('progressbar', { name: `Failed: ${n} of 10,000 transactions stored.` }),
  ).toBeDefined()
})

it('Add transactions shows the 507 message in words and stores nothing', async () => {
  const app = await startConsole({ caps: { total: 1 } })
  const account = await seedAccount(app.sandbox)
  await seedTransactions(app.sandbox, account.resourceId, [transaction()])
  app.render(
    <AddTransactionsDialog
      account={accountView(account.resourceId, account)}
      onClose={() => {}}
      onCreated={vi.fn()}
    />,
  )
  const dialog = within(screen.getByRole('dialog', { name: /^Add transactions/ }))
  await app.user.type(dialog.getByRole('textbox', { name: 'Row 1 amount' }), '-1.00')
  await app.user.type(dialog.getByRole('textbox', { name: 'Row 1 original amount' }), '-1.00')
  await app.user.type(dialog.getByRole('combobox', { name: 'Row 1 MCC' }), '5411')
  await app.user.click(dialog.getByRole('button', { name: 'Add transaction' }))

  const alert = await dialog.findByRole('alert')
  expect(alert.textContent).toContain(
    'Nothing was stored: the cap of 1 transactions in all card accounts: they hold 1, and 1 more would pass it',
  )
  expect(await storedTransactions(app.sandbox, account.resourceId)).toHaveLength(1)
})
