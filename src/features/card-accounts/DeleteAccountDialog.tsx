import { useDeleteCardAccount } from '../../api'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { count } from '../data-tools'
import type { AccountView } from './account-view'
import { useCorporateId } from './corporate-id'
import { accountSummary } from './format'
import { useTransactionCount } from './transaction-count'

interface DeleteAccountDialogProps {
  account: AccountView
  onDeleted: () => void
  onClose: () => void
}

/** Names the account that goes, and how many transactions go with it as the sandbox counts them. */
export function DeleteAccountDialog({ account, onDeleted, onClose }: DeleteAccountDialogProps) {
  const [corporateId] = useCorporateId(account)
  const remove = useDeleteCardAccount(corporateId || undefined)
  const transactions = useTransactionCount(account.resourceId, corporateId || undefined)
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
        sandbox{withTransactions(transactions)}
      </p>
      <p>It is gone for good, and leaves the console's book too. The other accounts stay as they are.</p>
    </ConfirmDialog>
  )
}

/** The question's end: the transactions that go with the account, as many as the sandbox counted. */
function withTransactions({ data, error }: ReturnType<typeof useTransactionCount>): string {
  if (data === 0) return '? It has no transactions.'
  if (data !== undefined) return `, and its ${count(data, 'transaction')}?`
  // Unknown is said, not guessed: the account goes with all of them whatever their number.
  if (error)
    return `, with all its transactions, however many? The sandbox did not say how many (${error.message}).`
  return ', with all its transactions (counting them…)?'
}
