// The feature's public entry: other features import only this (docs/decisions.md#feature-folders).
import { lazyChunk } from '../../ui/lazy-chunk'

export { merchantCategories } from './mcc'
export { markRecent } from './recent'
export type { TransactionFormRow } from './transaction-form'
export { viewShowing } from './view-showing'

// The form brings react-hook-form with it: loaded when first opened.
export const AddTransactionsDialog = lazyChunk(() =>
  import('./AddTransactionsDialog').then((m) => m.AddTransactionsDialog),
)
