import { screen, waitFor, within } from '@testing-library/react'
import { expect, it, vi } from 'vitest'
import { expectRefusalNamingCondition } from '../../test/condition-refusal'
import { browserAsksBeforeLeaving } from '../../test/leaving'
import { pasteInto } from '../../test/paste'
import { startConsole } from '../../test/render'
import { seedAccount, seedTransactions, storedTransactions, today, transaction } from '../../test/seed'
import { accountView } from '../card-accounts/account-view'
import { writeOfflineConditions } from '../conditions'
import { Inspector } from '../inspector/Inspector'
import { AddTransactionsDialog } from './AddTransactionsDialog'

async function openDialog(body?: Parameters<typeof seedAccount>[1], { conditions = false } = {}) {
  const app = await startConsole({ conditions })
  const account = await seedAccount(app.sandbox, body)
  const onCreated = vi.fn()
  app.render(
    <>
      <AddTransactionsDialog
        account={accountView(account.resourceId, account)}
        onClose={() => {}}
        onCreated={onCreated}
      />
      <Inspector />
    </>,
  )
  const dialog = within(screen.getByRole('dialog', { name: /^Add transactions · 525412\*{6}3241 · NOK/ }))
  /** Fills a row's amounts and merchant category (an original amount '' is left blank); dates and currencies keep their defaults. */
  const fillRow = async (row: number, amount: string, original: string, mcc: string) => {
    await pasteInto(app.user, dialog.getByRole('textbox', { name: `Row ${row} amount` }), amount)
    if (original !== '')
      await pasteInto(app.user, dialog.getByRole('textbox', { name: `Row ${row} original amount` }), original)
    await pasteInto(app.user, dialog.getByRole('combobox', { name: `Row ${row} MCC` }), mcc)
  }
  return { ...app, account, dialog, onCreated, fillRow }
}

it('adds one booked transaction, dated today, in the account currency', async () => {
  const { user, dialog, sandbox, account, onCreated, fillRow } = await openDialog()
  await fillRow(1, '-120.50', '-120.50', '5411')
  await user.click(dialog.getByRole('button', { name: 'Add transaction' }))

  await waitFor(() => expect(onCreated).toHaveBeenCalledOnce())
  const stored = await storedTransactions(sandbox, account.resourceId)
  expect(stored).toEqual([
    expect.objectContaining({
      bookingStatus: 'booked',
      bookingDate: today,
      transactionDate: today,
      transactionAmount: { currency: 'NOK', amount: '-120.50' },
      originalAmount: { currency: 'NOK', amount: '-120.50' },
      merchantCategoryCode: '5411',
    }),
  ])
  expect(onCreated).toHaveBeenCalledWith(
    expect.objectContaining({ kind: 'read', value: { transactions: stored } }),
    { sent: 1, booksOnly: false, notListed: '' },
  )
})

it("names the test condition that answered in the sandbox's place, in the inspector badge's words", async () => {
  writeOfflineConditions({
    rules: [
      { id: 'down', operation: 'createTransactions', kind: 'error', status: 500, probability: 1, seed: 7 },
    ],
  })
  const { user, dialog, sandbox, account, onCreated, fillRow } = await openDialog(undefined, {
    conditions: true,
  })
  await fillRow(1, '-120.50', '', '5411')
  await user.click(dialog.getByRole('button', { name: 'Add transaction' }))

  await expectRefusalNamingCondition(dialog, {
    condition: 'Condition down: 500',
    code: 'INTERNAL_SERVER_ERROR',
  })
  expect(await storedTransactions(sandbox, account.resourceId)).toEqual([])
  expect(onCreated).not.toHaveBeenCalled()
})

// Spec §5.5: a corporate account's writes need PSU-Corporate-ID; the dialog sends the one its reads send.
it('adds to a corporate account, sending its PSU-Corporate-ID', async () => {
  const corporate = {
    maskedPan: '525412******3241',
    currency: 'NOK',
    customerNumber: '18129215603',
    customerType: 'corporate' as const,
  }
  const { user, dialog, sandbox, account, onCreated, fillRow } = await openDialog(corporate)
  await fillRow(1, '-120.50', '-120.50', '5411')
  await user.click(dialog.getByRole('button', { name: 'Add transaction' }))
  await waitFor(() => expect(onCreated).toHaveBeenCalledOnce())
  expect(await storedTransactions(sandbox, account.resourceId)).toHaveLength(1)
})

it('adds a pending transaction without a booking date', async () => {
  const { user, dialog, sandbox, account, onCreated, fillRow } = await openDialog()
  await user.selectOptions(dialog.getByRole('combobox', { name: 'Row 1 status' }), 'pending')
  expect(dialog.queryByLabelText('Row 1 booking date')).toBeNull()
  expect(dialog.getByText('none while pending')).toBeDefined()
  // The contract's bank lists pending ones: no word of a bank that books only.
  expect(dialog.queryByRole('combobox', { name: 'Row 1 status', description: /booked/ })).toBeNull()
  await fillRow(1, '-9.99', '-0.87', '5812')
  await user.clear(dialog.getByRole('textbox', { name: 'Row 1 original currency' }))
  await user.type(dialog.getByRole('textbox', { name: 'Row 1 original currency' }), 'EUR')
  await user.click(dialog.getByRole('button', { name: 'Add transaction' }))

  await waitFor(() => expect(onCreated).toHaveBeenCalledOnce())
  const [stored, ...more] = await storedTransactions(sandbox, account.resourceId)
  expect(more).toEqual([])
  expect(stored).toMatchObject({
    bookingStatus: 'pending',
    transactionDate: today,
    originalAmount: { currency: 'EUR', amount: '-0.87' },
  })
  expect(stored).not.toHaveProperty('bookingDate')
})

it('names the row of a refused batch and stores none of it', async () => {
  const { user, dialog, sandbox, account, onCreated, fillRow } = await openDialog()
  await seedTransactions(sandbox, account.resourceId, [transaction({ cardTransactionId: 'taken-1' })])
  await fillRow(1, '-1.00', '-1.00', '5411')
  await user.click(dialog.getByRole('button', { name: '+ Add row' }))
  await fillRow(2, '-2.00', '-2.00', '5411')
  await user.type(dialog.getByRole('textbox', { name: 'Row 2 transaction id' }), 'taken-1')
  await user.click(dialog.getByRole('button', { name: 'Add 2 transactions' }))

  const refused = await dialog.findByRole('textbox', {
    name: 'Row 2 transaction id',
    description: 'Transaction id taken-1 already exists in this card account',
  })
  expect(refused.getAttribute('aria-invalid')).toBe('true')
  expect(dialog.getByRole('textbox', { name: 'Row 1 transaction id' }).getAttribute('aria-invalid')).toBe(
    'false',
  )
  expect(dialog.getByRole('alert').textContent).toBe(
    'The sandbox refused the batch and stored nothing: see the marked rows.',
  )
  expect(await storedTransactions(sandbox, account.resourceId)).toEqual([
    expect.objectContaining({ cardTransactionId: 'taken-1' }),
  ])
  expect(onCreated).not.toHaveBeenCalled()
})

it('marks a row the contract refuses before anything is sent', async () => {
  const { user, dialog, sandbox, account, onCreated, fillRow } = await openDialog()
  await fillRow(1, '12,50', '-1.00', '5411')
  await user.click(dialog.getByRole('button', { name: 'Add transaction' }))

  await dialog.findByRole('textbox', {
    name: 'Row 1 amount',
    description: /^Amount must use a point for decimals, not a comma: a decimal number with/,
  })
  expect(screen.getByText('Requests (0)')).toBeDefined()
  expect(await storedTransactions(sandbox, account.resourceId)).toEqual([])
  expect(onCreated).not.toHaveBeenCalled()
})

const MCC_REQUIRED =
  "MCC is required: a merchant category code of 1 to 4 characters, e.g. 5411 or one from the field's list"

it("lists a row's errors in the order of its fields, left to right", async () => {
  const { user, dialog } = await openDialog()
  await pasteInto(user, dialog.getByRole('textbox', { name: 'Row 1 transaction id' }), 'no spaces please')
  await pasteInto(user, dialog.getByRole('combobox', { name: 'Row 1 MCC' }), '99999')
  await user.clear(dialog.getByRole('textbox', { name: 'Row 1 amount currency' }))
  await pasteInto(user, dialog.getByRole('textbox', { name: 'Row 1 amount currency' }), 'KRONE')
  await pasteInto(user, dialog.getByRole('textbox', { name: 'Row 1 amount' }), '12,5 kr')
  await user.click(dialog.getByRole('button', { name: 'Add transaction' }))

  await dialog.findByText('Row 1:')
  const listed = [...document.querySelectorAll('.row-error')].map((error) => error.textContent?.split(' ')[0])
  expect(listed).toEqual(['Amount', 'Amount', 'MCC', 'Transaction'])
})

it('describes each field of a row by its own error alone, a valid one by none, and lists them apart', async () => {
  const { user, dialog } = await openDialog()
  await user.click(dialog.getByRole('button', { name: 'Add transaction' }))

  const amount = await dialog.findByRole('textbox', {
    name: 'Row 1 amount',
    description: /^Amount is required: a decimal number with .*, e\.g\. "-100\.50"$/,
  })
  expect(amount.getAttribute('aria-invalid')).toBe('true')
  // Said as the amount is: what it is, its format, an example, and where to pick one.
  dialog.getByRole('combobox', { name: 'Row 1 MCC', description: MCC_REQUIRED })
  const currency = dialog.getByRole('textbox', { name: 'Row 1 amount currency' })
  expect(currency.getAttribute('aria-invalid')).toBe('false')
  expect(currency.hasAttribute('aria-describedby')).toBe(false)
  // Under the row, the messages stay together, each one an item of its own.
  const rowErrors = within(dialog.getByText('Row 1:').parentElement as HTMLElement)
  expect(rowErrors.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
    expect.stringMatching(/^Amount is required/),
    MCC_REQUIRED,
  ])
})

it('says which fields of a row are required: the ones it refuses blank', async () => {
  const { dialog } = await openDialog()
  const required = (name: string) => dialog.getByLabelText(`Row 1 ${name}`).getAttribute('aria-required')
  for (const name of ['amount', 'amount currency', 'MCC']) expect(required(name), name).toBe('true')
  for (const name of ['original amount', 'original currency', 'transaction id'])
    expect(required(name), name).toBeNull()
})

it('says an empty amount is required, not that it is no decimal number', async () => {
  const { user, dialog, sandbox, account } = await openDialog()
  await user.type(dialog.getByRole('textbox', { name: 'Row 1 original amount' }), '-1.00')
  await user.type(dialog.getByRole('combobox', { name: 'Row 1 MCC' }), '5411')
  await user.click(dialog.getByRole('button', { name: 'Add transaction' }))

  await dialog.findByRole('textbox', {
    name: 'Row 1 amount',
    description: /^Amount is required: a decimal number with/,
  })
  expect(await storedTransactions(sandbox, account.resourceId)).toEqual([])
})

it('sends the amount as the original amount when that is left blank: a purchase in the account currency', async () => {
  const { user, dialog, sandbox, account, onCreated } = await openDialog()
  const original = dialog.getByRole('textbox', { name: 'Row 1 original amount' })
  expect(original).toHaveProperty('value', '')
  expect(dialog.getByRole('textbox', { name: 'Row 1 original currency' })).toHaveProperty('value', '')
  await user.type(dialog.getByRole('textbox', { name: 'Row 1 amount' }), '-42.00')
  await user.type(dialog.getByRole('combobox', { name: 'Row 1 MCC' }), '5411')
  await user.click(dialog.getByRole('button', { name: 'Add transaction' }))

  await waitFor(() => expect(onCreated).toHaveBeenCalledOnce())
  expect(await storedTransactions(sandbox, account.resourceId)).toEqual([
    expect.objectContaining({
      transactionAmount: { currency: 'NOK', amount: '-42.00' },
      originalAmount: { currency: 'NOK', amount: '-42.00' },
    }),
  ])
})

it('asks for the original amount of a purchase in another currency', async () => {
  const { user, dialog, sandbox, account } = await openDialog()
  await user.type(dialog.getByRole('textbox', { name: 'Row 1 amount' }), '-42.00')
  await user.type(dialog.getByRole('textbox', { name: 'Row 1 original currency' }), 'EUR')
  await user.type(dialog.getByRole('combobox', { name: 'Row 1 MCC' }), '5411')
  await user.click(dialog.getByRole('button', { name: 'Add transaction' }))

  await dialog.findByRole('textbox', {
    name: 'Row 1 original amount',
    description: /^Original amount is required/,
  })
  expect(await storedTransactions(sandbox, account.resourceId)).toEqual([])
})

it('shows no grey example that could pass for a typed value', async () => {
  const { user, dialog } = await openDialog()
  await user.click(dialog.getByText('All fields of row 1'))
  const placeholders = dialog
    .getAllByRole('textbox')
    .concat(dialog.getAllByRole('combobox'))
    .map((input) => input.getAttribute('placeholder'))
    .filter((text) => text !== null)
  expect(placeholders.length).toBeGreaterThan(5)
  for (const text of placeholders) expect(text).toMatch(/^(e\.g\. |as Amount$)/)
})

it('names refused fields by their labels, its own rules and the sandbox alike', async () => {
  const { user, dialog, sandbox, account, fillRow } = await openDialog()
  await fillRow(1, 'abc', '-1.00', ' ')
  await user.click(dialog.getByRole('button', { name: 'Add transaction' }))

  await dialog.findByRole('textbox', { name: 'Row 1 amount', description: /Amount must be a decimal number/ })
  expect(dialog.getByRole('combobox', { name: 'Row 1 MCC' }).getAttribute('aria-invalid')).toBe('true')
  expect(dialog.getByText(MCC_REQUIRED)).toBeDefined()
  expect(dialog.queryByText(/transactionAmount|merchantCategoryCode/)).toBeNull()

  // A rule only the sandbox knows (no date after today) comes back on the field, in the same words.
  await user.clear(dialog.getByRole('textbox', { name: 'Row 1 amount' }))
  await user.type(dialog.getByRole('textbox', { name: 'Row 1 amount' }), '-1.00')
  await user.type(dialog.getByRole('combobox', { name: 'Row 1 MCC' }), '5411')
  await user.type(dialog.getByRole('textbox', { name: 'Row 1 transaction id' }), 'dup')
  await seedTransactions(sandbox, account.resourceId, [transaction({ cardTransactionId: 'dup' })])
  await user.click(dialog.getByRole('button', { name: 'Add transaction' }))
  await dialog.findByRole('textbox', {
    name: 'Row 1 transaction id',
    description: 'Transaction id dup already exists in this card account',
  })
})

it('normalises amounts and currencies as typed: " 12.50 ", "+5", "nok", "00012", "-0"', async () => {
  const { user, dialog, sandbox, account, onCreated, fillRow } = await openDialog()
  await fillRow(1, ' 12.50 ', '+5', '5411')
  await user.click(dialog.getByRole('button', { name: '+ Add row' }))
  await fillRow(2, '00012', '-0', '5411')
  await user.clear(dialog.getByRole('textbox', { name: 'Row 1 original currency' }))
  await user.type(dialog.getByRole('textbox', { name: 'Row 1 original currency' }), 'eur')
  await user.click(dialog.getByRole('button', { name: 'Add 2 transactions' }))

  await waitFor(() => expect(onCreated).toHaveBeenCalledOnce())
  expect(await storedTransactions(sandbox, account.resourceId)).toEqual([
    expect.objectContaining({
      transactionAmount: { currency: 'NOK', amount: '12.50' },
      originalAmount: { currency: 'EUR', amount: '5' },
    }),
    expect.objectContaining({
      transactionAmount: { currency: 'NOK', amount: '12' },
      originalAmount: { currency: 'NOK', amount: '0' },
    }),
  ])
})

it('has the browser ask before a reload or a closed tab throws typed rows away', async () => {
  const { user, dialog } = await openDialog()
  expect(browserAsksBeforeLeaving()).toBe(false)

  await user.type(dialog.getByRole('textbox', { name: 'Row 1 amount' }), '-1')
  expect(browserAsksBeforeLeaving()).toBe(true)
})

it('marks the amount typed with a comma, not the original amount left blank to copy it', async () => {
  const { user, dialog, fillRow } = await openDialog()
  await fillRow(1, '-12,50', '', '5411')
  await user.click(dialog.getByRole('button', { name: 'Add transaction' }))

  await dialog.findByRole('textbox', {
    name: 'Row 1 amount',
    description:
      'Amount must use a point for decimals, not a comma: a decimal number with at most 14 digits and 3 decimals, e.g. "-100.50"',
  })
  expect(dialog.getByRole('textbox', { name: 'Row 1 original amount' }).getAttribute('aria-invalid')).toBe(
    'false',
  )
  expect(dialog.queryByText(/Original amount/, { selector: '.row-error' })).toBeNull()
})

it('shows an amount and a currency as they will be sent once the field is left: "+250" is 250', async () => {
  const { user, dialog } = await openDialog()
  const amount = dialog.getByRole('textbox', { name: 'Row 1 amount' })
  await user.type(amount, ' +250 ')
  await user.type(dialog.getByRole('textbox', { name: 'Row 1 original currency' }), 'eur')
  expect(amount).toHaveProperty('value', '250')
  await user.tab()
  expect(dialog.getByRole('textbox', { name: 'Row 1 original currency' })).toHaveProperty('value', 'EUR')
})

// "54111" also breaks the contract's length; the one message says what to type instead.
it.each(['541', '54111'])(
  'refuses the merchant category code %s, digits but not 4, in words, before anything is sent',
  async (mcc) => {
    const { user, dialog, sandbox, account, fillRow } = await openDialog()
    await fillRow(1, '-1.00', '', mcc)
    await user.click(dialog.getByRole('button', { name: 'Add transaction' }))

    await dialog.findByRole('combobox', {
      name: 'Row 1 MCC',
      description:
        'MCC made of digits must be exactly 4 digits (an ISO 18245 code), e.g. 5411; a code with letters, as the platform’s "BOB", may have 1 to 4 characters',
    })
    expect(screen.getByText('Requests (0)')).toBeDefined()
    expect(await storedTransactions(sandbox, account.resourceId)).toEqual([])
  },
)

// The platform's own examples hold "BOB" and "TEST": the contract takes them, so a row stored so duplicates.
it.each(['BOB', 'TEST'])(
  'adds a transaction with the merchant category code %s, as the platform does',
  async (mcc) => {
    const { user, dialog, sandbox, account, onCreated, fillRow } = await openDialog()
    await fillRow(1, '-1.00', '', mcc)
    await user.click(dialog.getByRole('button', { name: 'Add transaction' }))

    await waitFor(() => expect(onCreated).toHaveBeenCalledOnce())
    expect(await storedTransactions(sandbox, account.resourceId)).toEqual([
      expect.objectContaining({ merchantCategoryCode: mcc }),
    ])
  },
)

it("clears the last answer's banner when a new attempt stops in the form, sending nothing", async () => {
  const { user, dialog, sandbox, account, fillRow } = await openDialog()
  await seedTransactions(sandbox, account.resourceId, [transaction({ cardTransactionId: 'taken-1' })])
  await fillRow(1, '-1.00', '', '5411')
  const id = dialog.getByRole('textbox', { name: 'Row 1 transaction id' })
  await user.type(id, 'taken-1')
  await user.click(dialog.getByRole('button', { name: 'Add transaction' }))
  expect((await dialog.findByRole('alert')).textContent).toBe(
    'The sandbox refused the batch and stored nothing: see the marked rows.',
  )
  expect(screen.getByText('Requests (1)')).toBeDefined()

  await user.clear(id)
  await user.click(dialog.getByRole('button', { name: '+ Add row' }))
  await fillRow(2, '-42,50', '', '5411')
  await user.click(dialog.getByRole('button', { name: 'Add 2 transactions' }))

  await dialog.findByRole('textbox', {
    name: 'Row 2 amount',
    description: /^Amount must use a point for decimals, not a comma/,
  })
  expect(dialog.queryByText(/The sandbox refused/)).toBeNull()
  expect(dialog.queryByText(/Row 1 failed/)).toBeNull()
  expect(screen.getByText('Requests (1)')).toBeDefined()
})

// A tester typed 600 characters in Transaction details and learnt its limit only after submit.
it('counts a row’s Transaction details as typed, toward its limit', async () => {
  const { user, dialog } = await openDialog()
  await user.click(dialog.getByText('All fields of row 1'))
  const name = 'Row 1 transaction details'
  const details = dialog.getByRole('textbox', { name, description: '0/140 characters' })
  await pasteInto(user, details, 'Caffè «Ω» '.padEnd(141, 'y'))
  dialog.getByRole('textbox', { name, description: '141/140 characters' })
  expect(dialog.getByText('141/140 characters').className).toBe('over-limit')
})
