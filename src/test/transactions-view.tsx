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
