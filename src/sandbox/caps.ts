import { type Problem, problem } from '../contract'

/**
 * How many transactions a sandbox keeps: a store has no other bound, and a tester's loop or a shared
 * sandbox could fill a process's memory or a browser's quota until nothing works.
 */
export interface StoreCaps {
  /** Transactions one card account may hold. */
  perAccount: number
  /** Transactions all card accounts together may hold. */
  total: number
}

export const defaultStoreCaps: StoreCaps = { perAccount: 200_000, total: 500_000 }

const count = (n: number) => n.toLocaleString('en')

/**
 * The 507 of a write that would pass a cap (413 means a body too large, which this is not), or `undefined`
 * when it fits. `adding` transactions would join `inAccount` in one account and `stored` in all of them.
 */
export function capExceeded(
  caps: StoreCaps,
  { adding, inAccount, stored }: { adding: number; inAccount: number; stored: number },
): Problem | undefined {
  if (inAccount + adding > caps.perAccount) {
    return full(
      `the cap of ${count(caps.perAccount)} transactions per card account: this card account holds ` +
        `${count(inAccount)}, and ${count(adding)} more would pass it`,
    )
  }
  if (stored + adding > caps.total) {
    return full(
      `the cap of ${count(caps.total)} transactions in all card accounts: they hold ${count(stored)}, ` +
        `and ${count(adding)} more would pass it`,
    )
  }
  return undefined
}

function full(what: string): Problem {
  return problem(507, 'STORE_FULL', `Nothing was stored: ${what}`)
}

/** The 507 of a data file that holds more than the caps allow, or `undefined` when it fits. */
export function importCapExceeded(
  caps: StoreCaps,
  cardAccounts: readonly { account: { resourceId: string }; transactions: readonly unknown[] }[],
): Problem | undefined {
  let total = 0
  for (const { account, transactions } of cardAccounts) {
    if (transactions.length > caps.perAccount) {
      return full(
        `card account ${account.resourceId} holds ${count(transactions.length)} transactions, past the cap ` +
          `of ${count(caps.perAccount)} transactions per card account`,
      )
    }
    total += transactions.length
  }
  if (total > caps.total) {
    return full(
      `the file holds ${count(total)} transactions, past the cap of ${count(caps.total)} transactions ` +
        'in all card accounts',
    )
  }
  return undefined
}
