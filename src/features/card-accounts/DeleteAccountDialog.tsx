import { useDeleteCardAccount } from '../../api'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import type { AccountView } from './account-view'
import { useCorporateId } from './corporate-id'
import { accountSummary } from './format'

interface DeleteAccountDialogProps {
  account: AccountView
  onDeleted: () => void
  onClose: () => void
}

/** Names the account that goes, with every transaction of it. */
export function DeleteAccountDialog({ account, onDeleted, onClose }: DeleteAccountDialogProps) {
  const [corporateId] = useCorporateId(account)
  const remove = useDeleteCardAccount(corporateId || undefined)
  return (
    <ConfirmDialog
      help="accounts"
      title="Delete card account"
      confirmLabel="Delete account"
      onConfirm={async () => {
        await remove.mutateAsync(account.resourceId)
        onDeleted()
      }}
      onClose={onClose}
    >
      <p>
        Delete <strong>{accountSummary(account)}</strong> (id <code>{account.resourceId}</code>) in the
        sandbox, with all its transactions?
      </p>
      <p>It is gone for good, and leaves the console's book too. The other accounts stay as they are.</p>
    </ConfirmDialog>
  )
}
