/** Data put straight into the engine, for tests about what the screens make of it. */
import type { CardAccountRead } from '../api'
import {
  type CardAccountCreateInput,
  cardAccountFromServer,
  localToday,
  type StoredTransaction,
  type TransactionCreateInput,
} from '../contract'
import type { Sandbox } from '../sandbox'
import { addDays, testDataFill } from '../test-data'

export const today = localToday()

/** The calendar date `n` days before today. */
export const daysAgo = (n: number) => addDays(today, -n)

export async function seedAccount(
  sandbox: Sandbox,
  body: Partial<CardAccountCreateInput> = {},
): Promise<CardAccountRead> {
  const created = await sandbox.createCardAccount(
    { maskedPan: '525412******3241', currency: 'NOK', customerNumber: '13039319955', ...body },
    { fixes: new Set() },
  )
  if (!created.ok) throw new Error(`seed account refused: ${JSON.stringify(created.problem)}`)
  // As the client reads it from the wire.
  return cardAccountFromServer.parse(created.value)
}

/** A booked purchase of 10 NOK today, paid in EUR; `overrides` change any field. */
export function transaction(overrides: Partial<TransactionCreateInput> = {}): TransactionCreateInput {
  return {
    transactionDate: today,
    bookingDate: today,
    transactionAmount: { currency: 'NOK', amount: '-10.00' },
    originalAmount: { currency: 'EUR', amount: '-0.90' },
    merchantCategoryCode: '5411',
    ...overrides,
  }
}

export async function seedTransactions(
  sandbox: Sandbox,
  accountId: string,
  bodies: TransactionCreateInput[],
): Promise<StoredTransaction[]> {
  const added = await sandbox.addTransactions(accountId, bodies)
  if (!added.ok) throw new Error(`seed transactions refused: ${JSON.stringify(added.problem)}`)
  return added.value
}

/** Everything the engine stores, as the user's export would show it. */
export async function storedTransactions(sandbox: Sandbox, accountId: string): Promise<StoredTransaction[]> {
  const snapshot = await sandbox.exportSnapshot()
  return snapshot.cardAccounts.find((a) => a.account.resourceId === accountId)?.transactions ?? []
}

/** The fixed set "Fill test data" sends, as of today. */
export const testDataSet = () => testDataFill(today)
