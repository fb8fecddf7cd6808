import { DuplicateTransactionIdError } from '../errors'

/**
 * The stores' one rule of their own: an account's transaction ids are unique. Adds `adding` to `ids`
 * (the ids the account keeps) in order, and throws `DuplicateTransactionIdError` at the first one taken.
 */
export function addUniqueIds(accountId: string, ids: Set<string>, adding: Iterable<string>): void {
  for (const id of adding) {
    if (ids.has(id)) throw new DuplicateTransactionIdError(accountId, id)
    ids.add(id)
  }
}
