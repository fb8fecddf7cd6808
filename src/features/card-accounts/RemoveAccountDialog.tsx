import { ConfirmDialog } from '../../ui/ConfirmDialog'
import type { KnownAccount } from './account-view'
import { accountSummary } from './format'

interface RemoveAccountDialogProps {
  account: KnownAccount
  /** Where the book is: this browser, or the upstream's base URL. */
  upstream: string
  onRemove: () => Promise<void>
  onClose: () => void
  /** Why the sandbox cannot delete it, where it cannot. */
  cannotDelete?: string | undefined
}

/** Removing an account from the book forgets it in this browser; the sandbox keeps it. */
export function RemoveAccountDialog({
  account,
  upstream,
  onRemove,
  onClose,
  cannotDelete,
}: RemoveAccountDialogProps) {
  const summary = accountSummary(account.view)
  return (
    <ConfirmDialog
      help="accounts"
      title="Remove from the book"
      confirmLabel="Remove from book"
      onConfirm={onRemove}
      onClose={onClose}
    >
      <p>
        Remove <strong>{summary}</strong>
        {/* An account known by id alone is already named by it: a platform id is 90 characters. */}
        {summary.includes(account.view.resourceId) ? null : (
          <>
            {' '}
            (id <code>{account.view.resourceId}</code>)
          </>
        )}{' '}
        from the console's book for <strong>{upstream}</strong>?
      </p>
      <p>
        Nothing is deleted in the sandbox: the account and its transactions stay there. Open account… with its
        id brings it back.
      </p>
      {cannotDelete ? <p className="hint">{cannotDelete}</p> : null}
    </ConfirmDialog>
  )
}
