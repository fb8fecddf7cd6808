import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { expect, it, vi } from 'vitest'
import { type PersonalityName, psd2QuotaRule } from '../../contract'
import type { Sandbox } from '../../sandbox'
import { startConsole } from '../../test/render'
import { daysAgo, seedAccount, seedTransactions, transaction } from '../../test/seed'
import { renderTransactionsView, tableRows } from '../../test/transactions-view'
import { offlineQuotaStore, writeOfflineConditions } from '../conditions'

const booked = (id: string, bookedDaysAgo: number) =>
  transaction({
    cardTransactionId: id,
    bookingDate: daysAgo(bookedDaysAgo),
    transactionDate: daysAgo(bookedDaysAgo + 1),
  })
const pending = (id: string, madeDaysAgo: number) =>
  transaction({
    cardTransactionId: id,
    bookingStatus: 'pending',
    bookingDate: undefined,
    transactionDate: daysAgo(madeDaysAgo),
  })

/**
 * Three booked and two pending transactions, stored out of order; the sandbox lists each status
 * newest first (booked by booking date, pending by transaction date).
 */
async function showAccount(
  query = '',
  seed = [
    booked('b-mid', 5),
    pending('p-old', 3),
    booked('b-old', 10),
    pending('p-new', 0),
    booked('b-new', 1),
  ],
) {
  const app = await startConsole()
  const account = await seedAccount(app.sandbox)
  await seedTransactions(app.sandbox, account.resourceId, seed)
  renderTransactionsView(app, account, query)
  await screen.findByRole('table', { name: /^Transactions of 525412\*{6}3241/ })
  return { ...app, account }
}

const ids = () => tableRows().map((row) => row['Transaction id'])
const view = () => Object.fromEntries(new URLSearchParams(location.search))

it('lists the booked transactions of the account newest first by default', async () => {
  await showAccount()
  expect(tableRows()).toEqual([
    expect.objectContaining({
      Booked: daysAgo(1),
      'Tx date': daysAgo(2),
      'Transaction id': 'b-new',
      MCC: '5411 Grocery stores',
      Amount: '-10.00 NOK',
      Original: '-0.90 EUR',
    }),
    expect.objectContaining({ Booked: daysAgo(5), 'Transaction id': 'b-mid' }),
    expect.objectContaining({ Booked: daysAgo(10), 'Transaction id': 'b-old' }),
  ])
  expect(screen.getByRole('radio', { name: 'booked' })).toHaveProperty('checked', true)
})

it('filters by bookingStatus and keeps it in the URL', async () => {
  const { user } = await showAccount()
  await user.click(screen.getByRole('radio', { name: 'pending' }))
  await waitFor(() => expect(ids()).toEqual(['p-new', 'p-old']))
  // Its transaction date under the badge is for narrow screens, where Tx date's column is hidden (styles.css).
  expect(tableRows().map((row) => row.Booked)).toEqual([
    `PendingTx date ${daysAgo(0)}`,
    `PendingTx date ${daysAgo(3)}`,
  ])
  expect(view()).toMatchObject({ status: 'pending', offset: '0' })

  await user.click(screen.getByRole('radio', { name: 'both' }))
  await waitFor(() => expect(ids()).toEqual(['b-new', 'b-mid', 'b-old', 'p-new', 'p-old']))
  expect(view()).toMatchObject({ status: 'both' })
})

it('Back returns to the previous page, not to every filter click on the way', async () => {
  const { user } = await showAccount('&status=both&limit=2')
  await user.click(screen.getByRole('button', { name: 'Next ›' }))
  await waitFor(() => expect(ids()).toEqual(['b-old', 'p-new']))
  await user.click(screen.getByRole('radio', { name: 'booked' }))
  await waitFor(() => expect(ids()).toEqual(['b-new', 'b-mid']))
  expect(view()).toMatchObject({ status: 'booked', offset: '0' })

  // The first page as it was opened: the status click replaced the second page's entry, not added one.
  history.back()
  await waitFor(() => expect(view()).toMatchObject({ status: 'both' }))
  expect(view()).not.toHaveProperty('offset', '2')
  await waitFor(() => expect(ids()).toEqual(['b-new', 'b-mid']))
  expect(screen.getByRole('radio', { name: 'both' })).toHaveProperty('checked', true)
})

it('filters by date: booking date for booked, transaction date for pending', async () => {
  const { user } = await showAccount('&status=both')
  await user.type(screen.getByLabelText('From'), `${daysAgo(5)}{Enter}`)
  await waitFor(() => expect(ids()).toEqual(['b-new', 'b-mid', 'p-new', 'p-old']))
  await user.type(screen.getByLabelText('To'), `${daysAgo(2)}{Enter}`)
  await waitFor(() => expect(ids()).toEqual(['b-mid', 'p-old']))
  expect(view()).toMatchObject({ from: daysAgo(5), to: daysAgo(2) })

  await user.click(screen.getByRole('button', { name: 'Clear dates' }))
  await waitFor(() => expect(ids()).toHaveLength(5))
  expect(view()).not.toHaveProperty('from')
})

/**
 * What Chromium reports while 11202026 is typed over To's 11/15/2026, month first (en-US): once every part
 * holds something, each key is a whole date, the month's first digit January's, the year's first ones
 * years before 1900 (e2e/screen.ui.spec.ts types it in Chromium). user-event types into a date field as
 * into text and keeps only a whole value, so the keys are replayed as the browser fires them: down, the
 * field's new value, up.
 */
const OVER_NOV_15: [key: string, reported: string][] = [
  ['1', '2026-01-15'],
  ['1', '2026-11-15'],
  ['2', '2026-11-02'],
  ['0', '2026-11-20'],
  ['2', '0002-11-20'],
  ['0', '0020-11-20'],
  ['2', '0202-11-20'],
  ['6', '2026-11-20'],
]

function typeAsChromium(field: HTMLElement, keys: [key: string, reported: string][]) {
  for (const [key, value] of keys) {
    fireEvent.keyDown(field, { key })
    fireEvent.change(field, { target: { value } })
    fireEvent.keyUp(field, { key })
  }
}

/** From 11/01/2026 to 11/15/2026, its first read answered; `quota`: the day's PSD2 four reads counted. */
async function showNovemberWindow({ quota = false } = {}) {
  if (quota) writeOfflineConditions({ rules: [psd2QuotaRule('q', 'listTransactions')] })
  const app = await startConsole({ conditions: quota })
  const account = await seedAccount(app.sandbox)
  await seedTransactions(app.sandbox, account.resourceId, [
    transaction({ cardTransactionId: 'nov-10', bookingDate: '2026-11-10', transactionDate: '2026-11-10' }),
    transaction({ cardTransactionId: 'nov-18', bookingDate: '2026-11-18', transactionDate: '2026-11-18' }),
  ])
  renderTransactionsView(app, account, '&from=2026-11-01&to=2026-11-15')
  await waitFor(() => expect(ids()).toEqual(['nov-10']))
  const reads = () => offlineQuotaStore.load()?.reads[`listTransactions ${account.resourceId}`]
  return { ...app, reads, to: screen.getByLabelText('To') }
}

it('reads once for a date typed over a filled To, once typing pauses, not at each key', async () => {
  const { reads, to } = await showNovemberWindow({ quota: true })
  expect(reads()).toBe(1)
  typeAsChromium(to, OVER_NOV_15)
  expect(view()).toMatchObject({ to: '2026-11-15' })

  await waitFor(() => expect(ids()).toEqual(['nov-18', 'nov-10']))
  expect(view()).toMatchObject({ from: '2026-11-01', to: '2026-11-20' })
  // The one read for 11/20, and no refusal of 01/15 (before From) on the way: one edit, one of the day's four.
  expect(reads()).toBe(2)
  expect(screen.queryByText(/^Could not load transactions/)).toBeNull()
})

it('applies a typed date at once on Enter or on leaving the field, and a picked one at once', async () => {
  const { to } = await showNovemberWindow()
  typeAsChromium(to, OVER_NOV_15)
  fireEvent.keyDown(to, { key: 'Enter' })
  expect(view()).toMatchObject({ to: '2026-11-20' })

  typeAsChromium(to, [
    ['1', '2026-11-01'],
    ['0', '2026-11-10'],
  ])
  fireEvent.blur(to)
  expect(view()).toMatchObject({ to: '2026-11-10' })

  // The picker's choice comes with no key pressed.
  fireEvent.change(to, { target: { value: '2026-11-30' } })
  expect(view()).toMatchObject({ to: '2026-11-30' })
  await waitFor(() => expect(ids()).toEqual(['nov-18', 'nov-10']))
})

it('pages through with Next and Prev at the page size in the URL', async () => {
  const { user } = await showAccount('&status=both&limit=2')
  const pages = within(screen.getByRole('navigation', { name: 'Pages' }))
  const prev = pages.getByRole('button', { name: '‹ Prev' })
  const next = pages.getByRole('button', { name: 'Next ›' })
  expect(ids()).toEqual(['b-new', 'b-mid'])
  // Five rows, as the chart's summary above counts them.
  await waitFor(() => expect(pages.getByText(/^Rows/).textContent).toBe('Rows 1–2 of 5'))
  expect(prev).toHaveProperty('disabled', true)

  await user.click(next)
  await waitFor(() => expect(ids()).toEqual(['b-old', 'p-new']))
  expect(view()).toMatchObject({ offset: '2', limit: '2' })
  await user.click(next)
  await waitFor(() => expect(ids()).toEqual(['p-old']))
  expect(pages.getByText(/^Rows/).textContent).toBe('Rows 5–5 of 5')
  expect(next).toHaveProperty('disabled', true)

  await user.click(prev)
  await waitFor(() => expect(ids()).toEqual(['b-old', 'p-new']))
  expect(view()).toMatchObject({ offset: '2' })
})

/** Holds every transactions answer of the sandbox until `release`: clicks come faster than answers. */
function holdPageAnswers(sandbox: Sandbox) {
  const list = sandbox.listTransactions.bind(sandbox)
  const held: (() => void)[] = []
  const spy = vi.spyOn(sandbox, 'listTransactions').mockImplementation(async (...args) => {
    await new Promise<void>((answer) => held.push(answer))
    return list(...args)
  })
  return {
    release() {
      spy.mockRestore()
      for (const answer of held.splice(0)) answer()
    },
  }
}

it('counts every Next click made before the pages answer', async () => {
  const twelve = Array.from({ length: 12 }, (_, i) => booked(`b-${String(i).padStart(2, '0')}`, i))
  const { user, sandbox } = await showAccount('&limit=2', twelve)
  const pages = within(screen.getByRole('navigation', { name: 'Pages' }))
  const next = pages.getByRole('button', { name: 'Next ›' })

  const answers = holdPageAnswers(sandbox)
  for (let click = 0; click < 3; click++) await user.click(next)
  // Where the clicks point, said at once, while the first page's rows still stand in.
  expect(pages.getByText(/^Rows/).textContent).toBe('Rows 7–8')
  expect(view()).toMatchObject({ offset: '6', limit: '2' })
  answers.release()

  await waitFor(() => expect(ids()).toEqual(['b-06', 'b-07']))
  expect(pages.getByText(/^Rows/).textContent).toBe('Rows 7–8 of 12')
  await user.click(pages.getByRole('button', { name: '‹ Prev' }))
  await waitFor(() => expect(ids()).toEqual(['b-04', 'b-05']))
})

it('shows the amounts swapped when the view asks for the accept-fix', async () => {
  const purchase = transaction({
    cardTransactionId: 'abroad',
    transactionAmount: { currency: 'NOK', amount: '-100.00' },
    originalAmount: { currency: 'EUR', amount: '-9.00' },
  })
  await showAccount('&fix=1', [purchase])
  // Both amount columns carry the marker, so a swapped table is never read as the stored one.
  expect(tableRows()).toEqual([
    expect.objectContaining({ 'Amount ⇄ swapped': '-9.00 EUR', 'Original ⇄ swapped': '-100.00 NOK' }),
  ])
})

it('shows the amounts as stored without the accept-fix', async () => {
  const purchase = transaction({
    cardTransactionId: 'abroad',
    transactionAmount: { currency: 'NOK', amount: '-100.00' },
    originalAmount: { currency: 'EUR', amount: '-9.00' },
  })
  await showAccount('', [purchase])
  expect(tableRows()).toEqual([expect.objectContaining({ Amount: '-100.00 NOK', Original: '-9.00 EUR' })])
})

it('offers to swap a window whose From is after its To, which the sandbox refuses, and then lists it', async () => {
  const { user } = await startAccountAt(`&status=both&from=${daysAgo(1)}&to=${daysAgo(6)}`)
  const refusal = await screen.findByRole('alert')
  expect(refusal.textContent).toMatch(/PERIOD_INVALID/)
  await user.click(screen.getByRole('button', { name: 'Swap From and To' }))
  await screen.findByRole('table', { name: /^Transactions of/ })
  expect(view()).toMatchObject({ from: daysAgo(6), to: daysAgo(1) })
  // The button went with the refusal: the focus is on the dates it swapped, not lost to the page.
  expect(document.activeElement).toBe(screen.getByLabelText('From'))
  expect(ids()).toEqual(['b-new', 'b-mid', 'p-old'])
})

it('offers the booked list when a bank that books only refuses both', async () => {
  const { user } = await startAccountAt('&status=both', 'booked-only')
  const refusal = await screen.findByRole('alert')
  expect(refusal.textContent).toMatch(/PARAMETER_NOT_SUPPORTED/)
  await user.click(screen.getByRole('button', { name: 'Show booked only' }))
  await screen.findByRole('table', { name: /^Transactions of/ })
  expect(view()).toMatchObject({ status: 'booked' })
  expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'booked' }))
  expect(ids()).toEqual(['b-new', 'b-mid', 'b-old'])
})

/** The seeded account at `query`, whatever its first answer (a refusal included). */
async function startAccountAt(query: string, personality?: PersonalityName) {
  const app = await startConsole(personality === undefined ? {} : { personality })
  const account = await seedAccount(app.sandbox)
  await seedTransactions(app.sandbox, account.resourceId, [
    booked('b-mid', 5),
    pending('p-old', 3),
    booked('b-old', 10),
    pending('p-new', 0),
    booked('b-new', 1),
  ])
  renderTransactionsView(app, account, query)
  return app
}
