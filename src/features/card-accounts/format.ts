import type { AccountView } from './account-view'

/** "525412******3241 · NOK · Conformance card · private": how an account is named everywhere. */
export function accountSummary(account: AccountView): string {
  const parts = [account.maskedPan, account.currency, account.name, account.customerType].filter(Boolean)
  return parts.length > 0 ? parts.join(' · ') : `Card account ${account.resourceId}`
}

/** The shortest name that tells the account apart: its masked PAN, else its id. */
export function accountLabel(account: AccountView): string {
  return account.maskedPan ?? account.resourceId
}
