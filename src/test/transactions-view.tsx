import { screen, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import type { CardAccountRead } from '../api'
import { accountView } from '../features/card-accounts/account-view'
import { TransactionsView } from '../features/transactions/TransactionsView'
import type { TestConsole } from './render'

const nothing = () => {}

/**
 * `account`'s transactions view at the address `?account=<id><query>`, as the console shows it, the
 * dialogs its buttons would open left out; `beside` renders after it (the inspector).
 */
export function renderTransactionsView(
  app: TestConsole,
  account: CardAccountRead,
  query = '',
  beside?: ReactNode,
) {
  window.history.replaceState(null, '', `/?account=${account.resourceId}${query}`)
  return app.render(
    <>
      <TransactionsView
        account={accountView(account.resourceId, account)}
        onAdd={nothing}
        onGenerate={nothing}
        onSettle={nothing}
        onDeleteTransaction={nothing}
      />
      {beside}
    </>,
  )
}

/**
 * An empty account's own "+ Add transactions", once its first answer is in: the header's, there while the
 * answer comes, leaves the page then, and a click aimed at it would miss.
 */
export async function emptyAccountAddButton(): Promise<HTMLElement> {
  const said = await screen.findByText(/^(This account has no transactions yet|No .*transactions.*)\.$/)
  if (said.parentElement === null) throw new Error('the empty state has no actions')
  return within(said.parentElement).getByRole('button', { name: '+ Add transactions' })
}

/** The transactions table as a user reads it: one record per row, keyed by the column headers. */
export function tableRows(): Record<string, string>[] {
  const table = screen.getByRole('table', { name: /^Transactions of/ })
  const [head, ...rows] = within(table).getAllByRole('row')
  const headers = within(head as HTMLElement)
    .getAllByRole('columnheader')
    .map((th) => th.textContent ?? '')
  return rows.map((row) =>
    Object.fromEntries(
      within(row)
        .queryAllByRole('cell')
        .map((td, i) => [headers[i], td.textContent ?? '']),
    ),
  )
}
