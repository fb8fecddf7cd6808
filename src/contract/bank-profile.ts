import { type AnswerTraits, contractTraits, type PersonalityName } from './personality-names'
import { CONSOLE_FILE_FORMAT, CONSOLE_FILE_VERSION, headReader } from './snapshot'
import { z } from './zod'

/**
 * A bank's sandbox as data (docs/decisions.md#bank-profiles-and-the-probe): every way sandboxes are known to
 * differ is a named trait with its values, and a profile is one value of each. `unknown` is a value of every
 * trait a probe may fail to settle: a probe never guesses, and a sandbox serving a profile takes the
 * contract's behaviour for a trait left unknown.
 */
const UNKNOWN = 'unknown' as const
const unknown = z.literal(UNKNOWN)
const flag = z.union([z.boolean(), unknown])

export const bankTraits = z.strictObject({
  /** Where the sandbox paths start under the origin: '' or e.g. '/api-sandbox'. */
  basePath: z.string().check(z.regex(/^(\/[^/?#]+)*$/, 'basePath is empty or /segments, with no trailing /')),
  /** `GET /v1/sandbox/card-accounts`: a list, or none (404 or 405). */
  accountList: z.enum(['listed', 'absent', UNKNOWN]),
  /** The form of a new account's `resourceId`: a UUID, the platform's `enc!!…`, or another opaque string. */
  ids: z.enum(['uuid', 'enc', 'opaque', UNKNOWN]),
  /** Amount objects' `amount`: a decimal string or a JSON number. */
  amounts: z.enum(['string', 'number', UNKNOWN]),
  /** `cardTransactions.pending`: objects, one line of text each, or no such array. */
  pending: z.enum(['objects', 'strings', 'absent', UNKNOWN]),
  /** `bookingStatus` pending or both refused: the bank lists booked transactions only. */
  bookedOnly: flag,
  /** Fields no standard names, anywhere in an answer. */
  extraFields: flag,
  /** `_links` hrefs (and `Location`): paths, absolute URLs, or no links at all. */
  links: z.enum(['relative', 'absolute', 'none', UNKNOWN]),
  /** Whether link paths start with the base path (false: from the service root, `/v1/...`). */
  linksUnderBasePath: flag,
  /** Rows on a page when `limit` is absent. */
  pageSizeDefault: z.union([z.number().check(z.int(), z.gte(1)), unknown]),
  /**
   * The largest `limit` taken, and what a larger one gets: lowered to it (the page holds `max` rows) or
   * refused (400 naming `limit`); `none` when a page held everything asked for.
   */
  pageCap: z.union([
    z.strictObject({ max: z.number().check(z.int(), z.gte(1)), above: z.enum(['lowered', 'refused']) }),
    z.literal('none'),
    unknown,
  ]),
  /** The transactions POST's 201: the stored transactions, or no body. */
  transactionsCreated: z.enum(['body', 'empty', UNKNOWN]),
  /** Whether it offers Sandbox Console's own operations (clock, settlement, deletes, summary). */
  consoleOperations: flag,
  /** Whether its answers carry the console's own headers (`X-Sandbox-Verification`). */
  consoleHeaders: flag,
  /** An error's body: Berlin Group `tppMessages`, or some other shape. */
  errorBody: z.enum(['tppMessages', 'other', UNKNOWN]),
  /** A query parameter the operation does not name: 400 naming it, or dropped. */
  unknownQueryParams: z.enum(['refused', 'ignored', UNKNOWN]),
  /** A transaction dated after today: 400 naming the field, or stored. */
  futureDates: z.enum(['refused', 'accepted', UNKNOWN]),
  /** A signed request reusing an earlier `X-Request-ID` while that one's Date is still current. */
  reusedRequestId: z.enum(['refused', 'accepted', UNKNOWN]),
  /** A signed request without a `Date`: refused (401), or verified without it. */
  dateHeader: z.enum(['required', 'optional', UNKNOWN]),
  /**
   * How keyId must name the certificate: strict, the serial's hex digits and the issuer's RDNs in the
   * certificate's own order; lenient, the serial as a number and the issuer's RDNs in either order.
   */
  keyId: z.enum(['strict', 'lenient', UNKNOWN]),
  /** `accept-fix` (either spelling): the fixes it names are applied, or the header is ignored. */
  acceptFix: z.enum(['supported', 'ignored', UNKNOWN]),
})
export type BankTraits = z.infer<typeof bankTraits>
export type BankTraitName = keyof BankTraits
export const bankTraitNames = Object.keys(bankTraits.shape) as BankTraitName[]

export const BANK_PROFILE_KIND = 'bank-profile'

/** The profile file as written now, without the head checks that let older files through. */
export const bankProfileFileV3 = z.strictObject({
  format: z.literal(CONSOLE_FILE_FORMAT),
  version: z.literal(CONSOLE_FILE_VERSION),
  kind: z.literal(BANK_PROFILE_KIND),
  /** Where it was learned (a probe's base URL) or which personality it is. */
  source: z.optional(z.string().check(z.maxLength(500))),
  learnedAt: z.optional(z.string()),
  traits: bankTraits,
})

/** A profile file: the console's file head (format, version, kind), then the traits. */
export const bankProfileFile = z.pipe(
  z.transform(
    headReader(
      z.literal(BANK_PROFILE_KIND, {
        error: `kind must be "${BANK_PROFILE_KIND}": only bank profiles can be read here`,
      }),
    ),
  ),
  bankProfileFileV3,
)
export type BankProfileFile = z.infer<typeof bankProfileFile>

export function bankProfileFileOf(
  traits: BankTraits,
  extra: { source?: string; learnedAt?: string } = {},
): BankProfileFile {
  return {
    format: CONSOLE_FILE_FORMAT,
    version: CONSOLE_FILE_VERSION,
    kind: BANK_PROFILE_KIND,
    ...extra,
    traits,
  }
}

/** Every trait unknown but the base path: what a probe starts from. */
export function unknownTraits(basePath: string): BankTraits {
  return {
    ...(Object.fromEntries(bankTraitNames.map((name) => [name, UNKNOWN])) as BankTraits),
    basePath,
  }
}

/** The traits a profile settles (not unknown). */
export function definedTraits(traits: BankTraits): BankTraitName[] {
  return bankTraitNames.filter((name) => traits[name] !== UNKNOWN)
}

/**
 * The traits a client can see: a bank that books only never shows a pending transaction, so its
 * `pending` form is unknown to anyone outside it.
 */
export function visibleTraits(traits: BankTraits): BankTraits {
  return traits.bookedOnly === true ? { ...traits, pending: UNKNOWN } : traits
}

/** The contract as written: what `console` serves. */
const contractProfile: BankTraits = {
  ...unknownTraits(''),
  accountList: 'listed',
  ids: 'uuid',
  amounts: 'string',
  pending: 'objects',
  bookedOnly: false,
  extraFields: false,
  links: 'relative',
  linksUnderBasePath: true,
  pageSizeDefault: 200,
  // The contract's MAX_LIMIT (src/contract/transactions-query.ts): above it, 400 FORMAT_ERROR.
  pageCap: { max: 1000, above: 'refused' },
  transactionsCreated: 'body',
  consoleOperations: true,
  consoleHeaders: true,
  errorBody: 'tppMessages',
  // The contract's query schemas are strict (src/contract/transactions-query.ts).
  unknownQueryParams: 'refused',
  // The engine's rule: nothing dated after the sandbox clock's today (docs/decisions.md#dates).
  futureDates: 'refused',
  // The sandboxes' replay rule (src/sandbox-http/signature-check.ts).
  reusedRequestId: 'refused',
  // Date is signed where available: a browser's fetch may not set one (docs/decisions.md#signing).
  dateHeader: 'optional',
  // The verifier compares the serial as a number and the issuer in either order (docs/decisions.md#diagnosis).
  keyId: 'lenient',
  acceptFix: 'supported',
}

/**
 * Each named personality as a profile: the sandbox reads its behaviour from these
 * (src/sandbox-http/personality.ts), so the names kept in browsers and scenarios stay valid.
 */
export const personalityProfiles: Record<PersonalityName, BankTraits> = {
  console: contractProfile,
  platform: {
    ...contractProfile,
    basePath: '/api-sandbox',
    accountList: 'absent',
    ids: 'enc',
    pending: 'strings',
    transactionsCreated: 'empty',
    consoleOperations: false,
    consoleHeaders: false,
  },
  'booked-only': { ...contractProfile, bookedOnly: true },
  'number-amounts': { ...contractProfile, amounts: 'number' },
  'pending-strings': { ...contractProfile, pending: 'strings' },
  'extra-fields': { ...contractProfile, extraFields: true },
  'absolute-links': { ...contractProfile, links: 'absolute' },
  'small-pages': { ...contractProfile, pageSizeDefault: 10, pageCap: { max: 10, above: 'lowered' } },
}

/** How its success answers differ from the contract's; a trait left unknown writes the contract's. */
export function answerTraitsOf(profile: BankTraits): AnswerTraits {
  const known = <T>(value: T | typeof UNKNOWN, contract: T): T => (value === UNKNOWN ? contract : value)
  return {
    amounts: known(profile.amounts, contractTraits.amounts),
    pending: known(profile.pending, contractTraits.pending),
    transactionsCreated: known(profile.transactionsCreated, contractTraits.transactionsCreated),
    extraFields: known(profile.extraFields, contractTraits.extraFields),
  }
}
