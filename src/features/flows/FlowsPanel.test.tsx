import { screen, waitFor, within } from '@testing-library/react'
import { expect, it, onTestFinished, vi } from 'vitest'
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

it('leaves an arrow key with a modifier, or pressed in a field, to the browser', async () => {
  const { user, renderApp } = await startConsole()
  renderApp()
  await user.click(screen.getByRole('button', { name: 'Explain & share' }))
  await user.click(screen.getByRole('button', { name: 'Flows…' }))
  const panel = await screen.findByRole('region', { name: 'Flow' })
  const nextStep = within(panel).getByRole('button', { name: 'Run next step →' })
  await waitFor(() => expect(document.activeElement).toBe(nextStep))
  // A step that starts shows "Running…" on its button at once.
  for (const modifier of ['Alt', 'Control', 'Meta', 'Shift']) {
    await user.keyboard(`{${modifier}>}{ArrowRight}{/${modifier}}`)
    expect(nextStep.textContent, modifier).toBe('Run next step →')
  }
  within(panel).getByRole('combobox', { name: 'Flow to run' }).focus()
  await user.keyboard('{ArrowRight}')
  expect(nextStep.textContent).toBe('Run next step →')
  nextStep.focus()
  await user.keyboard('{ArrowRight}')
  await within(panel).findByText(/^Step 1: 201 Created/)
})

/** The console with a shipped flow's first step run from Flows…, opened from Explain & share. */
async function firstStepRun() {
  const { user, renderApp } = await startConsole()
  renderApp()
  const opener = screen.getByRole('button', { name: 'Explain & share' })
  await user.click(opener)
  await user.click(screen.getByRole('button', { name: 'Flows…' }))
  const panel = await screen.findByRole('region', { name: 'Flow' })
  const nextStep = within(panel).getByRole('button', { name: 'Run next step →' })
  await waitFor(() => expect(document.activeElement).toBe(nextStep))
  await user.keyboard('{ArrowRight}')
  await within(panel).findByText(/^Step 1: 201 Created/)
  return { user, opener, panel }
}

it('gives the focus back to what opened the panel on Close flow', async () => {
  const { user, opener, panel } = await firstStepRun()

  // Pressed by keyboard, as the tester did: the button goes with the panel.
  within(panel).getByRole('button', { name: 'Close flow' }).focus()
  await user.keyboard('{Enter}')
  expect(screen.queryByRole('region', { name: 'Flow' })).toBeNull()
  expect(document.activeElement).toBe(opener)
})

it('reads left to right by Tab: the flow, ← Back, Run next step, then Close flow', async () => {
  const { user, panel } = await firstStepRun()

  // DOM order is Tab order; the two-line panel lays these out in this order along its first line.
  within(panel).getByRole('combobox', { name: 'Flow to run' }).focus()
  const after: (string | null | undefined)[] = []
  for (let press = 0; press < 3; press++) {
    await user.tab()
    after.push(document.activeElement?.textContent)
  }
  expect(after).toEqual(['← Back', 'Run next step →', 'Close flow'])
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

it("names each run's account by the time it ran, so the account list tells the runs apart", async () => {
  const { user, renderApp } = await startConsole()
  renderApp()
  await user.click(screen.getByRole('button', { name: 'Explain & share' }))
  await user.click(screen.getByRole('button', { name: 'Flows…' }))
  const panel = await screen.findByRole('region', { name: 'Flow' })
  vi.useFakeTimers({ toFake: ['Date'] })
  onTestFinished(() => {
    vi.useRealTimers()
  })
  vi.setSystemTime(new Date(2026, 10, 26, 14, 5, 9))
  await user.click(within(panel).getByRole('button', { name: 'Run next step →' }))
  await within(panel).findByText(/^Step 1: 201 Created/)
  // Back to the start and run again a little later, as a presenter does for the next audience.
  await user.click(within(panel).getByRole('button', { name: '← Back' }))
  vi.setSystemTime(new Date(2026, 10, 26, 14, 20, 41))
  await user.click(within(panel).getByRole('button', { name: 'Run next step →' }))
  await within(panel).findByText(/^Step 1: 201 Created/)

  const accounts = within(screen.getByRole('complementary'))
  expect(await accounts.findByText(/Demo Card 14:05:09/)).toBeDefined()
  expect(await accounts.findByText(/Demo Card 14:20:41/)).toBeDefined()
})

it('says in an alert that there is nothing to record before a step was sent', async () => {
  const { user, renderApp } = await startConsole()
  renderApp()
  await user.click(screen.getByRole('button', { name: 'Explain & share' }))
  await user.click(screen.getByRole('button', { name: 'Flows…' }))
  const panel = await screen.findByRole('region', { name: 'Flow' })
  await user.click(within(panel).getByRole('button', { name: 'Record from requests' }))
  expect(within(panel).getByRole('alert').textContent).toBe(
    'Nothing to record yet: create an account, add transactions or read them, then record.',
  )
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
  const dialog = await screen.findByRole('dialog', { name: 'Record a flow' })
  expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveProperty(
    'value',
    expect.stringMatching(/^Recorded \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/),
  )
  await user.click(within(dialog).getByRole('button', { name: 'Save flow' }))

  expect((await within(panel).findByRole('status')).textContent).toMatch(
    /^Recorded 1 step as "Recorded \d{4}-\d{2}-\d{2} \d{2}:\d{2}"\.$/,
  )
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

/** Runs the shipped flow's first two steps (an account, then its transactions) and opens the recorder. */
async function recordAfterTwoSteps() {
  const app = await startConsole()
  app.renderApp()
  const { user } = app
  await user.click(screen.getByRole('button', { name: 'Explain & share' }))
  await user.click(screen.getByRole('button', { name: 'Flows…' }))
  const panel = await screen.findByRole('region', { name: 'Flow' })
  await user.click(within(panel).getByRole('button', { name: 'Run next step →' }))
  await within(panel).findByText(/^Step 1: 201 Created/)
  await user.click(within(panel).getByRole('button', { name: 'Run next step →' }))
  await within(panel).findByText('Step 2: 201 Created: 3 transactions')
  const record = within(panel).getByRole('button', { name: 'Record from requests' })
  await user.click(record)
  const dialog = await screen.findByRole('dialog', { name: 'Record a flow' })
  const picker = within(panel).getByRole('combobox', { name: 'Flow to run' })
  return { user, panel, dialog, record, picker, flowsBefore: within(picker).getAllByRole('option').length }
}

it('records only the requests left ticked, in the order they were sent', async () => {
  const { user, panel, dialog } = await recordAfterTwoSteps()
  const requests = within(dialog).getAllByRole('checkbox')
  // The inspector's words for each request: method, path and status; every one ticked to begin with.
  expect(requests[0]?.closest('label')?.textContent?.trim()).toMatch(
    /^createCardAccount POST \/api\/v1\/sandbox\/card-accounts 201$/,
  )
  expect(requests.every((box) => (box as HTMLInputElement).checked)).toBe(true)
  const added = within(dialog).getByRole('checkbox', {
    name: /^createTransactions POST \/api\/v1\/sandbox\/card-accounts\/[^/]+\/transactions 201$/,
  })
  await user.click(added)
  await user.clear(within(dialog).getByRole('textbox', { name: 'Name' }))
  await user.click(within(dialog).getByRole('button', { name: 'Save flow' }))
  expect(within(dialog).getByRole('alert').textContent).toBe(
    'Give the flow a name: it is how you pick it from the list. Nothing was saved.',
  )
  // A name past the limit is kept whole and refused in words, as a scenario's is.
  const long = 'x'.repeat(81)
  await user.click(within(dialog).getByRole('textbox', { name: 'Name' }))
  await user.paste(long)
  expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveProperty('value', long)
  expect(within(dialog).getByText('81/80 characters').className).toContain('over-limit')
  await user.click(within(dialog).getByRole('button', { name: 'Save flow' }))
  expect(within(dialog).getByRole('alert').textContent).toBe(
    'A flow name may have at most 80 characters. Nothing was saved.',
  )
  await user.clear(within(dialog).getByRole('textbox', { name: 'Name' }))
  await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Without the batch')
  await user.click(within(dialog).getByRole('button', { name: 'Save flow' }))

  await within(panel).findByText(/^Recorded \d+ steps? as "Without the batch"\.$/)
  expect(screen.queryByRole('dialog')).toBeNull()
  const steps = Array.from(panel.querySelectorAll('.flow-steps li'), (li) => li.textContent)
  expect(steps[0]).toBe('Create a card account')
  expect(steps).not.toContain('Add transactions')
  expect(steps.slice(1).every((step) => step?.startsWith('Read '))).toBe(true)
})

it('saves nothing with no request ticked, and says so; Enter and Space work the form', async () => {
  const { user, dialog, picker, flowsBefore } = await recordAfterTwoSteps()
  const requests = within(dialog).getAllByRole('checkbox')
  // From the name field, Tab reaches each request in turn and Space unticks it.
  for (const box of requests) {
    await user.tab()
    expect(document.activeElement).toBe(box)
    await user.keyboard(' ')
  }
  expect(requests.some((box) => (box as HTMLInputElement).checked)).toBe(false)
  await user.keyboard('{Enter}')

  expect(within(dialog).getByRole('alert').textContent).toBe(
    'No request is ticked: tick the requests to record as steps, or cancel. Nothing was saved.',
  )
  expect(within(picker).getAllByRole('option')).toHaveLength(flowsBefore)
})

it('saves nothing when the recorder is closed with Escape, and gives focus back', async () => {
  const { user, panel, dialog, record, picker, flowsBefore } = await recordAfterTwoSteps()
  // The arrow keys belong to the dialog while it is open: the flow behind it does not run on.
  within(dialog).getByRole('button', { name: 'Save flow' }).focus()
  await user.keyboard('{ArrowRight}')
  // A step that started would show at once as Running… on the panel's button.
  expect(within(panel).queryByRole('button', { name: 'Running…' })).toBeNull()
  expect(panel.querySelector('.flow-caption')?.textContent).toMatch(/^Next, step 3 of 5: /)
  await user.keyboard('{Escape}')

  await waitFor(() => expect(dialog.isConnected).toBe(false))
  expect(within(picker).getAllByRole('option')).toHaveLength(flowsBefore)
  expect(document.activeElement).toBe(record)
})

/** The words of the header's Signature badge ("bad signature"), there while the switch spoils signatures. */
/** What the header's Signature badge says is sent, when the switch is not at its default. */
const signature = () =>
  [...document.querySelectorAll('header .condition-badge')]
    .map((badge) => /^⚠ Signature: (.+)$/.exec(badge.textContent ?? '')?.[1])
    .find((said) => said !== undefined)
/** The status line above the filters: the main area's last message, shown to the eye. */
const statusLine = () => document.querySelector('main .status-message')?.textContent

// A support engineer pressed ← three times at the end of "Why did my signature fail?": the status line still
// said step 6, the panel step 3, and the table showed step 6's data without a spoiled signature.
it('← shows the step gone back to: one message for it, the switch and the table as it left them', async () => {
  const { user, renderApp } = await startConsole()
  renderApp()
  await user.click(screen.getByRole('button', { name: 'Explain & share' }))
  await user.click(screen.getByRole('button', { name: 'Flows…' }))
  const panel = await screen.findByRole('region', { name: 'Flow' })
  await user.selectOptions(within(panel).getByRole('combobox', { name: 'Flow to run' }), '1')
  for (let step = 1; step <= 6; step++) {
    await user.keyboard('{ArrowRight}')
    await within(panel).findByText(new RegExp(`^Step ${step}: `))
  }
  await waitFor(() => expect(statusLine()).toBe('Step 6: 200 OK: 0 transactions'))

  await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}')
  await within(panel).findByText(/^Step 3: HTTP 401/)
  expect(statusLine()).toMatch(/^Step 3: HTTP 401/)
  expect(signature()).toBe('bad signature')
  await screen.findByText('Could not load transactions (HTTP 401)')

  await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}')
  expect(panel.querySelector('.flow-caption')?.textContent).toMatch(/^Next, step 1 of 6: /)
  expect(statusLine()).toBeUndefined()
  expect(signature()).toBeUndefined()
})

// A support engineer reloaded at step 3 of "Why did my signature fail?": the flow was gone and its spoiled
// signature stayed, every read a 401, and Flows… started again at step 1 with a new account.
it('comes back after a reload at its step, on its account; Close flow then puts the switch back', async () => {
  const { user, renderApp } = await startConsole()
  const first = renderApp()
  await user.click(screen.getByRole('button', { name: 'Explain & share' }))
  await user.click(screen.getByRole('button', { name: 'Flows…' }))
  let panel = await screen.findByRole('region', { name: 'Flow' })
  await user.selectOptions(within(panel).getByRole('combobox', { name: 'Flow to run' }), '1')
  for (let step = 1; step <= 3; step++) {
    await user.keyboard('{ArrowRight}')
    await within(panel).findByText(new RegExp(`^Step ${step}: `))
  }

  first.unmount()
  renderApp()
  panel = await screen.findByRole('region', { name: 'Flow' })
  expect(panel.querySelector('.flow-caption')?.textContent).toMatch(/^Next, step 4 of 6: /)
  await within(panel).findByText(/^Step 3: HTTP 401/)
  expect(signature()).toBe('bad signature')
  await waitFor(() => expect(statusLine()).toMatch(/^Step 3: HTTP 401/))

  // The keys are the flow's again, and its next step reads the account its step 1 created.
  await waitFor(() =>
    expect(document.activeElement).toBe(within(panel).getByRole('button', { name: 'Run next step →' })),
  )
  const account = new URLSearchParams(location.search).get('account')
  await user.keyboard('{ArrowRight}')
  await within(panel).findByText(/^Step 4: HTTP 401/)
  expect(new URLSearchParams(location.search).get('account')).toBe(account)
  expect(signature()).toBe('missing Digest')

  await user.click(within(panel).getByRole('button', { name: 'Close flow' }))
  expect(signature()).toBeUndefined()
  expect(statusLine()).toBeUndefined()
  expect(sessionStorage.getItem('sandbox-console.flow-run')).toBeNull()
})
