import type { MouseEvent } from 'react'
import { arriveAt, type SetView, useView, viewSearch } from '../view-state'
import type { KnownAccount } from './account-view'
import { accountLabel, shortId } from './format'

interface AccountListProps {
  accounts: readonly KnownAccount[]
  onRemove: (account: KnownAccount) => void
}

/** The picker: one link per account, so an account can also be opened in a new tab. */
export function AccountList({ accounts, onRemove }: AccountListProps) {
  const [view, setView] = useView()
  const metas = accounts.map(metaOf)
  const shown = accounts.map((known, at) => `${accountLabel(known.view)} ${metas[at]}`)
  return (
    <ul className="account-list" aria-label="Card accounts">
      {accounts.map((known, at) => {
        const { view: account } = known
        const current = account.resourceId === view.account
        // Two accounts alike in every shown word (a probe's, made twice) are told apart by their ids.
        const twin = shown.filter((line) => line === shown[at]).length > 1
        const label = twin
          ? `${accountLabel(account)} (id ${shortId(account.resourceId)})`
          : accountLabel(account)
        return (
          <li key={account.resourceId}>
            <a
              href={viewSearch(arriveAt(view, account.resourceId))}
              aria-current={current ? 'page' : undefined}
              onClick={(event) => select(event, setView, account.resourceId)}
            >
              <span className="pan">{accountLabel(account)}</span>
              <span className="account-meta">{metas[at]}</span>
              {twin ? <span className="account-meta">id {shortId(account.resourceId)}</span> : null}
            </a>
            <button
              type="button"
              className="icon-button remove-account"
              aria-label={`Remove ${label} from the book`}
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

/**
 * The line under the masked PAN. An account opened by id on a sandbox that would not show it may be known
 * by its masked PAN alone.
 */
function metaOf({ view: account, entry }: KnownAccount): string {
  if (account.currency !== undefined || account.customerType !== undefined)
    return [account.currency, account.name ?? 'no name', account.customerType].filter(Boolean).join(' · ')
  return entry?.note ? 'could not be read' : 'known by id only'
}

function select(event: MouseEvent, setView: SetView, account: string) {
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
  event.preventDefault()
  setView({ account, offset: 0 })
}
