import {
  bookingRuleBreaks,
  boundedSafeParse,
  CONSOLE_FILE_FORMAT,
  CONSOLE_FILE_VERSION,
  formatIssuePath,
  type IsoDate,
  MAX_LISTED_PROBLEMS,
  MORE_PROBLEMS_TEXT,
  problemFromZod,
  type SandboxSnapshot,
  type StoredTransaction,
  sandboxSnapshot,
  type TppMessage,
  type UnreadableRecord,
} from '../contract'
import { fail, ok, type Result } from './result'
import type { AccountData, Salvage } from './storage/store'

/** The data file as Import reads it: the schema (either version), then the rules it cannot express. */
export function readSnapshot(data: unknown): Result<SandboxSnapshot> {
  const parsed = boundedSafeParse(sandboxSnapshot, data)
  if (!parsed.success) return fail(problemFromZod(parsed.error))
  const rules = checkImportRules(parsed.data.cardAccounts)
  return rules.ok ? ok(parsed.data) : rules
}

/** The import rules the schema cannot express (clashes, impossible states), for data the schema passed. */
export function checkImportRules(cardAccounts: readonly AccountData[]): Result<void> {
  const inconsistent = snapshotInconsistencies(cardAccounts)
  if (inconsistent.length === 0) return ok(undefined)
  const messages = inconsistent.slice(0, MAX_LISTED_PROBLEMS)
  if (inconsistent.length > messages.length)
    messages.push({ category: 'ERROR', code: 'FORMAT_ERROR', text: MORE_PROBLEMS_TEXT })
  return fail({ status: 400, messages })
}

export function dataFile(cardAccounts: AccountData[], exportedAt: IsoDate): SandboxSnapshot {
  return {
    format: CONSOLE_FILE_FORMAT,
    version: CONSOLE_FILE_VERSION,
    kind: 'data',
    exportedAt,
    cardAccounts,
  }
}

/**
 * The data file of a store that could not be read whole: what reads and keeps the import rules goes in
 * `cardAccounts`, so importing the file brings it back; every other record goes raw in `unreadable`, with
 * why, so nothing readable is left out of the file. A store read whole gives the plain export.
 */
export function salvagedFile({ data, unreadable }: Salvage, exportedAt: IsoDate): SandboxSnapshot {
  const left: UnreadableRecord[] = [...unreadable]
  const kept = data.map(({ account, transactions }) => {
    const refused = new Map<number, string>()
    for (const { index, text } of transactionRuleBreaks(transactions)) {
      const earlier = refused.get(index)
      refused.set(index, earlier === undefined ? text : `${earlier}; ${text}`)
    }
    for (const [index, text] of refused) {
      left.push({
        problem: `card account ${account.resourceId}, transaction ${index + 1}: ${text}`,
        record: transactions[index],
      })
    }
    return { account, transactions: transactions.filter((_, index) => !refused.has(index)) }
  })
  const file = dataFile(kept, exportedAt)
  const refused = readSnapshot(file)
  if (!refused.ok) {
    // Not expected once each record is checked; should it happen, the records stay in the file all the same.
    const problem = refused.problem.messages.map((message) => message.text).join('; ')
    return { ...dataFile([], exportedAt), damaged: true, unreadable: [...left, { problem, record: kept }] }
  }
  if (left.length === 0) return file
  return { ...file, damaged: true, unreadable: left }
}

/** Checks a schema-valid snapshot for what the schema cannot see: clashes and impossible states. */
function snapshotInconsistencies(cardAccounts: readonly AccountData[]): TppMessage[] {
  const messages: TppMessage[] = []
  const error = (keys: PropertyKey[], text: string) => {
    const path = formatIssuePath(['cardAccounts', ...keys])
    messages.push({ category: 'ERROR', code: 'FORMAT_ERROR', path, text: `${path}: ${text}` })
  }
  const accountIds = new Set<string>()
  cardAccounts.forEach(({ account, transactions }, a) => {
    if (accountIds.has(account.resourceId)) {
      error([a, 'account', 'resourceId'], `card account ${account.resourceId} appears more than once`)
    }
    accountIds.add(account.resourceId)
    for (const { index, field, text } of transactionRuleBreaks(transactions)) {
      error([a, 'transactions', index, field], text)
    }
  })
  return messages
}

/** The rules one account's transactions must keep: ids unique, booking dates that fit the status. */
function transactionRuleBreaks(
  transactions: readonly StoredTransaction[],
): { index: number; field: string; text: string }[] {
  const found: { index: number; field: string; text: string }[] = []
  const ids = new Set<string>()
  transactions.forEach((tx, index) => {
    const breaks = (field: string, text: string) => found.push({ index, field, text })
    if (ids.has(tx.cardTransactionId)) {
      breaks('cardTransactionId', `cardTransactionId ${tx.cardTransactionId} appears more than once`)
    }
    ids.add(tx.cardTransactionId)
    for (const { field, text } of bookingRuleBreaks(tx)) breaks(field, text)
  })
  return found
}
