import { screen, waitFor, within } from '@testing-library/react'
import { expect, it } from 'vitest'
import { startConsole } from '../../test/render'
import { seedAccount, seedTransactions, storedTransactions, transaction } from '../../test/seed'
import { tableRows } from '../../test/transactions-view'
import { writeOfflineConditions } from '../conditions'

async function showApp(
  customer: Parameters<typeof seedAccount>[1] = {},
  seedFirst = async (_: Parameters<typeof seedAccount>[0]) => {},
  more: ReturnType<typeof transaction>[] = [],
) {
  const app = await startConsole()
  await seedFirst(app.sandbox)
  const account = await seedAccount(app.sandbox, { name: 'Travel', ...customer })
  await seedTransactions(app.sandbox, account.resourceId, [
    transaction({ cardTransactionId: 'keep', merchantCategoryCode: '5411' }),
    transaction({ cardTransactionId: 'gone', merchantCategoryCode: '5812', transactionDetails: 'Lunch' }),
    ...more,
  ])
  window.history.replaceState(null, '', `/?account=${account.resourceId}&status=both`)
  app.renderApp()
  await screen.findByRole('table', { name: /^Transactions of/ })
  return { ...app, account }
}

const rowsText = () => screen.getByText(/^Rows \d/).textContent

it('deletes one transaction after a confirmation that names it', async () => {
  const { user, sandbox, account } = await showApp()
  expect(rowsText()).toBe('Rows 1–2 of 2')
  await user.click(screen.getByRole('button', { name: 'Details of transaction gone' }))
  await user.click(screen.getByRole('button', { name: 'Delete transaction gone…' }))

  const confirm = within(await screen.findByRole('dialog', { name: 'Delete transaction gone' }))
  expect(confirm.getByText(/in the sandbox\?$/).textContent).toMatch(
    /^Delete transaction gone \(booked \d{4}-\d\d-\d\d, -10\.00 NOK, MCC 5812\) of 525412\*{6}3241 · NOK · Travel/,
  )
  await user.click(confirm.getByRole('button', { name: 'Delete transaction' }))

  await waitFor(() => expect(rowsText()).toBe('Rows 1–1 of 1'))
  expect(screen.queryByRole('button', { name: 'Details of transaction gone' })).toBeNull()
  // Announced when the deletion's promise settles, after its re-read: a render after the table can show it.
  await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Transaction gone deleted'))
  expect((await storedTransactions(sandbox, account.resourceId)).map((t) => t.cardTransactionId)).toEqual([
    'keep',
  ])
})

it('a transaction another tab deleted while its confirmation was open: said so, the dialog closes', async () => {
  const { user, sandbox, account } = await showApp()
  await user.click(screen.getByRole('button', { name: 'Details of transaction gone' }))
  await user.click(screen.getByRole('button', { name: 'Delete transaction gone…' }))
  const confirm = await screen.findByRole('dialog', { name: 'Delete transaction gone' })
  await sandbox.deleteTransaction(account.resourceId, 'gone')

  await user.click(within(confirm).getByRole('button', { name: 'Delete transaction' }))
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete transaction gone' })).toBeNull())
  await waitFor(() =>
    expect(screen.getByRole('status').textContent).toBe(
      'Transaction gone was already deleted (in another tab or by another client)',
    ),
  )
  await waitFor(() => expect(rowsText()).toBe('Rows 1–1 of 1'))
  expect((await storedTransactions(sandbox, account.resourceId)).map((t) => t.cardTransactionId)).toEqual([
    'keep',
  ])
})

it('duplicates a transaction into the form, filled with it, and adds the edited copy', async () => {
  const { user, sandbox, account } = await showApp()
  await user.click(screen.getByRole('button', { name: 'Details of transaction gone' }))
  await user.click(screen.getByRole('button', { name: 'Duplicate and edit…' }))

  const dialog = within(await screen.findByRole('dialog', { name: /^Duplicate and edit · / }))
  expect(dialog.getByRole('textbox', { name: 'Row 1 amount' })).toHaveProperty('value', '-10.00')
  expect(dialog.getByRole('textbox', { name: 'Row 1 original currency' })).toHaveProperty('value', 'EUR')
  expect(dialog.getByRole('combobox', { name: 'Row 1 MCC' })).toHaveProperty('value', '5812')
  // A copy gets an id of its own.
  expect(dialog.getByRole('textbox', { name: 'Row 1 transaction id' })).toHaveProperty('value', '')
  await user.clear(dialog.getByRole('textbox', { name: 'Row 1 amount' }))
  await user.type(dialog.getByRole('textbox', { name: 'Row 1 amount' }), '-20.00')
  await user.click(dialog.getByRole('button', { name: 'Add transaction' }))

  await waitFor(async () =>
    expect((await storedTransactions(sandbox, account.resourceId)).at(-1)).toMatchObject({
      merchantCategoryCode: '5812',
      transactionDetails: 'Lunch',
      transactionAmount: { amount: '-20.00', currency: 'NOK' },
      originalAmount: { amount: '-0.90', currency: 'EUR' },
    }),
  )
})

it('gives the focus back to Duplicate and edit… once the copy is added', async () => {
  const { user } = await showApp()
  await user.click(screen.getByRole('button', { name: 'Details of transaction gone' }))
  const opener = screen.getByRole('button', { name: 'Duplicate and edit…' })
  await user.click(opener)
  const dialog = within(await screen.findByRole('dialog', { name: /^Duplicate and edit · / }))
  await user.click(dialog.getByRole('button', { name: 'Add transaction' }))

  await waitFor(() => expect(rowsText()).toBe('Rows 1–3 of 3'))
  // The copy comes in above the row it was made from: that row's detail stays open, its button focused. The
  // dialog closes once the table has read the new rows (on a loaded machine a render after them shows).
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  expect(document.activeElement).toBe(opener)
})

// A tester's copy of a purchase in the account's own currency came out as "-43 EUR | -42 EUR": the
// original had been copied as typed, where the Add form's blank one follows the amount.
it.each([
  ['the amount', '-43.00 NOK', { currency: 'NOK', amount: '-42.00' }, ''],
  ['another amount', '-0.90 EUR', { currency: 'EUR', amount: '-0.90' }, '-0.90'],
  ['the amount in another currency', '-42.00 EUR', { currency: 'EUR', amount: '-42.00' }, '-42.00'],
])(
  'duplicates a transaction whose original is %s: with the amount changed to -43.00, the copy shows %s',
  async (_, copied, originalAmount, shownInForm) => {
    const { user } = await showApp({}, undefined, [
      transaction({
        cardTransactionId: 'source',
        transactionAmount: { currency: 'NOK', amount: '-42.00' },
        originalAmount,
      }),
    ])
    await user.click(screen.getByRole('button', { name: 'Details of transaction source' }))
    await user.click(screen.getByRole('button', { name: 'Duplicate and edit…' }))
    const dialog = within(await screen.findByRole('dialog', { name: /^Duplicate and edit · / }))
    const original = dialog.getByRole('textbox', { name: 'Row 1 original amount' })
    expect(original).toHaveProperty('value', shownInForm)
    expect(original.getAttribute('placeholder')).toBe('as Amount')
    await user.clear(dialog.getByRole('textbox', { name: 'Row 1 amount' }))
    await user.type(dialog.getByRole('textbox', { name: 'Row 1 amount' }), '-43.00')
    await user.click(dialog.getByRole('button', { name: 'Add transaction' }))

    await waitFor(() => expect(rowsText()).toBe('Rows 1–4 of 4'))
    expect(tableRows().filter((row) => row.Amount === '-43.00 NOK')).toEqual([
      expect.objectContaining({ Original: copied }),
    ])
  },
)

it('deletes the account after a confirmation that names it and how many transactions go with it', async () => {
  const { user, sandbox, account } = await showApp()
  await user.click(screen.getByRole('button', { name: 'Delete account…' }))
  const confirm = within(await screen.findByRole('dialog', { name: 'Delete card account' }))
  const question = await confirm.findByText(/and its 2 transactions\?$/)
  expect(question.textContent).toBe(
    `Delete 525412******3241 · NOK · Travel · private (id ${account.resourceId}) in the sandbox, and its 2 transactions?`,
  )
  // The count arrives after the dialog opened: focus stays where it started, on the harmless choice.
  expect(document.activeElement).toBe(confirm.getByRole('button', { name: 'Cancel' }))
  await user.click(confirm.getByRole('button', { name: 'Delete account' }))

  await screen.findByRole('heading', { name: 'No card accounts yet' })
  expect(await sandbox.listCardAccounts()).toEqual([])
})

async function confirmDeletingAnEmptyAccount(options: Parameters<typeof startConsole>[0] = {}) {
  const app = await startConsole(options)
  const account = await seedAccount(app.sandbox, { name: 'Empty' })
  window.history.replaceState(null, '', `/?account=${account.resourceId}`)
  app.renderApp()
  await app.user.click(await screen.findByRole('button', { name: 'Delete account…' }))
  return within(await screen.findByRole('dialog', { name: 'Delete card account' }))
}

it('says an account with no transactions has none', async () => {
  const confirm = await confirmDeletingAnEmptyAccount()
  expect(await confirm.findByText(/in the sandbox\? It has no transactions\.$/)).toBeDefined()
})

it('says it does not know how many transactions go when the sandbox does not answer the count', async () => {
  writeOfflineConditions({
    rules: [
      { id: 'down', operation: 'summarizeTransactions', kind: 'error', status: 500, probability: 1, seed: 1 },
    ],
  })
  const confirm = await confirmDeletingAnEmptyAccount({ conditions: true })
  const question = await confirm.findByText(/with all its transactions, however many\?/)
  expect(question.textContent).toMatch(
    /in the sandbox, with all its transactions, however many\? The sandbox did not say how many \(INTERNAL_SERVER_ERROR: .+\)\.$/,
  )
  expect(confirm.getByRole('button', { name: 'Delete account' })).toHaveProperty('disabled', false)
})

// Spec §5.5: a corporate account's writes, deletes too, need PSU-Corporate-ID; the console sends the one its
// reads send (docs/decisions.md#corporate-accounts).
it('deletes a transaction of a corporate account, then the account, each with its PSU-Corporate-ID', async () => {
  const { user, sandbox } = await showApp({
    customerNumber: '18129215603',
    customerType: 'corporate',
  })
  await user.click(screen.getByRole('button', { name: 'Details of transaction gone' }))
  await user.click(screen.getByRole('button', { name: 'Delete transaction gone…' }))
  // The dialog is a lazy chunk: the first test of a worker to open it waits for its import.
  await user.click(
    within(await screen.findByRole('dialog', { name: 'Delete transaction gone' })).getByRole('button', {
      name: 'Delete transaction',
    }),
  )
  await waitFor(() => expect(rowsText()).toBe('Rows 1–1 of 1'))
  // The page behind a modal dialog is out of reach: a user clicks Delete account… once it has closed.
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

  await user.click(screen.getByRole('button', { name: 'Delete account…' }))
  const confirm = within(await screen.findByRole('dialog', { name: 'Delete card account' }))
  await user.click(confirm.getByRole('button', { name: 'Delete account' }))
  await screen.findByRole('heading', { name: 'No card accounts yet' })
  expect(await sandbox.listCardAccounts()).toEqual([])
})

it.each([
  ['Settle pending…', /^Settle pending transactions/],
  ['Delete transaction gone…', /^Delete transaction gone/],
])('closes "%s" on Back to another account, never showing it over that account', async (button, title) => {
  let other = { resourceId: '' }
  const { user, account } = await showApp({}, async (sandbox) => {
    other = await seedAccount(sandbox, { name: 'Other', maskedPan: '400000******0001' })
    await seedTransactions(sandbox, other.resourceId, [transaction({ cardTransactionId: 'o-1' })])
  })
  await user.click(await screen.findByRole('link', { name: /400000\*{6}0001/ }))
  await screen.findByRole('table', { name: /^Transactions of 400000/ })
  history.back()
  await screen.findByRole('table', { name: /^Transactions of 525412/ })
  history.forward()
  await screen.findByRole('table', { name: /^Transactions of 400000/ })
  expect(new URLSearchParams(location.search).get('account')).toBe(other.resourceId)
  history.back()
  await screen.findByRole('table', { name: /^Transactions of 525412/ })
  expect(new URLSearchParams(location.search).get('account')).toBe(account.resourceId)

  if (button.startsWith('Delete'))
    await user.click(screen.getByRole('button', { name: 'Details of transaction gone' }))
  await user.click(screen.getByRole('button', { name: button }))
  await screen.findByRole('dialog', { name: title })
  history.forward()

  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  await screen.findByRole('table', { name: /^Transactions of 400000/ })
})

it("shows what was done to an account only on that account: another account's page has no stale note", async () => {
  const { user } = await showApp({}, async (sandbox) => {
    const other = await seedAccount(sandbox, { name: 'Other', maskedPan: '400000******0001' })
    await seedTransactions(sandbox, other.resourceId, [transaction({ cardTransactionId: 'o-1' })])
  })
  await user.click(screen.getByRole('button', { name: 'Details of transaction gone' }))
  await user.click(screen.getByRole('button', { name: 'Duplicate and edit…' }))
  const dialog = within(await screen.findByRole('dialog', { name: /^Duplicate and edit · / }))
  await user.click(dialog.getByRole('button', { name: 'Add transaction' }))
  const note = () => document.querySelector('main .status-message')?.textContent
  await waitFor(() => expect(note()).toBe('1 transaction created'))

  await user.click(screen.getByRole('link', { name: /400000\*{6}0001/ }))
  await screen.findByRole('table', { name: /^Transactions of 400000/ })
  expect(note()).toBeUndefined()
})

// A keyboard tester paging through read "10 transactions created" above every page, as if each page had
// just been made: the note is of the page it was said on.
it('shows what was done on the page it was done on, not on the next pages', async () => {
  const more = Array.from({ length: 10 }, (_, i) => transaction({ cardTransactionId: `m-${i}` }))
  const { user } = await showApp({}, undefined, more)
  await user.selectOptions(screen.getByRole('combobox', { name: 'Page size' }), '10')
  await screen.findByText('Rows 1–10 of 12')
  const [first] = screen.getAllByRole('button', { name: /^Details of transaction / })
  if (first === undefined) throw new Error('no row on the first page')
  await user.click(first)
  await user.click(screen.getByRole('button', { name: 'Duplicate and edit…' }))
  const dialog = within(await screen.findByRole('dialog', { name: /^Duplicate and edit · / }))
  await user.click(dialog.getByRole('button', { name: 'Add transaction' }))
  const note = () => document.querySelector('main .status-message')?.textContent
  await waitFor(() => expect(note()).toBe('1 transaction created'))

  await user.click(screen.getByRole('button', { name: 'Next ›' }))
  await screen.findByText(/^Rows 11–13 of 13$/)
  expect(note()).toBeUndefined()
  await user.click(screen.getByRole('button', { name: '‹ Prev' }))
  // The total the copy made, never the one before it.
  await screen.findByText('Rows 1–10 of 13')
  expect(note()).toBe('1 transaction created')
})

it('offline behaving like a bank without deletes offers none, and says where to choose one that has them', async () => {
  const app = await startConsole({ personality: 'platform' })
  const account = await seedAccount(app.sandbox, { name: 'Travel' })
  await seedTransactions(app.sandbox, account.resourceId, [transaction({ cardTransactionId: 'kept' })])
  window.history.replaceState(null, '', `/?account=${encodeURIComponent(account.resourceId)}`)
  app.renderApp()
  await screen.findByRole('table', { name: /^Transactions of/ })

  expect(screen.queryByRole('button', { name: 'Delete account…' })).toBeNull()
  await app.user.click(screen.getByRole('button', { name: 'Details of transaction kept' }))
  expect(screen.queryByRole('button', { name: 'Delete transaction kept…' })).toBeNull()
  expect(
    screen.getByText(/^Deleting is not offered: the offline sandbox behaves like platform, which has none/)
      .textContent,
  ).toMatch(/choose the console's behaviour under Sandbox clock and bank… to delete\.$/)
})
