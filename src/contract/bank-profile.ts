import { z } from 'zod'
import { cardAccountCreateSchema } from './card-account'
import type { PersonalityName } from './personality-names'
import { CONSOLE_FILE_FORMAT, CONSOLE_FILE_VERSION, headReader } from './snapshot'

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
  basePath: z.string().regex(/^(\/[^/?#]+)*$/, 'basePath is empty or /segments, with no trailing /'),
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
  pageSizeDefault: z.union([z.number().int().min(1), unknown]),
  /**
   * The largest `limit` taken, and what a larger one gets: lowered to it (the page holds `max` rows) or
   * refused (400 naming `limit`); `none` when a page held everything asked for.
   */
  pageCap: z.union([
    z.strictObject({ max: z.number().int().min(1), above: z.enum(['lowered', 'refused']) }),
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
  // Behaviours named so a profile can hold them once a probe settles them; no probe request or sandbox
  // behaviour reads them yet, so they stay unknown (docs/decisions.md#bank-profiles-and-the-probe).
  /** A query parameter the operation does not name. */
  unknownQueryParams: z.enum(['refused', 'ignored', UNKNOWN]),
  /** A transaction dated after today. */
  futureDates: z.enum(['refused', 'accepted', UNKNOWN]),
  /** A request reusing an earlier `X-Request-ID`. */
  reusedRequestId: z.enum(['refused', 'accepted', UNKNOWN]),
  /** A request without a signed `Date`. */
  dateHeader: z.enum(['required', 'optional', UNKNOWN]),
  /** A keyId whose serial or issuer does not match the certificate. */
  keyId: z.enum(['strict', 'lenient', UNKNOWN]),
  /** `X-Accept-Fix` (either spelling). */
  acceptFix: z.enum(['supported', 'ignored', UNKNOWN]),
})
export type BankTraits = z.infer<typeof bankTraits>
export type BankTraitName = keyof BankTraits
export const bankTraitNames = Object.keys(bankTraits.shape) as BankTraitName[]

export const BANK_PROFILE_KIND = 'bank-profile'

const bankProfileFileV3 = z.strictObject({
  format: z.literal(CONSOLE_FILE_FORMAT),
  version: z.literal(CONSOLE_FILE_VERSION),
  kind: z.literal(BANK_PROFILE_KIND),
  /** Where it was learned (a probe's base URL) or which personality it is. */
  source: z.string().max(500).optional(),
  learnedAt: z.string().optional(),
  traits: bankTraits,
})

/** A profile file: the console's file head (format, version, kind), then the traits. */
export const bankProfileFile = z.preprocess(
  headReader(
    z.literal(BANK_PROFILE_KIND, {
      error: `kind must be "${BANK_PROFILE_KIND}": only bank profiles can be read here`,
    }),
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

/** The traits where two profiles differ, with both values. */
export function traitDifferences(
  before: BankTraits,
  after: BankTraits,
): { trait: BankTraitName; before: unknown; after: unknown }[] {
  return bankTraitNames
    .filter((name) => JSON.stringify(before[name]) !== JSON.stringify(after[name]))
    .map((trait) => ({ trait, before: before[trait], after: after[trait] }))
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

/** Booked rows in the probe's one POST: more than the usual default page of 200, for a bank that books only. */
export const PROBE_BOOKED_ROWS = 201
/** The most requests the probe sends, and the most of them that read the probe account. */
export const PROBE_MAX_REQUESTS = 9
export const PROBE_MAX_ACCOUNT_READS = 4
/** The name the probe gives the one account it creates. */
export const PROBE_ACCOUNT_NAME = 'Sandbox Console probe'

/** The probe's plan, said before its first request (by `npm run probe`, and by the console before it starts). */
export function probePlan(baseUrl: URL): string[] {
  return [
    `The probe sends at most ${PROBE_MAX_REQUESTS} signed requests to ${baseUrl.href}; each counts against the bank's limits.`,
    `  It creates ONE card account (named "${PROBE_ACCOUNT_NAME}") with ${PROBE_BOOKED_ROWS + 1} transactions, which stay there,`,
    `  and reads that account at most ${PROBE_MAX_ACCOUNT_READS} times, so a bank allowing 4 reads a day per account does not stop it.`,
    '  It stops at a 429, a timeout, a refused connection or a refused write, and keeps what it learned.',
  ]
}

/** Where the console's page runs the probe in its proxy (server/probe/console-route.ts): POST, then a stream. */
export const CONSOLE_PROBE_PATH = '/console/probe'

/** The probe's request: the customer its one account is created for. */
export const probeRequest = z.strictObject({
  customerNumber: cardAccountCreateSchema().shape.customerNumber,
  badSignatures: z.boolean().optional(),
})
export type ProbeRequest = z.infer<typeof probeRequest>

const headerList = z.array(z.tuple([z.string(), z.string()]))

/** One request of the probe as sent to the bank (signed), and its answer: a trait's evidence. */
export const probeExchange = z.object({
  /** 1 for the first request sent. */
  index: z.number().int().min(1),
  startedAt: z.number(),
  durationMs: z.number(),
  method: z.string(),
  /** The bank's URL, base path included. */
  url: z.string(),
  /** The operation's path below the base path, with the query: the console's own /api path without /api. */
  path: z.string(),
  /** As sent: signed. */
  requestHeaders: headerList,
  signingString: z.string(),
  keyId: z.string(),
  requestBody: z.string().optional(),
  /** Undefined when no answer came (see `failure`). */
  status: z.number().int().optional(),
  failure: z.string().optional(),
  responseHeaders: headerList,
  responseBody: z.string().optional(),
})
export type ProbeExchange = z.infer<typeof probeExchange>

/** What a probe learned, and how far it got. */
export const probeOutcome = z.object({
  traits: bankTraits,
  /** Requests sent, each of which counted against the bank's limits. */
  requests: z.number().int().min(0),
  /** Why the probe stopped before its battery ended; undefined when it ran to the end. */
  stopped: z.string().optional(),
  /** The probe account's id, when it was made: it stays in the sandbox. */
  accountId: z.string().optional(),
  /** For each settled trait, the exchanges (their `index`) whose answers settled it. */
  evidence: z.partialRecord(z.enum(bankTraitNames), z.array(z.number().int().min(1))),
})
export type ProbeOutcome = z.infer<typeof probeOutcome>

/** One line of the probe's stream (NDJSON): the plan first, each exchange as it ends, the outcome last. */
export const probeEvent = z.discriminatedUnion('event', [
  z.object({
    event: z.literal('plan'),
    lines: z.array(z.string()),
    maxRequests: z.number().int().min(1),
  }),
  z.object({ event: z.literal('exchange'), exchange: probeExchange }),
  z.object({ event: z.literal('done'), outcome: probeOutcome, profile: bankProfileFileV3 }),
])
export type ProbeEvent = z.infer<typeof probeEvent>
