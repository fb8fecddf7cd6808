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

/** An id short enough for a list or a heading, its start and end kept: the platform's ids all begin "enc!!". */
export function shortId(id: string): string {
  return id.length <= 16 ? id : `${id.slice(0, 10)}…${id.slice(-4)}`
}

/**
 * The name of `account` among `accounts`: its summary, and its short id where another account's summary is
 * the same (a probe's account, made twice), so the heading says which one is shown.
 */
export function accountNameAmong(account: AccountView, accounts: readonly { view: AccountView }[]): string {
  const summary = accountSummary(account)
  const twin = accounts.some(
    ({ view }) => view.resourceId !== account.resourceId && accountSummary(view) === summary,
  )
  return twin ? `${summary} · id ${shortId(account.resourceId)}` : summary
}
