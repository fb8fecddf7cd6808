import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { NO_DELETES } from '../use-deletion'

/** Asked before Fill test data writes to a sandbox that offers no delete: what it writes stays there. */
export function PermanentFillQuestion({
  onFill,
  onClose,
}: {
  onFill: () => Promise<void>
  onClose: () => void
}) {
  return (
    <ConfirmDialog
      title="Fill test data"
      confirmLabel="Fill test data"
      help="test-data"
      onClose={onClose}
      onConfirm={onFill}
    >
      <p>
        Fill test data creates the fixed test data set, its card accounts and their transactions, in the
        sandbox behind the proxy.
      </p>
      <p>
        {NO_DELETES}: they stay there for good, and filling again creates another set, told apart from this
        one by its ids only.
      </p>
    </ConfirmDialog>
  )
}
