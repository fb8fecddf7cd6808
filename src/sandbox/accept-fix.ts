import type { PendingTransaction } from '../contract'

/**
 * The accept-fix that exchanges the two amounts: applied to every answer that carries transactions, the
 * list and the 201 of a create alike (docs/decisions.md#accept-fix).
 */
export function swapped<T extends Pick<PendingTransaction, 'transactionAmount' | 'originalAmount'>>(
  tx: T,
  swap: boolean,
): T {
  return swap ? { ...tx, transactionAmount: tx.originalAmount, originalAmount: tx.transactionAmount } : tx
}
