import { screen, within } from '@testing-library/react'
import { expect, it, vi } from 'vitest'
import { startConsole } from '../../test/render'
import { seedAccount, seedTransactions, today, transaction } from '../../test/seed'

// The whole console against a sandbox shaped like the bank's: on a busy machine more than vitest's default.
// It bounds how long a failing test takes, nothing else.
vi.setConfig({ testTimeout: 30_000 })

/**
 * The console against a sandbox shaped like the bank's (no clock, no summary, no account list), on an account
 * whose table and chart have both read their pages.
 */
async function platformAccount() {
  const app = await startConsole({ personality: 'platform' })
  const account = await seedAccount(app.sandbox, { name: 'Everyday card' })
  await seedTransactions(app.sandbox, account.resourceId, [
    transaction({ cardTransactionId: 'tx-1' }),
    transaction({
      cardTransactionId: 'p-1',
      bookingStatus: 'pending',
      bookingDate: undefined,
      transactionDate: today,
    }),
  ])
  history.replaceState(null, '', `/?account=${encodeURIComponent(account.resourceId)}`)
  app.renderApp()
  const view = within(await screen.findByRole('region', { name: /Everyday card/ }))
  await view.findByRole('cell', { name: 'tx-1' })
  // Without the sandbox's summary the chart reads the window's pages itself (both statuses, 200 a page).
  const chart = within(await view.findByRole('region', { name: 'Transactions over time' }))
  await chart.findByText(/^2 transactions: 1 booked, 1 pending/)
  return { ...app, view, path: `/api/v1/sandbox/card-accounts/${encodeURIComponent(account.resourceId)}` }
}

async function openShare(user: Awaited<ReturnType<typeof startConsole>>['user']) {
  await user.click(screen.getByRole('button', { name: 'Explain & share' }))
  await user.click(screen.getByRole('button', { name: 'Share…' }))
  const dialog = within(await screen.findByRole('dialog', { name: 'Share what you see' }))
  return {
    dialog,
    request: dialog.getByRole('combobox', { name: 'Request to include' }) as HTMLSelectElement,
  }
}

const chosen = (select: HTMLSelectElement) => select.selectedOptions[0]?.textContent

// A support engineer's link carried the newest request, the chart's read or the account list's 405, and
// opened in the customer's browser on "Response 405".
it('offers the request behind the table, the view the link shares, first', async () => {
  const { user, path } = await platformAccount()
  const { request } = await openShare(user)
  expect(chosen(request)).toBe(`GET ${path}/transactions?bookingStatus=booked&offset=0&limit=50 (200)`)
})

it('offers none when no account is shown: there is no table to read again', async () => {
  const { user, renderApp } = await startConsole({ personality: 'platform' })
  renderApp()
  expect(await screen.findByText(/This sandbox does not list card accounts/)).toBeDefined()
  const { request } = await openShare(user)
  expect(chosen(request)).toBe('None')
})

// Opening Share read the sandbox's clock again: on a sandbox without one a 404, the newest request.
it('sends nothing of its own: the clock it carries is the one the header read', async () => {
  const { user, view } = await platformAccount()
  const clockReads = (select: HTMLSelectElement) =>
    within(select).queryAllByRole('option', { name: /\/clock \(404\)$/ }).length
  const first = await openShare(user)
  expect(clockReads(first.request)).toBe(1)
  await user.keyboard('{Escape}')

  // A read the tester asks for, answered after anything Share sent.
  await user.click(view.getByRole('radio', { name: 'pending' }))
  await view.findByRole('cell', { name: /^p-1\b/ })
  const again = await openShare(user)
  expect(clockReads(again.request)).toBe(1)
})

// A tester found customer numbers and PSU-Corporate-IDs in clear in the Postman collection, where the
// dialog spoke of redaction for the HAR only. They stay (the requests must run), and the dialog says so.
it('says the Postman collection keeps PSU ids and customer numbers, beside the HAR’s redaction', async () => {
  const { user, renderApp } = await startConsole()
  renderApp()
  const { dialog } = await openShare(user)
  const exportSection = within(dialog.getByRole('region', { name: 'Export session' }))
  expect(
    exportSection.getByText(/keeps PSU ids and customer numbers as sent, so that its requests run/),
  ).toBeDefined()
})
