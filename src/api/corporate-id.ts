/**
 * The one place the console decides the PSU-Corporate-ID it sends (spec §5.5: a corporate user without it is
 * answered 400; docs/decisions.md#corporate-accounts). Our sandboxes check presence only.
 */

import { writeToStorage } from './settings-store'

const key = (accountId: string) => `sandbox-console.psu-corporate-id.${accountId}`

/** The value the tester gave for an account, kept per browser; null when none was given. */
export const storedCorporateId = (accountId: string): string | null => localStorage.getItem(key(accountId))

export function storeCorporateId(accountId: string, value: string): void {
  writeToStorage('the PSU-Corporate-ID', () => localStorage.setItem(key(accountId), value))
}

/** What the console knows of an account's customer, as far as a sandbox said. */
export interface AccountCustomer {
  resourceId: string
  customerNumber: string | undefined
  /** `private` or `corporate` as our sandbox says; undefined when the sandbox never said. */
  customerType: string | undefined
}

/**
 * The PSU-Corporate-ID every request about `account` sends, reads and writes alike: for a corporate account
 * the tester's value, else the customer number; none for a private one. An account whose type the console
 * does not know (opened by id, not shown by the sandbox) sends the tester's value once there is one; until
 * then it is '' (a field offered empty), which sends nothing.
 */
export function corporateIdOf(
  account: AccountCustomer,
  stored: string | null = storedCorporateId(account.resourceId),
): string | undefined {
  if (account.customerType === 'corporate') return stored ?? account.customerNumber ?? ''
  return account.customerType === undefined ? (stored ?? '') : undefined
}

/** The header's value as a request sends it: undefined for none, the empty field included. */
export const corporateIdToSend = (account: AccountCustomer): string | undefined =>
  corporateIdOf(account) || undefined

/**
 * What the account list sends to our own sandboxes, which list a corporate account only to a request that
 * carries the header: the console lists for every customer at once, so the value stands for all of them
 * (presence is all that is checked). A bank is not sent it: none is known to have a list, and a made-up id
 * is not the console's to send to one.
 */
export const LIST_CORPORATE_ID = '*'
