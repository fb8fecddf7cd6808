// The pager says how many rows the table's filter holds whenever the console knows it: testers read "Rows
// 1–50 of 401 or more" under a chart saying 425 booked, and "of 951 or more" beside "997 booked".
import { screen, waitFor, within } from '@testing-library/react'
import { expect, it } from 'vitest'
import { startConsole } from '../../test/render'
import { daysAgo, seedAccount, seedTransactions, transaction } from '../../test/seed'
import { renderTransactionsView } from '../../test/transactions-view'
import { writeOfflineConditions } from '../conditions'

const booked = (i: number) =>
  transaction({
    cardTransactionId: `b-${i}`,
    bookingDate: daysAgo(i % 200),
    transactionDate: daysAgo(i % 200),
  })
const pending = (i: number) =>
  transaction({
    cardTransactionId: `p-${i}`,
    bookingStatus: 'pending',
    bookingDate: undefined,
    transactionDate: daysAgo(i % 5),
  })

async function showAccount(
  query: string,
  { booked: b, pending: p }: { booked: number; pending: number },
  sandbox: Parameters<typeof startConsole>[0] = {},
) {
  const app = await startConsole(sandbox)
  const account = await seedAccount(app.sandbox)
  await seedTransactions(app.sandbox, account.resourceId, [
    ...Array.from({ length: b }, (_, i) => booked(i)),
    ...Array.from({ length: p }, (_, i) => pending(i)),
  ])
  renderTransactionsView(app, account, query)
  await screen.findByRole('table', { name: /^Transactions of/ })
  return app
}

const pager = () => within(screen.getByRole('navigation', { name: 'Pages' }))
const rowsText = () => pager().getByText(/^Rows/).textContent
const totalsLine = () => document.querySelector('.chart-totals-line')?.textContent

it("says the total of the chart's summary above it, for the table's status and window", async () => {
  const { user } = await showAccount('&status=booked&limit=50', { booked: 425, pending: 27 })
  await waitFor(() => expect(totalsLine()).toMatch(/^452 transactions: 425 booked, 27 pending/))
  await waitFor(() => expect(rowsText()).toBe('Rows 1–50 of 425'))

  await user.selectOptions(pager().getByRole('combobox', { name: 'Page size' }), '10')
  await waitFor(() => expect(rowsText()).toBe('Rows 1–10 of 425'))
  await user.click(pager().getByRole('button', { name: 'Next ›' }))
  await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Page 2 loaded: Rows 11–20 of 425'))

  await user.click(screen.getByRole('radio', { name: 'both' }))
  await waitFor(() => expect(rowsText()).toBe('Rows 1–10 of 452'))
})

it('says the total of a date window, and with the amounts swapped', async () => {
  // Booked i is dated i % 200 days ago: days 0 to 9 hold 3 each of the 425 (i, i + 200, i + 400 up to 424).
  const window = `&from=${daysAgo(9)}&to=${daysAgo(0)}`
  await showAccount(`&status=booked&limit=10&fix=1${window}`, { booked: 425, pending: 27 })
  await waitFor(() => expect(totalsLine()).toMatch(/^57 transactions: 30 booked, 27 pending/))
  await waitFor(() => expect(rowsText()).toBe('Rows 1–10 of 30'))
})

it('says the total once the last page is read, at every page size, while there is no summary', async () => {
  writeOfflineConditions({
    rules: [
      { id: 'down', operation: 'summarizeTransactions', kind: 'error', status: 503, probability: 1, seed: 1 },
    ],
  })
  const { user } = await showAccount(
    '&status=booked&limit=5',
    { booked: 12, pending: 3 },
    { conditions: true },
  )
  await screen.findByText(/^Could not summarise the transactions \(HTTP 503\)/)
  // The sandbox's link to its last page (offset 10) says there are 11 at least.
  expect(rowsText()).toBe('Rows 1–5 of 11 or more')

  await user.click(pager().getByRole('button', { name: 'Next ›' }))
  await waitFor(() => expect(rowsText()).toBe('Rows 6–10 of 11 or more'))
  await user.click(pager().getByRole('button', { name: 'Next ›' }))
  await waitFor(() => expect(rowsText()).toBe('Rows 11–12 of 12'))
  await user.click(pager().getByRole('button', { name: '‹ Prev' }))
  await waitFor(() => expect(rowsText()).toBe('Rows 6–10 of 12'))
  await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Page 2 loaded: Rows 6–10 of 12'))
  await user.click(pager().getByRole('button', { name: '‹ Prev' }))
  await waitFor(() => expect(rowsText()).toBe('Rows 1–5 of 12'))
  await user.selectOptions(pager().getByRole('combobox', { name: 'Page size' }), '10')
  await waitFor(() => expect(rowsText()).toBe('Rows 1–10 of 12'))
})

it('without a summary route, says the total of a window the chart read whole', async () => {
  // A bank's sandbox: the chart reads the window by pages (booked and pending together).
  await showAccount('&status=pending&limit=5', { booked: 30, pending: 12 }, { personality: 'platform' })
  await screen.findByText(/^Read all 42 of this window/)
  await waitFor(() => expect(rowsText()).toBe('Rows 1–5 of 12'))
})
