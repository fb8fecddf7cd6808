import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, it } from 'vitest'
import type { TransactionRow } from './rows'
import { TransactionsTable } from './TransactionsTable'

const id = 'enc!!aI55HS7YpeXJhHqt4PmNavMmogFrZWG789qlE'
const row: TransactionRow = {
  key: id,
  pending: false,
  id,
  bookingDate: '2026-11-24',
  transactionDate: '2026-11-23',
  merchantCategoryCode: '5541',
  details: 'Circle K Svinesund',
  transactionAmount: { currency: 'NOK', amount: '-612.00' },
  originalAmount: { currency: 'SEK', amount: '-598.00' },
  text: undefined,
  raw: {},
  extra: [],
}

// A narrow screen hides the Tx date and Transaction id columns (styles.css): the row's detail names both.
it("names the transaction date and id in the row's detail, for the screen that hides their columns", async () => {
  render(<TransactionsTable rows={[row]} caption="Transactions of test" busy={false} />)
  await userEvent.click(screen.getByRole('button', { name: `Details of transaction ${id}` }))

  const detail = within(screen.getAllByRole('row')[2] as HTMLElement)
  const value = (term: string) => detail.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent
  expect(value('Tx date')).toBe('2026-11-23')
  expect(value('Transaction id')).toBe(id)
})

// A screen reader read the header row as "Details Booked Tx date MCC Details Amount …": the disclosure
// buttons' column and the transaction's Details text had one name.
it.each([false, true])('names each column once, the swap shown or not (swapped: %s)', (swapped) => {
  render(<TransactionsTable rows={[row]} caption="Transactions of test" busy={false} swapped={swapped} />)
  const headers = within(screen.getAllByRole('row')[0] as HTMLElement).getAllByRole('columnheader')
  const names = headers.map((th) => th.textContent ?? '')
  expect(names).toEqual([...new Set(names)])
  // By its accessible name, which is what is read out: one header each.
  for (const name of names) expect(screen.getAllByRole('columnheader', { name })).toHaveLength(1)
  expect(names[0]).toBe('Show details')
})
