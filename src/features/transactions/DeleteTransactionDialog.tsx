import { useState } from 'react'
import { isTransactionGone, useDeleteTransaction } from '../../api'
import { useAnnounce } from '../../ui/announcer'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { type AccountView, accountSummary, useCorporateId } from '../card-accounts'
import { rowGone, rowPlace } from './row-place'
import type { TransactionRow } from './rows'

interface DeleteTransactionDialogProps {
  account: AccountView
  row: TransactionRow & { id: string }
  onClose: () => void
}

/** Names the one transaction that goes, and that it goes for good. */
export function DeleteTransactionDialog({ account, row, onClose }: DeleteTransactionDialogProps) {
  const [corporateId] = useCorporateId(account)
  const remove = useDeleteTransaction(account.resourceId, corporateId || undefined)
  const announce = useAnnounce()
  // Its row goes with it, and the button that asked: the keyboard stays in the table, on the row after.
  const [place] = useState(() => rowPlace(row.key))
  const amount = row.transactionAmount
  const facts = [
    row.pending ? 'pending' : `booked ${row.bookingDate ?? ''}`.trim(),
    amount ? `${amount.amount} ${amount.currency}` : undefined,
    row.merchantCategoryCode ? `MCC ${row.merchantCategoryCode}` : undefined,
  ].filter(Boolean)
  return (
    <ConfirmDialog
      help="transactions"
      title={`Delete transaction ${row.id}`}
      confirmLabel="Delete transaction"
      onConfirm={async () => {
        let said = `Transaction ${row.id} deleted`
        try {
          await remove.mutateAsync(row.id)
        } catch (error) {
          if (!isTransactionGone(error)) throw error
          // Deleted first by another tab or client: the table reads again without it.
          said = `Transaction ${row.id} was already deleted (in another tab or by another client)`
        }
        await rowGone(row.key)
        onClose()
        announce(said)
      }}
      onClose={onClose}
      focusInstead={place}
    >
      <p>
        Delete transaction <strong>{row.id}</strong> ({facts.join(', ')}) of{' '}
        <strong>{accountSummary(account)}</strong> in the sandbox?
      </p>
      <p>It is gone for good; the account's other transactions stay as they are.</p>
    </ConfirmDialog>
  )
}
