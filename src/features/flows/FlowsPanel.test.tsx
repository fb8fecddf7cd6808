// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react'
import { expect, it } from 'vitest'
import { startConsole } from '../../test/render'

/** The Presenter mode toggle, in the header's Explain & share group: opens the group when it is closed. */
async function presenterToggle(user: { click: (element: Element) => Promise<void> }) {
  if (!screen.queryByRole('button', { name: 'Presenter mode' })) {
    await user.click(screen.getByRole('button', { name: 'Explain & share' }))
  }
  return screen.getByRole('button', { name: 'Presenter mode' })
}

it('steps through a shipped flow with the arrow keys, each step showing in the table', async () => {
  const { user, renderApp } = await startConsole()
  renderApp()
  await user.click(screen.getByRole('button', { name: 'Explain & share' }))
  await user.click(screen.getByRole('button', { name: 'Flows…' }))
  const panel = await screen.findByRole('region', { name: 'Flow' })
  expect(within(panel).getByRole('combobox', { name: 'Flow to run' })).toHaveProperty('value', '0')
  expect(panel.querySelector('.flow-caption')?.textContent).toMatch(
    /^Next, step 1 of 5: Create a mock card account/,
  )
  // The panel listens for the arrows from its mount effects, which also put focus on Run next step: a key
  // pressed before them (a slow first render) would go unheard.
  await waitFor(() =>
    expect(document.activeElement).toBe(within(panel).getByRole('button', { name: 'Run next step →' })),
  )

  await user.keyboard('{ArrowRight}')
  await within(panel).findByText('Step 1: 201 Created: card account 400000******1234')
  await user.keyboard('{ArrowRight}')
  await within(panel).findByText('Step 2: 201 Created: 3 transactions')
  await user.keyboard('{ArrowRight}')
  await within(panel).findByText('Step 3: 200 OK: 2 transactions')
  // The console's view follows the step: the booked transactions of the account the flow created (the
  // chart's totals are a table too).
  const table = await screen.findByRole('table', { name: /^Transactions of / })
  await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3))
  expect(within(table).getByText(/Cafe in New York/)).toBeDefined()
  expect(screen.getByRole('radio', { name: 'booked' })).toHaveProperty('checked', true)

  // Back one, and the same step runs again.
  await user.keyboard('{ArrowLeft}')
  expect(panel.querySelector('.flow-caption')?.textContent).toMatch(/^Next, step 3 of 5: Read the booked/)
  await within(panel).findByText('Step 2: 201 Created: 3 transactions')
  await user.keyboard('{ArrowRight}')
  await within(panel).findByText('Step 3: 200 OK: 2 transactions')
  await user.keyboard('{ArrowRight}')
  await within(panel).findByText('Step 4: 200 OK: 2 transactions')
  expect(new URLSearchParams(location.search).get('fix')).toBe('1')
  await user.keyboard('{ArrowRight}')
  await within(panel).findByText('Step 5: 200 OK: 2 transactions')
  expect(panel.querySelector('.flow-caption')?.textContent).toBe('Done: all 5 steps ran.')
  // The flow leaves the console-wide switch as it found it.
  await user.click(screen.getByRole('button', { name: 'Test conditions' }))
  expect(screen.getByRole('checkbox', { name: 'Swap the two amounts (accept-fix)' })).toHaveProperty(
    'checked',
    false,
  )
})

it('shows one request at a time with PSU ids masked in presenter mode', async () => {
  const { user, renderApp } = await startConsole()
  renderApp()
  await user.click(screen.getByRole('button', { name: 'Explain & share' }))
  await user.click(screen.getByRole('button', { name: 'Flows…' }))
  const panel = await screen.findByRole('region', { name: 'Flow' })
  await user.keyboard('{ArrowRight}')
  await within(panel).findByText(/^Step 1: 201 Created/)

  await user.click(await presenterToggle(user))
  expect((await presenterToggle(user)).getAttribute('aria-pressed')).toBe('true')
  expect(document.documentElement.dataset.presenter).toBe('on')
  await screen.findByRole('heading', { name: /^Request \d+ of \d+$/ })
  const inspector = screen.getByRole('region', { name: 'Request inspector' })
  // Back to the account's creation: its body names the customer, masked.
  while (!within(inspector).queryByText('createCardAccount')) {
    await user.click(within(inspector).getByRole('button', { name: '◀ Older' }))
  }
  expect(inspector.textContent).toContain('"customerNumber": "•••••••••55"')
  expect(document.body.textContent).not.toContain('13039319955')
  expect(within(inspector).getAllByRole('heading', { name: /^Request \d+ of \d+$/ })).toHaveLength(1)

  await user.keyboard('{Alt>}{Shift>}P{/Shift}{/Alt}')
  expect((await presenterToggle(user)).getAttribute('aria-pressed')).toBe('false')
  expect(document.documentElement.dataset.presenter).toBeUndefined()
})

it('names a recorded flow by the moment it was recorded, yyyy-mm-dd HH:MM', async () => {
  const { user, renderApp } = await startConsole()
  renderApp()
  await user.click(screen.getByRole('button', { name: 'Explain & share' }))
  await user.click(screen.getByRole('button', { name: 'Flows…' }))
  const panel = await screen.findByRole('region', { name: 'Flow' })
  await user.keyboard('{ArrowRight}')
  await within(panel).findByText(/^Step 1: 201 Created/)
  await user.click(within(panel).getByRole('button', { name: 'Record from requests' }))

  await within(panel).findByText(/^Recorded 1 step as "Recorded \d{4}-\d{2}-\d{2} \d{2}:\d{2}"\.$/)
  // The recorded flow is the one picked now: one step, counted as one.
  expect(panel.querySelector('.flow-caption')?.textContent).toMatch(/^Next, step 1 of 1: /)
  await user.click(within(panel).getByRole('button', { name: 'Run next step →' }))
  await within(panel).findByText(/^Step 1: 201 Created/)
  expect(panel.querySelector('.flow-caption')?.textContent).toBe('Done: its one step ran.')
})

it("gives the arrow keys to a flow once picked, and the inspector shows each step's own request", async () => {
  const { user, renderApp } = await startConsole()
  renderApp()
  await user.click(screen.getByRole('button', { name: 'Explain & share' }))
  await user.click(screen.getByRole('button', { name: 'Presenter mode' }))
  await user.click(screen.getByRole('button', { name: 'Explain & share' }))
  await user.click(screen.getByRole('button', { name: 'Flows…' }))
  const panel = await screen.findByRole('region', { name: 'Flow' })
  const picker = within(panel).getByRole('combobox', { name: 'Flow to run' })
  await user.selectOptions(picker, '1')
  await user.selectOptions(picker, '0')
  expect(document.activeElement).toBe(within(panel).getByRole('button', { name: 'Run next step →' }))

  const inspector = await screen.findByRole('region', { name: 'Request inspector' })
  const shows = async (operation: string) =>
    waitFor(() => expect(inspector.querySelector('.operation-name')?.textContent).toBe(operation))
  await user.keyboard('{ArrowRight}')
  await within(panel).findByText(/^Step 1: 201 Created/)
  await shows('createCardAccount')
  await user.keyboard('{ArrowRight}')
  await within(panel).findByText('Step 2: 201 Created: 3 transactions')
  // The table reads the account's transactions after the step: newer, but not the step's own request.
  await waitFor(() =>
    expect(within(inspector).getByRole('heading', { name: /^Request \d+ of \d+$/ }).textContent).not.toMatch(
      /^Request (\d+) of \1$/,
    ),
  )
  await shows('createTransactions')
  await user.keyboard('{ArrowLeft}')
  await shows('createCardAccount')
  await user.click(within(inspector).getByRole('button', { name: 'Newer ▶' }))
  expect(inspector.querySelector('.operation-name')?.textContent).not.toBe('createCardAccount')
})
