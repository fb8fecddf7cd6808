import { screen, waitFor } from '@testing-library/react'
import { expect, it } from 'vitest'
import { writeOfflineConditions } from '../features/conditions'
import { startConsole } from '../test/render'
import { seedAccount } from '../test/seed'
import { renderTransactionsView } from '../test/transactions-view'

// A read the view started just before the switch, and has no answer of its own yet (a filter was just
// changed), must not stand for the read after it: its answer was signed the old way.
it('answers with the spoiled signature even when the switch comes while a new view is being read', async () => {
  writeOfflineConditions({
    rules: [
      {
        id: 'slow',
        operation: 'listTransactions',
        kind: 'latency',
        minMs: 400,
        maxMs: 400,
        probability: 1,
        seed: 1,
      },
    ],
  })
  const app = await startConsole({ conditions: true })
  const account = await seedAccount(app.sandbox)
  renderTransactionsView(app, account)
  await screen.findByText('No booked transactions.')

  await app.user.click(screen.getByRole('radio', { name: 'both' }))
  await app.user.selectOptions(screen.getByRole('combobox', { name: 'Signature' }), 'bad-signature')

  await waitFor(() =>
    expect(screen.getByRole('alert').textContent).toContain('the RSA-SHA256 signature does not verify'),
  )
})
