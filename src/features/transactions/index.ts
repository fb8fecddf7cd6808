// The feature's public entry: other features import only this (docs/decisions.md#feature-folders).
import { lazyChunk } from '../../ui/lazy-chunk'

export { signed } from './Money'
export { merchantCategories } from './mcc'
export { markRecent } from './recent'
export type { DeletableRow } from './rows'
export type { TransactionFormRow } from './transaction-form'
export { ADD_TRANSACTIONS_ID } from './view-action-ids'
export { viewChangeSaid, viewShowing } from './view-showing'

// The form brings react-hook-form with it: loaded when first opened.
export const AddTransactionsDialog = lazyChunk(() =>
  import('./AddTransactionsDialog').then((m) => m.AddTransactionsDialog),
)
// Opened from the table's view through the console's registry, each loaded when first opened.
export const SettleDialog = lazyChunk(() => import('./SettleDialog').then((m) => m.SettleDialog))
export const DeleteTransactionDialog = lazyChunk(() =>
  import('./DeleteTransactionDialog').then((m) => m.DeleteTransactionDialog),
)
