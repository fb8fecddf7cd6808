// @vitest-environment jsdom
// The clock's number fields hold what is typed: a cleared field is not 1 or 0, so typing goes on from
// empty, and a value that is no count is named rather than changed into one.
import { screen, waitFor, within } from '@testing-library/react'
import { expect, it } from 'vitest'
import { addDays, localToday } from '../../contract'
import { startConsole } from '../../test/render'
import { ClockDialog } from './ClockDialog'

async function openClock() {
  const app = await startConsole()
  app.render(<ClockDialog offline={false} onClose={() => {}} />)
  const dialog = within(await screen.findByRole('dialog', { name: 'Sandbox clock' }))
  await dialog.findByText('Today in the sandbox:', { exact: false })
  return { ...app, dialog }
}

it('moves by the days typed over the field, and names a count that is none instead of moving', async () => {
  const { user, dialog } = await openClock()
  const days = dialog.getByRole('spinbutton', { name: 'Days' })
  await user.clear(days)
  expect(dialog.getByRole('button', { name: /^Forward/ })).toHaveProperty('disabled', true)
  expect(dialog.getByText('Days must be a whole number, 1 or more.')).toBeDefined()
  await user.type(days, '5')
  await user.click(dialog.getByRole('button', { name: 'Forward 5 days' }))
  await waitFor(() => expect(dialog.getByTestId('clock-today').textContent).toBe(addDays(localToday(), 5)))
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
  expect(
    dialog.getByText(
      'Days until pending settles must be a whole number, 0 or more: the clock is not set until it is.',
    ),
  ).toBeDefined()
  expect(dialog.getByTestId('clock-today').textContent).toBe(localToday())
})
