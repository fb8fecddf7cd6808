import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { expect, it } from 'vitest'
import { startConsole } from '../../test/render'
import { seedAccount, seedTransactions, transaction } from '../../test/seed'
import { renderTransactionsView } from '../../test/transactions-view'
import { TransactionsChart } from './TransactionsChart'

const booked = (id: string, date: string, amount: string, merchantCategoryCode = '5411') =>
  transaction({
    cardTransactionId: id,
    bookingDate: date,
    transactionDate: date,
    transactionAmount: { currency: 'NOK', amount },
    merchantCategoryCode,
  })

/** The view of an account with transactions on 2026-01-05, -06 and -08, with the chart above its table. */
async function showChart() {
  const app = await startConsole()
  const account = await seedAccount(app.sandbox)
  await seedTransactions(app.sandbox, account.resourceId, [
    booked('a', '2026-01-05', '-10.50'),
    booked('b', '2026-01-06', '-4.25', '5812'),
    booked('c', '2026-01-08', '100', '4214'),
    transaction({
      cardTransactionId: 'p',
      bookingStatus: 'pending',
      bookingDate: undefined,
      transactionDate: '2026-01-08',
      transactionAmount: { currency: 'NOK', amount: '-1' },
    }),
  ])
  renderTransactionsView(app, account, '&status=both')
  const chart = await screen.findByRole('region', { name: 'Transactions over time' })
  await within(chart).findByRole('img', { name: /per day, 2026-01-05 to 2026-01-08: 4 transactions/ })
  return { ...app, chart }
}

it('shows the totals per currency, the top categories and the figures as a table', async () => {
  const { chart, user } = await showChart()
  const totals = within(chart).getByRole('table', { name: 'Totals per currency' })
  expect(within(totals).getByRole('row', { name: /NOK/ }).textContent).toBe('NOK4100.00-15.75')
  const categories = within(chart).getByRole('list', { name: 'Top merchant categories' })
  expect(
    within(categories)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual([
    '5411 Grocery stores: 2 (-11.50 NOK)',
    // A code the console has no name for is shown alone, as the table shows it: not "Other".
    '4214: 1 (100.00 NOK)',
    '5812 Restaurants: 1 (-4.25 NOK)',
  ])
  // Its rows are made when it is opened.
  expect(within(chart).queryByRole('table', { name: /per day/ })).toBeNull()
  await user.click(within(chart).getByText('The chart as a table'))
  const figures = await within(chart).findByRole('table', { name: /per day/ })
  expect(
    within(figures)
      .getAllByRole('row')
      .map((row) => row.textContent),
  ).toEqual([
    'DayBookedBooked sumPendingPending sum',
    '2026-01-051-10.50 NOK0–',
    '2026-01-061-4.25 NOK0–',
    '2026-01-081100.00 NOK1-1.00 NOK',
  ])
})

// A tester read the axis's last label, on the boundary where the window ends, as the date of the bars above
// it: tomorrow's date under today's bars.
it('labels each date under the middle of its own day, and none after the window', async () => {
  const { chart } = await showChart()
  const labels = [...within(chart).getByRole('img').querySelectorAll('text.chart-axis')]
  const at = Object.fromEntries(labels.map((label) => [label.textContent, Number(label.getAttribute('x'))]))
  // The axis runs from 2026-01-05 (x 56) to the end of 2026-01-08 (x 788): 183 units a day.
  expect(Object.keys(at)).not.toContain('2026-01-09')
  expect(at['2026-01-05']).toBeCloseTo(56 + 183 / 2, 0)
  expect(at['2026-01-08']).toBeCloseTo(56 + 3.5 * 183, 0)
})

it('a brush across the chart sets From and To to whole days, and the table follows', async () => {
  const { chart } = await showChart()
  const svg = within(chart).getByRole('img')
  // The test page lays nothing out: the chart is given the 800-unit width it draws in, so clientX is a chart x.
  svg.getBoundingClientRect = () => ({ left: 0, width: 800, top: 0, height: 220 }) as DOMRect
  // The axis runs from 2026-01-05 (x 56) to the end of 2026-01-08 (x 788): 183 units a day.
  fireEvent.pointerDown(svg, { clientX: 250, pointerId: 1 })
  fireEvent.pointerMove(svg, { clientX: 400, pointerId: 1 })
  // While dragged it covers the whole days it would apply, here 2026-01-06 (x 239 to 422), not the
  // pointer's own span (250 to 400).
  const brush = svg.querySelector('.chart-brush')
  expect([brush?.getAttribute('x'), brush?.getAttribute('width')]).toEqual(['239', '183'])
  fireEvent.pointerUp(svg, { clientX: 450, pointerId: 1 })
  // While the new window is summed, the last chart stays, marked busy, rather than the panel emptying.
  expect(chart.getAttribute('aria-busy')).toBe('true')
  expect(within(chart).getByRole('img').getAttribute('aria-label')).toMatch(/2026-01-05 to 2026-01-08/)
  await waitFor(() => expect(new URLSearchParams(location.search).get('from')).toBe('2026-01-06'))
  expect(new URLSearchParams(location.search).get('to')).toBe('2026-01-07')
  expect(screen.getByLabelText('From')).toHaveProperty('value', '2026-01-06')
  expect(screen.getByLabelText('To')).toHaveProperty('value', '2026-01-07')
  const table = await screen.findByRole('table', { name: /^Transactions of/ })
  // One transaction, b of 2026-01-06, is left: the header row and its row.
  await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2))
  expect(within(table).getByRole('cell', { name: 'b' }).textContent).toBe('b')
  await waitFor(() => expect(chart.getAttribute('aria-busy')).toBe('false'))
  expect(within(chart).getByRole('img').getAttribute('aria-label')).toMatch(
    /2026-01-06 to 2026-01-07: 1 transactions/,
  )
})

it('keeps the figure’s place, its totals shown, until the bars may be drawn after the table’s rows', async () => {
  const app = await startConsole()
  const account = await seedAccount(app.sandbox)
  await seedTransactions(app.sandbox, account.resourceId, [booked('a', '2026-01-05', '-10.50')])
  app.render(<ChartBeforeRows accountId={account.resourceId} />)
  const chart = await screen.findByRole('region', { name: 'Transactions over time' })
  await within(chart).findByRole('table', { name: 'Totals per currency' })
  expect(within(chart).queryByRole('img')).toBeNull()
  // The figure's box is there, as wide and as high as the bars' will be, so nothing below it moves.
  const placeholder = chart.querySelector('.chart-figure svg.chart')
  expect(placeholder?.getAttribute('viewBox')).toBe('0 0 800 220')
  expect(placeholder?.getAttribute('aria-hidden')).toBe('true')

  await app.user.click(screen.getByRole('button', { name: 'Rows shown' }))
  await within(chart).findByRole('img', { name: /per day, 2026-01-05 to 2026-01-05: 1 transactions/ })
})

/** The chart as the transactions view holds it, its table's rows shown at the click of "Rows shown". */
function ChartBeforeRows({ accountId }: { accountId: string }) {
  const [rowsShown, setRowsShown] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setRowsShown(true)}>
        Rows shown
      </button>
      <TransactionsChart
        accountId={accountId}
        corporateId={undefined}
        from={undefined}
        to={undefined}
        onWindow={() => {}}
        drawBars={rowsShown}
      />
    </>
  )
}

// A tester turned the Signature to a missing Digest: "Could not read…" under the last answer's totals, as
// though they were read. A refused read again shows no line it did not read.
it('shows no totals once reading them again is refused', async () => {
  const { chart, user } = await showChart()
  expect(within(chart).getByText(/^4 transactions: /)).toBeDefined()
  await user.selectOptions(screen.getByRole('combobox', { name: 'Signature' }), 'missing-digest')
  await within(chart).findByText(/^Could not summarise the transactions \(HTTP 401\)/)
  expect(within(chart).queryByText(/transactions: \d+ booked/)).toBeNull()
  expect(within(chart).queryByRole('table', { name: 'Totals per currency' })).toBeNull()
})
