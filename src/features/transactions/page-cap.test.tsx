// A bank that lowers a large `limit` (the small-pages personality: at most 10 rows a page) is said so
// beside the pager, and the page size shown is the one the sandbox uses.
import { screen, waitFor, within } from '@testing-library/react'
import { expect, it } from 'vitest'
import { startConsole } from '../../test/render'
import { daysAgo, seedAccount, seedTransactions, transaction } from '../../test/seed'
import { renderTransactionsView } from '../../test/transactions-view'

async function showSmallPages(query: string) {
  const app = await startConsole({ personality: 'small-pages' })
  const account = await seedAccount(app.sandbox)
  await seedTransactions(
    app.sandbox,
    account.resourceId,
    Array.from({ length: 12 }, (_, i) =>
      transaction({ cardTransactionId: `t${i}`, bookingDate: daysAgo(i), transactionDate: daysAgo(i) }),
    ),
  )
  renderTransactionsView(app, account, query)
  await screen.findByRole('table', { name: /^Transactions of/ })
  return { ...app, pager: within(screen.getByRole('navigation', { name: 'Pages' })) }
}

it('says the sandbox answered fewer rows a page than asked, and shows the page size it uses', async () => {
  const { user, pager } = await showSmallPages('&status=booked&limit=50')

  const notice = await screen.findByText(/^The sandbox answers at most/)
  expect(notice.textContent).toBe(
    'The sandbox answers at most 10 rows a page; asked for 50. Page size is now 10.',
  )
  await waitFor(() =>
    expect(pager.getByRole('combobox', { name: 'Page size' })).toHaveProperty('value', '10'),
  )
  expect(new URLSearchParams(location.search).get('limit')).toBe('10')
  await waitFor(() => expect(pager.getByText(/^Rows/).textContent).toBe('Rows 1–10 of 12'))

  await user.click(pager.getByRole('button', { name: 'Next ›' }))
  await waitFor(() => expect(pager.getByText(/^Rows/).textContent).toBe('Rows 11–12 of 12'))
  expect(pager.getByRole('combobox', { name: 'Page size' })).toHaveProperty('value', '10')
  // Said on the page where the sandbox lowered the size: the next page is not news of it.
  expect(screen.queryByText(/^The sandbox answers at most/)).toBeNull()
  await user.click(pager.getByRole('button', { name: '‹ Prev' }))
  await waitFor(() => expect(pager.getByText(/^Rows/).textContent).toBe('Rows 1–10 of 12'))
  expect(screen.getByText(/^The sandbox answers at most 10 rows a page; asked for 50/)).toBeDefined()
})

it('says nothing of a page size the sandbox keeps', async () => {
  const { pager } = await showSmallPages('&status=booked&limit=5')
  await waitFor(() => expect(pager.getByText(/^Rows/).textContent).toBe('Rows 1–5 of 12'))
  expect(screen.queryByText(/^The sandbox answers at most/)).toBeNull()
})
