import {
  type BookedFromServer,
  bookingRuleBreaks,
  cardAccount,
  type cardAccountFromServer,
  newScenarioFile,
  type PendingFromServer,
  problemFromZod,
  type ScenarioFile,
  type StoredTransaction,
  storedTransaction,
} from '../contract'
import type { z } from '../contract/zod'

/** An account and all its transactions as the console's liberal reader took them from a sandbox. */
export interface AccountAsRead {
  account: z.output<typeof cardAccountFromServer>
  /** In the order the sandbox answered them: newest first. */
  booked: readonly BookedFromServer[]
  pending: readonly PendingFromServer[]
}

/** A transaction that was read but could not be kept, and why. */
export interface LeftOut {
  /** "booked ct-7", "pending element 3": how the tester finds it in the table. */
  what: string
  why: string
}

export type ScenarioCopy =
  | {
      ok: true
      file: ScenarioFile
      /** Transactions the scenario holds. */
      kept: number
      leftOut: LeftOut[]
      /** Fields the sandbox sent that the offline format has no place for: `account.x`, `transaction.y`. */
      fieldsLeftOut: string[]
      /** Account fields the answer lacked, set as the offline sandbox's own create would set them. */
      filledIn: string[]
    }
  | { ok: false; why: string[] }

/** What the offline sandbox's create sets when a request leaves them out. */
const accountDefaults = { customerType: 'private', status: 'enabled' } as const

const accountFields = new Set(Object.keys(cardAccount.shape))
const transactionFields = new Set(Object.keys(storedTransaction.shape))

/**
 * An account read through the proxy as a new scenario of the offline sandbox, in the console's one file
 * format: the real date, no conditions, the default personality. Amounts, dates and ids stay exactly as
 * read: a transaction whose values the offline sandbox would refuse is left out and named with why, never
 * changed to fit (docs/decisions.md#copy-to-offline). An account it cannot hold refuses the whole copy.
 */
export function scenarioFromRead(read: AccountAsRead, name: string): ScenarioCopy {
  const fieldsLeftOut = new Set<string>()
  const filledIn: string[] = []

  const candidate: Record<string, unknown> = {}
  for (const [field, value] of Object.entries(read.account)) {
    if (accountFields.has(field)) candidate[field] = value
    else fieldsLeftOut.add(`account.${field}`)
  }
  for (const [field, value] of Object.entries(accountDefaults)) {
    if (candidate[field] === undefined) {
      candidate[field] = value
      filledIn.push(`${field} "${value}"`)
    }
  }
  const account = cardAccount.safeParse(candidate)
  if (!account.success) {
    return {
      ok: false,
      why: problemFromZod(account.error, 'account').messages.map(
        (m) => `${m.text} (the offline sandbox cannot hold this card account as it was read)`,
      ),
    }
  }

  const left = { booked: [] as LeftOut[], pending: [] as LeftOut[] }
  const kept: StoredTransaction[] = []
  const ids = new Set<string>()
  const keep = (element: Record<string, unknown>, status: 'booked' | 'pending', what: string) => {
    const leftOut = left[status]
    const fields: Record<string, unknown> = {}
    for (const [field, value] of Object.entries(element)) {
      // The list it came in says its status, whatever the element says of itself.
      if (field === 'bookingStatus') continue
      if (transactionFields.has(field)) fields[field] = value
      else fieldsLeftOut.add(`transaction.${field}`)
    }
    const why = transactionRuleBreak(fields, status, ids)
    if (why !== undefined) {
      leftOut.push({ what, why })
      return
    }
    const parsed = storedTransaction.safeParse({ ...fields, bookingStatus: status })
    if (!parsed.success) {
      leftOut.push({
        what,
        why: problemFromZod(parsed.error)
          .messages.map((m) => m.text)
          .join('; '),
      })
      return
    }
    ids.add(parsed.data.cardTransactionId)
    kept.push(parsed.data)
  }
  // The sandbox answers newest first; a scenario holds them in creation order, oldest first, so that ties
  // on a date come back in the order they were read.
  ;[...read.booked].reverse().forEach((tx, i, all) => {
    keep(tx, 'booked', `booked ${tx.cardTransactionId ?? `element ${all.length - i}`}`)
  })
  ;[...read.pending].reverse().forEach((tx, i, all) => {
    const position = all.length - i
    if (typeof tx === 'string') {
      left.pending.push({
        what: `pending element ${position}`,
        why: `sent as the text "${tx}": the offline sandbox keeps a transaction's fields, and text names none`,
      })
      return
    }
    keep(tx, 'pending', `pending ${tx.cardTransactionId ?? `element ${position}`}`)
  })

  const file = newScenarioFile(name, [{ account: account.data, transactions: kept }])
  return {
    ok: true,
    file,
    kept: kept.length,
    // In the order the table shows them: booked, then pending, newest first.
    leftOut: [...left.booked.reverse(), ...left.pending.reverse()],
    fieldsLeftOut: [...fieldsLeftOut].sort(),
    filledIn,
  }
}

/** The engine's import rules a schema cannot see: unique ids, the booking rule. */
function transactionRuleBreak(
  tx: Record<string, unknown>,
  status: 'booked' | 'pending',
  ids: ReadonlySet<string>,
): string | undefined {
  const id = tx.cardTransactionId
  if (id === undefined) return 'it has no cardTransactionId, and the offline sandbox keeps every id as read'
  if (typeof id === 'string' && ids.has(id)) return `cardTransactionId ${id} was read more than once`
  const breaks = bookingRuleBreaks({ ...tx, bookingStatus: status })
  return breaks.length === 0 ? undefined : breaks.map(({ text }) => text).join('; ')
}
