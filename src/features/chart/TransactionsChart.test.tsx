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
    '4214: 1 (+100.00 NOK)',
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
    '2026-01-081+100.00 NOK1-1.00 NOK',
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

/** Each label's x, and the [left, width] of the chart's bars of one kind. */
function axisGeometry(chart: HTMLElement) {
  const svg = within(chart).getByRole('img')
  const labels = [...svg.querySelectorAll('text.chart-axis')]
  const bars = (kind: string) =>
    [...svg.querySelectorAll(`rect.chart-${kind}`)].map((r) => [
      Number(r.getAttribute('x')),
      Number(r.getAttribute('width')),
    ])
  return {
    at: Object.fromEntries(labels.map((label) => [label.textContent, Number(label.getAttribute('x'))])),
    booked: bars('booked'),
    pending: bars('pending'),
  }
}

it('stands a day’s booked and pending bars side by side on its label, none half the chart wide', async () => {
  const { chart } = await showChart()
  const { at, booked, pending } = axisGeometry(chart)
  const label = at['2026-01-08'] ?? Number.NaN
  expect(booked.some(([left = 0, width = 0]) => Math.abs(left + width - label) < 0.01)).toBe(true)
  expect(pending.some(([left = 0]) => Math.abs(left - label) < 0.01)).toBe(true)
  // Four days across the figure's 732 units: bars of a day's half (91) were one slab each.
  expect(Math.max(...[...booked, ...pending].map(([, width = 0]) => width))).toBeLessThanOrEqual(40)
})

it('labels weeks by their Mondays, each under its week’s bars', async () => {
  const app = await startConsole()
  const account = await seedAccount(app.sandbox)
  // Half a year: more days than a chart of days shows, so a bar a week. 2025-01-06 and 2025-03-03 are Mondays.
  await seedTransactions(app.sandbox, account.resourceId, [
    booked('jan', '2025-01-08', '-1'),
    booked('mar', '2025-03-05', '-2'),
    booked('jun', '2025-06-30', '-3'),
  ])
  renderTransactionsView(app, account, '&status=both&from=2025-01-06&to=2025-06-30')
  const chart = await screen.findByRole('region', { name: 'Transactions over time' })
  await within(chart).findByRole('img', { name: /per week, 2025-01-06 to 2025-06-30/ })
  const { at, booked: bars } = axisGeometry(chart)
  expect(Object.keys(at).length).toBeGreaterThan(2)
  for (const [date, x] of Object.entries(at)) {
    expect(new Date(`${date}T00:00:00Z`).getUTCDay(), `${date} is a Monday`).toBe(1)
    expect(x).toBeGreaterThan(0)
  }
  // The week of 2025-01-06 has a bar, and its label stands where that bar ends and its pending one starts.
  const january = at['2025-01-06'] ?? Number.NaN
  expect(bars.some(([left = 0, width = 0]) => Math.abs(left + width - january) < 0.01)).toBe(true)
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

it('a day picked in the chart as a table sets From and To as a drag over its bars does', async () => {
  const { chart, user } = await showChart()
  await user.click(within(chart).getByText('The chart as a table'))
  const figures = await within(chart).findByRole('table', { name: /per day/ })
  const day = within(figures).getByRole('button', { name: 'Show 2026-01-06 in the table' })
  day.focus()
  await user.keyboard('{Enter}')

  await waitFor(() => expect(new URLSearchParams(location.search).get('from')).toBe('2026-01-06'))
  expect(new URLSearchParams(location.search).get('to')).toBe('2026-01-06')
  expect(screen.getByLabelText('From')).toHaveProperty('value', '2026-01-06')
  expect(screen.getByLabelText('To')).toHaveProperty('value', '2026-01-06')
  const table = await screen.findByRole('table', { name: /^Transactions of/ })
  await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2))
  expect(within(table).getByRole('cell', { name: 'b' }).textContent).toBe('b')
  // The chart as a table stays open on the day picked, the focus on it.
  await waitFor(() => expect(chart.getAttribute('aria-busy')).toBe('false'))
  expect(document.activeElement).toBe(
    within(chart).getByRole('button', { name: 'Show 2026-01-06 in the table' }),
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
