// The clock's number fields hold what is typed: a cleared field is not 1 or 0, so typing goes on from
// empty, and a value that is no count is named rather than changed into one.
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { expect, it } from 'vitest'
import { addDays, localToday } from '../../contract'
import { startConsole } from '../../test/render'
import { seedAccount, seedTransactions, storedTransactions, today, transaction } from '../../test/seed'
import { ClockDialog } from './ClockDialog'

async function openClock() {
  const app = await startConsole()
  app.render(<ClockDialog offline={false} onClose={() => {}} />)
  const dialog = within(await screen.findByRole('dialog', { name: /^Sandbox clock( and bank)?$/ }))
  await dialog.findByText('Today in the sandbox:', { exact: false })
  return { ...app, dialog }
}

it('moves by the days typed over the field, and names a count that is none instead of moving', async () => {
  const { user, dialog } = await openClock()
  const days = dialog.getByRole('spinbutton', { name: 'Days' })
  await user.clear(days)
  expect(dialog.getByRole('button', { name: /^Forward/ })).toHaveProperty('disabled', true)
  expect(dialog.getByText('Days must be a whole number from 1 to 36,500.')).toBeDefined()
  await user.type(days, '5')
  await user.click(dialog.getByRole('button', { name: 'Forward 5 days' }))
  await waitFor(() => expect(dialog.getByTestId('clock-today').textContent).toBe(addDays(localToday(), 5)))
})

it('names the farthest a move may go when Days is past it, and sends nothing', async () => {
  const { user, dialog } = await openClock()
  const days = dialog.getByRole('spinbutton', { name: 'Days' })
  await user.clear(days)
  await user.type(days, '99999')
  expect(days).toHaveProperty('value', '99999')
  expect(dialog.getByRole('button', { name: 'Forward … days' })).toHaveProperty('disabled', true)
  expect(dialog.getByRole('button', { name: 'Back … days' })).toHaveProperty('disabled', true)
  dialog.getByRole('spinbutton', {
    name: 'Days',
    description: 'Days must be a whole number from 1 to 36,500.',
  })
  expect(dialog.getByTestId('clock-today').textContent).toBe(localToday())
})

it('refuses a move that would take the clock past its century, in words, and keeps it', async () => {
  const { user, dialog } = await openClock()
  const days = dialog.getByRole('spinbutton', { name: 'Days' })
  await user.clear(days)
  await user.type(days, '30000')
  await user.click(dialog.getByRole('button', { name: 'Forward 30000 days' }))
  const ahead = addDays(localToday(), 30_000)
  await waitFor(() => expect(dialog.getByTestId('clock-today').textContent).toBe(ahead))
  await user.clear(days)
  await user.type(days, '10000')
  await user.click(dialog.getByRole('button', { name: 'Forward 10000 days' }))

  expect(dialog.getByRole('alert').textContent).toBe(
    "The sandbox's clock stays within 36,500 days of the real date: Forward 10,000 days would put it " +
      '40,000 days ahead; nothing was moved.',
  )
  expect(dialog.getByTestId('clock-today').textContent).toBe(ahead)
  // Typing another count starts afresh.
  await user.type(days, '0')
  expect(dialog.queryByRole('alert')).toBeNull()
})

it('freezes the clock on the date picked, says so, and goes back to the real date', async () => {
  const { user, dialog } = await openClock()
  const back = dialog.getByRole('button', { name: 'Back to the real date' })
  expect(back).toHaveProperty('disabled', true)
  const on = dialog.getByLabelText('Freeze on')
  expect(on).toHaveProperty('value', localToday())
  const later = addDays(localToday(), 3)
  fireEvent.change(on, { target: { value: later } })
  await user.click(dialog.getByRole('button', { name: 'Freeze' }))
  await waitFor(() => expect(dialog.getByTestId('clock-today').textContent).toBe(later))
  expect(dialog.getByText(/^\(real date/).textContent).toBe(` (real date ${localToday()}; frozen)`)

  await user.click(back)
  await waitFor(() => expect(dialog.getByTestId('clock-today').textContent).toBe(localToday()))
  expect(back).toHaveProperty('disabled', true)
})

it('refuses a settlement rule that is no count, in words, and sets nothing', async () => {
  const { user, dialog } = await openClock()
  await user.click(dialog.getByRole('checkbox', { name: /^Pending transactions settle as booked after/ }))
  const after = dialog.getByRole('spinbutton', { name: 'Days until pending settles' })
  await user.clear(after)
  await user.type(after, '-1')
  expect(after).toHaveProperty('value', '-1')
  expect(after.getAttribute('aria-invalid')).toBe('true')
  await user.click(dialog.getByRole('button', { name: 'Forward 1 day' }))
  // The focus goes to the field that stops the move, which reads why.
  expect(document.activeElement).toBe(
    dialog.getByRole('spinbutton', {
      name: 'Days until pending settles',
      description:
        'Days until pending settles must be a whole number, 0 or more: the clock is not set until it is.',
    }),
  )
  expect(dialog.getByTestId('clock-today').textContent).toBe(localToday())
})

async function withTransactionToday() {
  const app = await openClock()
  const account = await seedAccount(app.sandbox)
  await seedTransactions(app.sandbox, account.resourceId, [transaction({ cardTransactionId: 'late' })])
  await app.user.click(app.dialog.getByRole('button', { name: 'Back 1 day' }))
  const yesterday = addDays(today, -1)
  const question = within(
    await app.dialog.findByRole('region', { name: `Move the clock back to ${yesterday}?` }),
  )
  return { ...app, account, question, yesterday }
}

it('asks before a move back leaves a transaction dated after the new today, and keeps the clock meanwhile', async () => {
  const { dialog, question, yesterday, user } = await withTransactionToday()
  expect(question.getByText(/^1 transaction in 1 card account/).textContent).toBe(
    `1 transaction in 1 card account is dated after ${yesterday} (the latest on ${today}): the sandbox would ` +
      'refuse it as dated in the future now.',
  )
  expect(dialog.getByTestId('clock-today').textContent).toBe(today)
  await user.click(question.getByRole('button', { name: 'Keep the clock' }))
  expect(dialog.queryByRole('region', { name: /^Move the clock back/ })).toBeNull()
  expect(dialog.getByTestId('clock-today').textContent).toBe(today)
})

it('moves and leaves the transaction when told to', async () => {
  const { dialog, question, yesterday, user, sandbox, account } = await withTransactionToday()
  await user.click(question.getByRole('button', { name: 'Move and leave it' }))
  await waitFor(() => expect(dialog.getByTestId('clock-today').textContent).toBe(yesterday))
  expect((await storedTransactions(sandbox, account.resourceId)).map((tx) => tx.cardTransactionId)).toEqual([
    'late',
  ])
})

it('deletes the transaction and moves when told to', async () => {
  const { dialog, question, yesterday, user, sandbox, account } = await withTransactionToday()
  await user.click(question.getByRole('button', { name: 'Delete it and move' }))
  await waitFor(() => expect(dialog.getByTestId('clock-today').textContent).toBe(yesterday))
  expect(await storedTransactions(sandbox, account.resourceId)).toEqual([])
})
