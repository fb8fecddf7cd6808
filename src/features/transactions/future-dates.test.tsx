// The form's first answer on a date after the sandbox's today names that date, as the sandbox would: the
// whole console runs, so the form knows the sandbox's today as the header read it.
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { expect, it } from 'vitest'
import { addDays } from '../../contract'
import { pasteInto } from '../../test/paste'
import { startConsole } from '../../test/render'
import { seedAccount, storedTransactions, today } from '../../test/seed'
import { emptyAccountAddButton } from '../../test/transactions-view'

async function openForm() {
  const app = await startConsole()
  const account = await seedAccount(app.sandbox)
  window.history.replaceState(null, '', `/?account=${account.resourceId}`)
  app.renderApp()
  /** The clock panel, once it shows the sandbox's today: the form then knows that today too. */
  const clockPanel = async () => {
    await app.user.click(await screen.findByRole('button', { name: 'Test conditions' }))
    await app.user.click(await screen.findByRole('button', { name: 'Sandbox clock and bank…' }))
    const clock = within(await screen.findByRole('dialog', { name: /^Sandbox clock( and bank)?$/ }))
    await clock.findByTestId('clock-today')
    return clock
  }
  /**
   * Closes the clock panel with its ×, and waits until it is gone. A move of the clock keeps the panel busy,
   * its × disabled, until the move's answer has refreshed what it changed: a click before then does nothing.
   */
  const closeClockPanel = async (clock: ReturnType<typeof within>) => {
    const close = clock.getAllByRole('button', { name: 'Close' })[0] as HTMLButtonElement
    await waitFor(() => expect(close.disabled).toBe(false))
    await app.user.click(close)
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: /^Sandbox clock( and bank)?$/ })).toBeNull(),
    )
  }
  const open = async () => {
    await app.user.click(await emptyAccountAddButton())
    const dialog = within(await screen.findByRole('dialog', { name: /^Add transactions · / }))
    await pasteInto(app.user, dialog.getByRole('textbox', { name: 'Row 1 amount' }), '-5')
    await pasteInto(app.user, dialog.getByRole('combobox', { name: 'Row 1 MCC' }), '5411')
    const setDate = (what: string, value: string) =>
      fireEvent.change(dialog.getByLabelText(`Row 1 ${what}`), { target: { value } })
    const submit = async () => {
      await app.user.click(dialog.getByRole('button', { name: 'Add transaction' }))
      return (await dialog.findByText('Row 1:')).parentElement?.querySelectorAll('.row-error')
    }
    return { dialog, setDate, submit }
  }
  return { ...app, account, open, clockPanel, closeClockPanel }
}

const texts = (nodes: NodeListOf<Element> | undefined) => [...(nodes ?? [])].map((node) => node.textContent)

it('names a future transaction date first, not the booking date of today it would move', async () => {
  const { open, sandbox, account, clockPanel, closeClockPanel } = await openForm()
  await closeClockPanel(await clockPanel())
  const { setDate, submit } = await open()
  const later = addDays(today, 36)
  setDate('transaction date', later)

  expect(texts(await submit())).toEqual([`Transaction date ${later} is in the future (today is ${today})`])
  expect(await storedTransactions(sandbox, account.resourceId)).toEqual([])
})

it('names both dates at once when the booking date is in the future as well', async () => {
  const { open, clockPanel, closeClockPanel } = await openForm()
  await closeClockPanel(await clockPanel())
  const { setDate, submit } = await open()
  setDate('transaction date', addDays(today, 3))
  setDate('booking date', addDays(today, 2))

  expect(texts(await submit())).toEqual([
    `Transaction date ${addDays(today, 3)} is in the future (today is ${today})`,
    `Booking date ${addDays(today, 2)} is in the future (today is ${today})`,
  ])
})

it("judges the future by the sandbox's today, not the machine's, once the clock is moved", async () => {
  const { open, user, clockPanel, closeClockPanel } = await openForm()
  const clock = await clockPanel()
  await user.click(clock.getByRole('button', { name: 'Back 1 day' }))
  const yesterday = addDays(today, -1)
  await waitFor(() => expect(clock.getByTestId('clock-today').textContent).toBe(yesterday))
  await closeClockPanel(clock)

  const { dialog, setDate, submit } = await open()
  expect(dialog.getByLabelText('Row 1 booking date')).toHaveProperty('value', yesterday)
  setDate('transaction date', today)
  expect(texts(await submit())).toEqual([
    `Transaction date ${today} is in the future (today is ${yesterday})`,
  ])
})

it('still names a booking date before a transaction date when neither is in the future', async () => {
  const { open } = await openForm()
  const { setDate, submit } = await open()
  setDate('transaction date', today)
  setDate('booking date', addDays(today, -1))

  expect(texts(await submit())).toEqual([
    `Booking date ${addDays(today, -1)} is before transaction date ${today}`,
  ])
})

it('names a booking date before a transaction date in the same round as a wrong currency', async () => {
  const { open, user } = await openForm()
  const { dialog, setDate, submit } = await open()
  setDate('transaction date', today)
  setDate('booking date', addDays(today, -1))
  const currency = dialog.getByRole('textbox', { name: 'Row 1 amount currency' })
  await user.clear(currency)
  await pasteInto(user, currency, 'EURO')

  // In the order of the row's fields, the dates first.
  expect(texts(await submit())).toEqual([
    `Booking date ${addDays(today, -1)} is before transaction date ${today}`,
    expect.stringMatching(/^Amount currency must be a three-letter ISO 4217 code/),
  ])
})
