import { headerNames } from './headers'

/**
 * What identifies a person on the wire (docs/decisions.md#presenter-flows): the PSU's ids as headers, and the
 * same ids as body fields (a card account's customer number is its PSU id). Masked on screen in presenter
 * mode; kept in files unless the user asks to redact them. A new personal header or field is added here.
 */
export const personalHeaders = [headerNames.psuId, headerNames.psuCorporateId] as const

export const personalFields = ['customerNumber', 'psuId', 'psuCorporateId'] as const
