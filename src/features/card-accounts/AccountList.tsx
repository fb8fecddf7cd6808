import type { MouseEvent } from 'react'
import { arriveAt, type SetView, useView, viewSearch } from '../view-state'
import type { KnownAccount } from './account-view'
import { accountLabel } from './format'

interface AccountListProps {
  accounts: readonly KnownAccount[]
  onRemove: (account: KnownAccount) => void
}

/** The picker: one link per account, so an account can also be opened in a new tab. */
export function AccountList({ accounts, onRemove }: AccountListProps) {
  const [view, setView] = useView()
  return (
    <ul className="account-list" aria-label="Card accounts">
      {accounts.map((known) => {
        const { view: account, entry } = known
        const current = account.resourceId === view.account
        // An account opened by id on a sandbox that would not show it may be known by its masked PAN alone.
        const described = account.currency !== undefined || account.customerType !== undefined
        const meta = described
          ? [account.currency, account.name ?? 'no name', account.customerType].filter(Boolean).join(' · ')
          : entry?.note
            ? 'could not be read'
            : 'known by id only'
        return (
          <li key={account.resourceId}>
            <a
              href={viewSearch(arriveAt(view, account.resourceId))}
              aria-current={current ? 'page' : undefined}
              onClick={(event) => select(event, setView, account.resourceId)}
            >
              <span className="pan">{accountLabel(account)}</span>
              <span className="account-meta">
                {meta || (entry?.note ? 'not read yet' : 'known by id only')}
              </span>
            </a>
            <button
              type="button"
              className="icon-button remove-account"
              aria-label={`Remove ${accountLabel(account)} from the book`}
              title="Remove from the console's book (nothing is deleted in the sandbox)"
              onClick={() => onRemove(known)}
            >
              ×
            </button>
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
