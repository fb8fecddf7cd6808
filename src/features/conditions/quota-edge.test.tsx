// The shipped "quota edge" scenario as a tester meets it, with the conditions applied as offline mode
// applies them: loaded, the account shows; the tester's next read is the day's last, the one after is refused.
import 'fake-indexeddb/auto'
import { focusManager } from '@tanstack/react-query'
import { screen, waitFor, within } from '@testing-library/react'
import { expect, it, onTestFinished, vi } from 'vitest'
import { psd2QuotaRule } from '../../contract'
import { startConsole } from '../../test/render'
import { seedAccount, seedTransactions, transaction } from '../../test/seed'
import { offlineQuotaStore, writeOfflineConditions } from './conditions-source'

const refusal = () => screen.queryByText(/^Could not load transactions/)

it('loads the quota-edge scenario with one read left: the first read succeeds, the next is refused', async () => {
  const { user, renderApp } = await startConsole({ conditions: true })
  renderApp()
  await user.click(await screen.findByRole('button', { name: 'Scenarios…' }))
  const dialog = within(await screen.findByRole('dialog', { name: 'Scenarios' }))
  const name = 'Private customer at the quota edge'
  await user.click(await dialog.findByRole('button', { name: `Load ${name}` }))
  const asking = within(await dialog.findByRole('region', { name: `Load ${name}?` }))
  await user.click(asking.getByRole('button', { name: 'Replace and load' }))
  // Said on screen and to a screen reader by the announcer (which may have spoken it already).
  await screen.findAllByText(`Loaded scenario ${name}: 1 card account and 6 transactions`)
  // The account shows its booked transactions: the console read them for the tester.
  expect(await screen.findByText('Kiwi Majorstuen')).toBeDefined()

  // The tester's first read: booked and pending.
  await user.click(screen.getByRole('radio', { name: 'both' }))
  await waitFor(() => expect(screen.queryByText('Komplett.no') ?? refusal()).not.toBeNull())
  expect(refusal()?.textContent).toBeUndefined()
  // The inspector says, in words, what the read left.
  expect(screen.getAllByText(/^Condition psd2-4-a-day: /)[0]?.textContent).toBe(
    'Condition psd2-4-a-day: 0 of 4 reads left today',
  )

  // The next one is over the day's four.
  await user.click(screen.getByRole('radio', { name: 'pending' }))
  await waitFor(() => expect(refusal()?.textContent).toBe('Could not load transactions (HTTP 429)'))
  // Named beside the refusal as the inspector's badge names it: the tester's rule, not the sandbox's.
  expect(
    screen.getByText(
      'Condition psd2-4-a-day: 429 after 4 reads a day shaped this answer: a test condition, set under Conditions.',
    ),
  ).toBeDefined()
})

it('does not spend a read when the tab comes back into view', async () => {
  const { user, renderApp, sandbox } = await startConsole({ conditions: true })
  writeOfflineConditions({ rules: [psd2QuotaRule('q', 'listTransactions')] })
  const account = await seedAccount(sandbox)
  await seedTransactions(sandbox, account.resourceId, [
    transaction({ transactionDetails: 'Shown' }),
    transaction({ bookingStatus: 'pending', bookingDate: undefined, cardTransactionId: 'waiting' }),
  ])
  window.history.replaceState(null, '', `/?account=${account.resourceId}`)
  renderApp()
  await screen.findByText('Shown')
  const key = `listTransactions ${account.resourceId}`
  expect(offlineQuotaStore.load()?.reads[key]).toBe(1)

  // A minute later the tester comes back from their notes: the page on screen is stale, and still shown.
  vi.useFakeTimers({ toFake: ['Date'] })
  onTestFinished(() => {
    vi.useRealTimers()
  })
  vi.setSystemTime(Date.now() + 60_000)
  focusManager.setFocused(false)
  focusManager.setFocused(true)
  focusManager.setFocused(undefined)
  // A refetch would go out at once, before the tester's next read (the pending rows to settle, with the
  // table still on screen), which is then the second of the day.
  await user.click(screen.getByRole('button', { name: 'Settle pending…' }))
  const settle = within(await screen.findByRole('dialog', { name: 'Settle pending transactions' }))
  await settle.findByText('waiting')
  expect(offlineQuotaStore.load()?.reads[key]).toBe(2)
})
