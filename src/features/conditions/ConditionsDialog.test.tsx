import { useQuery } from '@tanstack/react-query'
import { screen, within } from '@testing-library/react'
import { expect, it } from 'vitest'
import { queryKeys, readRequestTimeoutMs, secondsText } from '../../api'
import { startConsole } from '../../test/render'
import { ConditionsDialog } from './ConditionsDialog'
import { readOfflineConditions } from './conditions-source'

/** A read of the sandbox that never answers, as every read does under a Timeout condition until the console gives up. */
function HeldRead() {
  useQuery({ queryKey: [...queryKeys.all, 'held'], queryFn: () => new Promise<never>(() => {}) })
  return null
}

it('saves a Timeout condition at once and closes, while the reads it holds are still waiting', async () => {
  const { user, render } = await startConsole()
  let open = true
  render(
    <>
      <HeldRead />
      <ConditionsDialog onClose={() => (open = false)} />
    </>,
  )
  const dialog = within(await screen.findByRole('dialog', { name: 'Conditions' }))
  const kind = await dialog.findByRole('combobox', { name: 'Condition to add to listTransactions' })
  await user.selectOptions(kind, 'Timeout')
  await user.click(dialog.getByRole('button', { name: 'Add to listTransactions' }))
  await user.click(dialog.getByRole('button', { name: 'Save conditions' }))

  await expect.poll(() => open).toBe(false)
  expect(readOfflineConditions().rules).toMatchObject([{ operation: 'listTransactions', kind: 'timeout' }])
})

it('keeps the focus in the dialog after Remove all, on Save conditions, which applies it', async () => {
  const { user, render } = await startConsole()
  render(<ConditionsDialog onClose={() => {}} />)
  const dialog = within(await screen.findByRole('dialog', { name: 'Conditions' }))
  await user.click(await dialog.findByRole('button', { name: 'Add to listTransactions' }))
  const removeAll = dialog.getByRole('button', { name: 'Remove all' })
  removeAll.focus()
  await user.keyboard('{Enter}')

  // Disabled with nothing left to remove: a real browser drops the focus from it to the page's body.
  expect(removeAll).toHaveProperty('disabled', true)
  expect(document.activeElement).toBe(dialog.getByRole('button', { name: 'Save conditions' }))
})

// A keyboard tester removed one rule: its Remove button went with its row, and the focus with it.
it('keeps the focus in the dialog after a rule’s Remove, on its operation’s Add', async () => {
  const { user, render } = await startConsole()
  render(<ConditionsDialog onClose={() => {}} />)
  const dialog = within(await screen.findByRole('dialog', { name: 'Conditions' }))
  await user.click(await dialog.findByRole('button', { name: 'Add to listTransactions' }))
  const remove = dialog.getByRole('button', { name: /^Remove rule / })
  remove.focus()
  await user.keyboard('{Enter}')

  expect(dialog.queryByRole('button', { name: /^Remove rule / })).toBeNull()
  expect(document.activeElement).toBe(dialog.getByRole('button', { name: 'Add to listTransactions' }))
})

it('heads each operation in plain words, its operation id second', async () => {
  const { render } = await startConsole()
  render(<ConditionsDialog onClose={() => {}} />)
  const dialog = within(await screen.findByRole('dialog', { name: 'Conditions' }))
  await dialog.findByRole('group', {
    name: /^List the card transactions of a mock card account \(listTransactions\) GET /,
  })
})

it('names every value out of range beside its field, by rule, and saves nothing until all are fixed', async () => {
  const { user, render } = await startConsole()
  const before = readRequestTimeoutMs()
  let open = true
  render(<ConditionsDialog onClose={() => (open = false)} />)
  const dialog = within(await screen.findByRole('dialog', { name: 'Conditions' }))
  const timeout = await dialog.findByRole('spinbutton', { name: 'Console request timeout (seconds)' })
  await user.clear(timeout)
  await user.type(timeout, '0')
  const kind = dialog.getByRole('combobox', { name: 'Condition to add to listTransactions' })
  await user.selectOptions(kind, '429 after N reads a day')
  await user.click(dialog.getByRole('button', { name: 'Add to listTransactions' }))
  await user.selectOptions(kind, 'Latency')
  await user.click(dialog.getByRole('button', { name: 'Add to listTransactions' }))
  const r1 = within(dialog.getByRole('group', { name: /^Rule r1:/ }))
  const r2 = within(dialog.getByRole('group', { name: /^Rule r2:/ }))
  // Pasted over what the field holds: typed key by key, "-3" would pass through "-", no number at all.
  const set = async (field: HTMLElement, value: string) => {
    await user.tripleClick(field)
    await user.paste(value)
  }
  await set(r1.getByRole('spinbutton', { name: 'Probability' }), '1.5')
  await set(r1.getByRole('spinbutton', { name: 'Seed' }), '-3')
  await set(r1.getByRole('spinbutton', { name: 'Reads a day' }), '0')
  await set(r2.getByRole('spinbutton', { name: 'Min ms' }), '3000')
  await set(r2.getByRole('spinbutton', { name: 'Max ms' }), '100')
  await user.click(dialog.getByRole('button', { name: 'Save conditions' }))

  expect(
    await dialog.findByRole('spinbutton', {
      name: 'Console request timeout (seconds)',
      description: 'Console request timeout must be from 1 to 600 seconds',
    }),
  ).toBe(document.activeElement)
  r1.getByRole('spinbutton', {
    name: 'Probability',
    description: 'Rule r1: Probability must be a fraction from 0 to 1 (0.25 fires on one request in four)',
  })
  r1.getByRole('spinbutton', { name: 'Seed', description: 'Rule r1: Seed must be at least 0' })
  expect(r1.getByRole('spinbutton', { name: 'Reads a day' }).getAttribute('aria-invalid')).toBe('false')
  r2.getByRole('spinbutton', { name: 'Max ms', description: 'Rule r2: Max ms is below Min ms' })
  // The hint beside a refused timeout speaks of the one still in force, not of the refused one.
  expect(dialog.getByText(/^The console stops waiting/).textContent).toContain(
    `after ${secondsText(before)} and says so`,
  )
  expect(open).toBe(true)
  expect(readOfflineConditions().rules).toEqual([])
  expect(readRequestTimeoutMs()).toBe(before)

  await set(timeout, '30')
  await set(r1.getByRole('spinbutton', { name: 'Probability' }), '0.5')
  await set(r1.getByRole('spinbutton', { name: 'Seed' }), '3')
  await set(r2.getByRole('spinbutton', { name: 'Max ms' }), '5000')
  await user.click(dialog.getByRole('button', { name: 'Save conditions' }))
  await expect.poll(() => open).toBe(false)
  expect(readOfflineConditions().rules).toMatchObject([
    { id: 'r1', kind: 'quota', readsPerDay: 0, probability: 0.5, seed: 3 },
    { id: 'r2', kind: 'latency', minMs: 3000, maxMs: 5000 },
  ])
  expect(readRequestTimeoutMs()).toBe(30_000)
})

it('keeps a cleared number empty, as typed, and names it on save rather than saving 0', async () => {
  const { user, render } = await startConsole()
  render(<ConditionsDialog onClose={() => {}} />)
  const dialog = within(await screen.findByRole('dialog', { name: 'Conditions' }))
  const kind = await dialog.findByRole('combobox', { name: 'Condition to add to listTransactions' })
  await user.selectOptions(kind, 'Latency')
  await user.click(dialog.getByRole('button', { name: 'Add to listTransactions' }))
  const rule = within(dialog.getByRole('group', { name: /^Rule r1:/ }))
  const seed = rule.getByRole('spinbutton', { name: 'Seed' })
  await user.clear(seed)
  expect(seed).toHaveProperty('value', '')
  await user.click(dialog.getByRole('button', { name: 'Save conditions' }))

  rule.getByRole('spinbutton', { name: 'Seed', description: 'Rule r1: Seed must be a number' })
  expect(readOfflineConditions().rules).toEqual([])
})
