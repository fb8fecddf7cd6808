import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { expect, it, vi } from 'vitest'
import type { PersonalityName } from '../../contract'
import { startConsole } from '../../test/render'
import {
  daysAgo,
  seedAccount,
  seedTransactions,
  storedTransactions,
  today,
  transaction,
} from '../../test/seed'
import { accountView } from '../card-accounts/account-view'
import { SettleDialog } from './SettleDialog'

/** The dialog on an account with one pending transaction, p-1. */
async function openSettle(personality?: PersonalityName) {
  const app = await startConsole(personality === undefined ? {} : { personality })
  const account = await seedAccount(app.sandbox)
  await seedTransactions(app.sandbox, account.resourceId, [
    transaction({ bookingStatus: 'pending', bookingDate: undefined, cardTransactionId: 'p-1' }),
  ])
  const onClose = vi.fn()
  app.render(
    <SettleDialog
      account={accountView(account.resourceId, account)}
      corporateId={undefined}
      onClose={onClose}
    />,
  )
  const dialog = within(await screen.findByRole('dialog'))
  return { app, account, dialog, onClose }
}

/** The words a field is described by, as a screen reader reads them after its name. */
const describedAs = (field: HTMLElement) =>
  document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent

it('says in its grey hints what a blank new id and amount keep, never a bare value', async () => {
  const { app, dialog } = await openSettle()
  await app.user.click(await dialog.findByRole('checkbox', { name: new RegExp(`p-1 ${today}`) }))

  expect(dialog.getByLabelText(/^New cardTransactionId/).getAttribute('placeholder')).toBe('blank keeps p-1')
  expect(dialog.getByLabelText(/^Booked amount in NOK/).getAttribute('placeholder')).toBe(
    'blank keeps -10.00',
  )
})

it('shows the booked amount as it will be sent once it is left, and settles with it: "+12.5 " is 12.5', async () => {
  const { app, account, dialog } = await openSettle()
  await app.user.click(await dialog.findByRole('checkbox', { name: new RegExp(`p-1 ${today}`) }))
  const amount = dialog.getByLabelText(/^Booked amount in NOK/)
  await app.user.type(amount, ' +12.5 ')
  await app.user.tab()
  expect(amount).toHaveProperty('value', '12.5')

  await app.user.click(dialog.getByRole('button', { name: /^Settle/ }))
  await waitFor(async () =>
    expect(await storedTransactions(app.sandbox, account.resourceId)).toEqual([
      expect.objectContaining({
        bookingStatus: 'booked',
        transactionAmount: { amount: '12.5', currency: 'NOK' },
      }),
    ]),
  )
})

it('says beside the booked amount when it turns the pending debit into a credit, and still settles it', async () => {
  const { app, account, dialog } = await openSettle()
  await app.user.click(await dialog.findByRole('checkbox', { name: new RegExp(`p-1 ${today}`) }))
  const amount = dialog.getByLabelText(/^Booked amount in NOK/)
  await app.user.type(amount, '+10')

  expect(
    dialog.getByRole('textbox', {
      name: /^Booked amount in NOK/,
      description: 'Booked as a credit, though it is pending as a debit (-10.00 NOK)',
    }),
  ).toBe(amount)
  await app.user.click(dialog.getByRole('button', { name: 'Settle as booked' }))
  await waitFor(async () =>
    expect(await storedTransactions(app.sandbox, account.resourceId)).toEqual([
      expect.objectContaining({
        bookingStatus: 'booked',
        transactionAmount: { amount: '10', currency: 'NOK' },
      }),
    ]),
  )
})

it.each([
  ['-2', 'below 0'],
  ['99999999', "past the clock's 36,500 days"],
  ['1e3', 'a thousand, written as an exponent'],
])('refuses %s days pending (%s) in words before sending, and settles nothing', async (typed) => {
  const { app, account, dialog } = await openSettle()
  const days = dialog.getByRole('spinbutton', { name: 'Days pending' })
  await app.user.clear(days)
  await app.user.type(days, typed)
  expect(days).toHaveProperty('value', typed)
  await app.user.click(dialog.getByRole('button', { name: 'Settle as booked' }))

  // The focus goes to the field, which reads why.
  expect(document.activeElement).toBe(
    dialog.getByRole('spinbutton', {
      name: 'Days pending',
      description: `Days pending must be a whole number of days from 0 to 36,500 (not "${typed}"); nothing was settled`,
    }),
  )
  expect(await storedTransactions(app.sandbox, account.resourceId)).toEqual([
    expect.objectContaining({ bookingStatus: 'pending' }),
  ])
})

it("says the sandbox's refusal in the words of the dialog's labels, not the body's paths", async () => {
  const { app, dialog } = await openSettle()
  await app.user.click(await dialog.findByRole('checkbox', { name: new RegExp(`p-1 ${today}`) }))
  await app.user.type(dialog.getByLabelText(/^Booked amount in NOK/), 'five')
  await app.user.click(dialog.getByRole('button', { name: 'Settle as booked' }))

  const alert = await dialog.findByRole('alert')
  expect(alert.textContent).toMatch(/^FORMAT_ERROR Amount /)
  expect(alert.textContent).not.toContain('transactions[0]')
})

it("drops the sandbox's answer to the last attempt as soon as what would be sent changes", async () => {
  const { app, dialog } = await openSettle()
  await app.user.click(await dialog.findByRole('checkbox', { name: new RegExp(`p-1 ${today}`) }))
  await app.user.type(dialog.getByLabelText(/^Booked amount in NOK/), 'five')
  await app.user.click(dialog.getByRole('button', { name: 'Settle as booked' }))
  expect((await dialog.findByRole('alert')).textContent).toMatch(/^FORMAT_ERROR Amount /)

  await app.user.click(dialog.getByRole('radio', { name: /^Everything pending for more than/ }))
  expect(dialog.queryByRole('alert')).toBeNull()
})

it('offers a new id and amount only for the one transaction ticked, not for "everything pending"', async () => {
  const { app, dialog } = await openSettle()
  await app.user.click(await dialog.findByRole('checkbox', { name: new RegExp(`p-1 ${today}`) }))
  expect(dialog.getByLabelText(/^New cardTransactionId/)).toBeDefined()

  await app.user.click(dialog.getByRole('radio', { name: /^Everything pending for more than/ }))
  expect(dialog.queryByLabelText(/^New cardTransactionId/)).toBeNull()
  expect(dialog.queryByLabelText(/^Booked amount in/)).toBeNull()
})

it('settles everything pending for more than the days typed, the choice made by typing them', async () => {
  const { app, account, dialog } = await openSettle()
  await seedTransactions(app.sandbox, account.resourceId, [
    transaction({
      bookingStatus: 'pending',
      bookingDate: undefined,
      cardTransactionId: 'p-old',
      transactionDate: daysAgo(5),
    }),
  ])
  const days = dialog.getByRole('spinbutton', { name: 'Days pending' })
  await app.user.clear(days)
  await app.user.type(days, '2')

  expect(dialog.getByRole('radio', { name: /^Everything pending for more than/ })).toHaveProperty(
    'checked',
    true,
  )
  await app.user.click(dialog.getByRole('button', { name: 'Settle as booked' }))
  await waitFor(async () =>
    expect(await storedTransactions(app.sandbox, account.resourceId)).toEqual([
      expect.objectContaining({ cardTransactionId: 'p-1', bookingStatus: 'pending' }),
      expect.objectContaining({ cardTransactionId: 'p-old', bookingStatus: 'booked' }),
    ]),
  )
})

// Only the sandbox can tell none is old enough: it counts the days on its own clock, over every pending one.
it('stays open when nothing is pending for more than the days typed, says so at the days, and settles nothing', async () => {
  const { app, account, dialog, onClose } = await openSettle()
  await app.user.click(dialog.getByRole('radio', { name: /^Everything pending for more than/ }))
  await app.user.click(dialog.getByRole('button', { name: 'Settle as booked' }))

  const days = await dialog.findByRole('spinbutton', {
    name: 'Days pending',
    description: 'No pending transaction is older than 3 days; nothing was settled',
  })
  expect(days.getAttribute('aria-invalid')).toBe('true')
  expect(document.activeElement).toBe(days)
  expect(onClose).not.toHaveBeenCalled()
  expect(screen.queryByText(/settled as booked/)).toBeNull()
  expect(await storedTransactions(app.sandbox, account.resourceId)).toEqual([
    expect.objectContaining({ bookingStatus: 'pending' }),
  ])
})

it('says that nothing is ticked when asked to settle the ticked ones, and settles nothing', async () => {
  const { app, account, dialog } = await openSettle()
  await dialog.findByRole('checkbox', { name: new RegExp(`p-1 ${today}`) })
  await app.user.click(dialog.getByRole('button', { name: 'Settle as booked' }))

  expect((await dialog.findByRole('alert')).textContent).toBe(
    'Tick at least one pending transaction to settle; nothing was settled',
  )
  // The checkboxes are one group that reads the error, and the first of them takes the focus.
  const group = dialog.getByRole('group', {
    name: 'Pending transactions to settle',
    description: 'Tick at least one pending transaction to settle; nothing was settled',
  })
  const first = within(group).getByRole('checkbox', { name: new RegExp(`p-1 ${today}`) })
  expect(first.getAttribute('aria-invalid')).toBe('true')
  expect(document.activeElement).toBe(first)
  expect(await storedTransactions(app.sandbox, account.resourceId)).toEqual([
    expect.objectContaining({ bookingStatus: 'pending' }),
  ])
})

it("names a booking date before a ticked transaction's date in the sandbox's words, before sending", async () => {
  const { app, account, dialog } = await openSettle()
  await app.user.click(await dialog.findByRole('checkbox', { name: new RegExp(`p-1 ${today}`) }))
  fireEvent.change(dialog.getByLabelText('Booking date'), { target: { value: daysAgo(1) } })
  await app.user.click(dialog.getByRole('button', { name: 'Settle as booked' }))

  await dialog.findByRole('alert')
  expect(describedAs(dialog.getByLabelText('Booking date'))).toBe(
    `Booking date ${daysAgo(1)} is before transaction date ${today} of p-1; nothing was settled`,
  )
  expect(dialog.queryByText(/FORMAT_ERROR/)).toBeNull()
  expect(await storedTransactions(app.sandbox, account.resourceId)).toEqual([
    expect.objectContaining({ bookingStatus: 'pending' }),
  ])
})

it('says an empty booking date in words, and settles nothing', async () => {
  const { app, account, dialog } = await openSettle()
  await app.user.click(await dialog.findByRole('checkbox', { name: new RegExp(`p-1 ${today}`) }))
  fireEvent.change(dialog.getByLabelText('Booking date'), { target: { value: '' } })
  await app.user.click(dialog.getByRole('button', { name: 'Settle as booked' }))

  await dialog.findByRole('alert')
  expect(describedAs(dialog.getByLabelText('Booking date'))).toBe(
    'Booking date is required: enter a date; nothing was settled',
  )
  expect(document.activeElement).toBe(dialog.getByLabelText('Booking date'))
  expect(await storedTransactions(app.sandbox, account.resourceId)).toEqual([
    expect.objectContaining({ bookingStatus: 'pending' }),
  ])
})

it('says a bank refused to list the pending transactions, rather than that there are none', async () => {
  const { dialog } = await openSettle('booked-only')
  const refusal = await dialog.findByRole('alert')
  expect(refusal.textContent).toMatch(/^Could not list the pending transactions \(HTTP 400\)/)
  expect(refusal.textContent).toContain('PARAMETER_NOT_SUPPORTED')
  expect(dialog.queryByText(/has no pending transactions/)).toBeNull()
  // Everything pending for more than N days needs no list: it stays on offer.
  expect(dialog.getByRole('radio', { name: /Everything pending for more than/ })).toBeDefined()
})
