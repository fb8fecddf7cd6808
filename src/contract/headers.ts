import { z } from 'zod'

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const requestId = z
  .string({ error: 'X-Request-ID is required: a UUID unique per call' })
  .regex(UUID, 'X-Request-ID must be a UUID, e.g. 99391c7e-ad88-49ec-a2ad-99ddcb1f7721')

/** Presence only: any non-empty value (design.md §3). */
export const psuCorporateId = z.string().trim().min(1, 'PSU-Corporate-ID must not be empty')

/** Early access to future breaking changes (spec §9). */
export const knownFixes = [
  'longer-name',
  'cash-account-type-iso',
  'cardaccount-switch-originalamount-and-transactionamount',
] as const
export type KnownFix = (typeof knownFixes)[number]
export const SWAP_AMOUNTS_FIX: KnownFix = 'cardaccount-switch-originalamount-and-transactionamount'

/**
 * The fixes a request asks for, from `accept-fix` and the platform's other spelling `x-accept-fix`:
 * comma-separated, white space ignored, unknown names ignored.
 */
export function acceptedFixes(headers: Headers): Set<KnownFix> {
  const names = [headers.get('accept-fix'), headers.get('x-accept-fix')]
    .flatMap((value) => (value ?? '').split(','))
    .map((name) => name.trim())
  return new Set(knownFixes.filter((fix) => names.includes(fix)))
}

export const headerNames = {
  requestId: 'X-Request-ID',
  psuCorporateId: 'PSU-Corporate-ID',
  acceptFix: 'accept-fix',
} as const
