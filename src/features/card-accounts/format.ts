import type { CardAccountRead } from '../../api'

/** "525412******3241 · NOK · Conformance card · private": how an account is named everywhere. */
export function accountSummary(account: CardAccountRead): string {
  return [account.maskedPan, account.currency, account.name, account.customerType].filter(Boolean).join(' · ')
}
