import type { MouseEvent } from 'react'
import type { CardAccountRead } from '../../api'
import { type SetView, useView, viewSearch } from '../view-state'

interface AccountListProps {
  accounts: readonly CardAccountRead[]
}

/** The picker: one link per account, so an account can also be opened in a new tab. */
export function AccountList({ accounts }: AccountListProps) {
  const [view, setView] = useView()
  return (
    <ul className="account-list">
      {accounts.map((account) => {
        const current = account.resourceId === view.account
        return (
          <li key={account.resourceId}>
            <a
              href={viewSearch({ ...view, account: account.resourceId, offset: 0 })}
              aria-current={current ? 'page' : undefined}
              onClick={(event) => select(event, setView, account.resourceId)}
            >
              <span className="pan">{account.maskedPan}</span>
              <span className="account-meta">
                {account.currency} · {account.name ?? 'no name'} · {account.customerType}
              </span>
            </a>
          </li>
        )
      })}
    </ul>
  )
}

function select(event: MouseEvent, setView: SetView, account: string) {
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
  event.preventDefault()
  setView({ account, offset: 0 })
}
