import { type BankTraitName, type BankTraits, bankTraitNames } from '../../contract/bank-profile'
import { NEEDS_BAD_SIGNATURES, type ProbeOutcome } from '../../contract/probe'

/** Each trait in a tester's words, as the parity report names it (its key in a profile file beside). */
export const traitLabels: Record<BankTraitName, string> = {
  basePath: 'Base path',
  accountList: 'List of card accounts',
  ids: 'Account ids',
  amounts: 'Amounts',
  pending: 'Pending transactions',
  bookedOnly: 'Books only',
  extraFields: 'Fields no standard names',
  links: 'Links',
  linksUnderBasePath: 'Links under the base path',
  pageSizeDefault: 'Page size without limit',
  pageCap: 'Largest page',
  transactionsCreated: 'Answer to posted transactions',
  consoleOperations: "Sandbox Console's own operations",
  consoleHeaders: "Sandbox Console's own headers",
  errorBody: 'Error body',
  unknownQueryParams: 'Unknown query parameters',
  futureDates: 'Future dates',
  reusedRequestId: 'A reused X-Request-ID',
  dateHeader: 'Date header',
  keyId: 'keyId strictness',
  acceptFix: 'X-Accept-Fix',
}

/** The opt-in's checkbox: the console names it where `npm run probe` names its --bad-signatures. */
export const BAD_SIGNATURES_LABEL = 'Also send bad signatures'

/** The console's words for the probe's "needs --bad-signatures". */
const badSignature = `not probed: it needs a deliberately bad signature made with your real TPP key, sent only when "${BAD_SIGNATURES_LABEL}" is ticked`

/** Why a trait has no evidence: the base path is given; for the rest, what the probe said it did not try. */
export function unsettledReason(trait: BankTraitName, notProbed: ProbeOutcome['notProbed']): string {
  if (trait === 'basePath') return 'the base URL the proxy is configured with'
  const reason = notProbed?.[trait]
  if (reason === NEEDS_BAD_SIGNATURES) return badSignature
  return reason ?? 'no answer settled it'
}

/** A trait's value in words: `yes`/`no`, `none` for no base path, a cap with what a larger limit gets. */
export function traitValueText(value: unknown): string {
  if (value === true) return 'yes'
  if (value === false) return 'no'
  if (value === '') return 'none'
  if (typeof value === 'object' && value !== null && 'max' in value && 'above' in value) {
    return `${value.max}; a larger limit ${value.above}`
  }
  return String(value)
}

export interface ParityRow {
  trait: BankTraitName
  offline: BankTraits[BankTraitName]
  bank: BankTraits[BankTraitName]
  /** Undefined when the bank's value is unknown: nothing to compare. */
  same: boolean | undefined
}

/** The bank's profile beside the offline sandbox's, trait by trait. */
export function parityRows(offline: BankTraits, bank: BankTraits): ParityRow[] {
  return bankTraitNames.map((trait) => ({
    trait,
    offline: offline[trait],
    bank: bank[trait],
    same:
      bank[trait] === 'unknown' ? undefined : JSON.stringify(offline[trait]) === JSON.stringify(bank[trait]),
  }))
}
