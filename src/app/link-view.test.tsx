// A pasted link that names no account: the console shows the first one, and the link's view (its look and
// what was corrected in it) wins over that choice (docs/decisions.md#history-and-bad-links).
import { screen } from '@testing-library/react'
import { expect, it } from 'vitest'
import { startConsole } from '../test/render'
import { seedAccount, seedTransactions, transaction } from '../test/seed'

it('keeps a link’s dates, page size and corrections when the first account is shown for it', async () => {
  const { sandbox, renderApp } = await startConsole()
  const account = await seedAccount(sandbox)
  await seedTransactions(sandbox, account.resourceId, [transaction({ cardTransactionId: 'tx-1' })])
  history.replaceState(null, '', '/?status=foo&from=2026-01-01&limit=5000')
  renderApp()

  await screen.findByRole('cell', { name: 'tx-1' })
  const view = new URLSearchParams(location.search)
  expect(view.get('account')).toBe(account.resourceId)
  expect(view.get('from')).toBe('2026-01-01')
  expect(view.get('status')).toBe('booked')
  expect(view.get('limit')).toBe('200')
  expect(
    screen.getByText('Status “foo” is not one of booked, pending or both: showing booked.'),
  ).toBeDefined()
  expect(
    screen.getByText('Page size 5,000 is more than the largest offered: showing 200 rows a page.'),
  ).toBeDefined()
})
