// The probe's side of bank profiles (docs/decisions.md#bank-profiles-and-the-probe): its bounds, its plan,
// what the proxy's route takes and streams, and how two checks compare. Apart from the profile itself, which the console reads at
// start to know how its offline sandbox behaves, while this loads only with "Check this sandbox…".

import {
  type BankTraitName,
  type BankTraits,
  bankProfileFileV3,
  bankTraitNames,
  bankTraits,
} from './bank-profile'
import { cardAccountCreateSchema } from './card-account'
import { z } from './zod'

/** Booked rows in the probe's one POST: more than the usual default page of 200, for a bank that books only. */
export const PROBE_BOOKED_ROWS = 201
/**
 * The most requests the probe sends without the opt-in, the ones the opt-in adds (a signature without Date,
 * a keyId with the issuer reversed), and the most of them that read the probe account.
 */
export const PROBE_MAX_REQUESTS = 11
export const PROBE_BAD_SIGNATURE_REQUESTS = 2
export const PROBE_MAX_ACCOUNT_READS = 4
/** The name the probe gives the one account it creates. */
export const PROBE_ACCOUNT_NAME = 'Sandbox Console probe'
/** Why `dateHeader` and `keyId` stay unknown without the opt-in. */
export const NEEDS_BAD_SIGNATURES = 'not probed: needs --bad-signatures'

/** The most requests a probe sends, with or without the opt-in. */
export function probeMaxRequests(badSignatures = false): number {
  return PROBE_MAX_REQUESTS + (badSignatures ? PROBE_BAD_SIGNATURE_REQUESTS : 0)
}

/** How many requests a probe sent, in the words of `npm run probe`'s report and the console's. */
export function requestsSent(requests: number): string {
  return `${requests} ${requests === 1 ? 'request' : 'requests'} sent`
}

/**
 * The probe's plan, said before its first request (by `npm run probe`, and by the console before it starts).
 * `optIn` says how to ask for the bad signatures: the command's flag, or the console's checkbox.
 */
export function probePlan(
  baseUrl: URL,
  { badSignatures = false, optIn = '--bad-signatures' }: { badSignatures?: boolean; optIn?: string } = {},
): string[] {
  return [
    `The probe sends at most ${probeMaxRequests(badSignatures)} signed requests to ${baseUrl.href}; each counts against the bank's limits.`,
    `  It creates ONE card account (named "${PROBE_ACCOUNT_NAME}") with ${PROBE_BOOKED_ROWS + 1} transactions, which stay there,`,
    `  and reads that account at most ${PROBE_MAX_ACCOUNT_READS} times, so a bank allowing 4 reads a day per account does not stop it.`,
    badSignatures
      ? `  ${PROBE_BAD_SIGNATURE_REQUESTS} of them are deliberately bad signatures made with the real TPP key (no Date; the keyId's issuer reversed), to an account that does not exist.`
      : `  It sends no deliberately bad signature: Date and keyId strictness stay unknown (${optIn} to probe them).`,
    '  It stops at a 429, a timeout, a refused connection or a refused write, and keeps what it learned.',
  ]
}

/** Where the console's page runs the probe in its proxy (server/probe/console-route.ts): POST, then a stream. */
export const CONSOLE_PROBE_PATH = '/console/probe'

/** The probe's request: the customer its one account is created for. */
export const probeRequest = z.strictObject({
  customerNumber: cardAccountCreateSchema().shape.customerNumber,
  /** The opt-in: also send the two deliberately bad signatures, made with the real TPP key. */
  badSignatures: z.optional(z.boolean()),
})
export type ProbeRequest = z.infer<typeof probeRequest>

const headerList = z.array(z.tuple([z.string(), z.string()]))

/** One request of the probe as sent to the bank (signed), and its answer: a trait's evidence. */
export const probeExchange = z.object({
  /** 1 for the first request sent. */
  index: z.number().check(z.int(), z.gte(1)),
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
  requestBody: z.optional(z.string()),
  /** Undefined when no answer came (see `failure`). */
  status: z.optional(z.number().check(z.int())),
  failure: z.optional(z.string()),
  responseHeaders: headerList,
  responseBody: z.optional(z.string()),
})
export type ProbeExchange = z.infer<typeof probeExchange>

/** What a probe learned, and how far it got. */
export const probeOutcome = z.object({
  traits: bankTraits,
  /** Requests sent, each of which counted against the bank's limits. */
  requests: z.number().check(z.int(), z.gte(0)),
  /** Why the probe stopped before its battery ended; undefined when it ran to the end. */
  stopped: z.optional(z.string()),
  /** The probe account's id, when it was made: it stays in the sandbox. */
  accountId: z.optional(z.string()),
  /** For each settled trait, the exchanges (their `index`) whose answers settled it. */
  evidence: z.partialRecord(z.enum(bankTraitNames), z.array(z.number().check(z.int(), z.gte(1)))),
  /** For a trait the probe left unknown on purpose or could not read, why. */
  notProbed: z.optional(z.partialRecord(z.enum(bankTraitNames), z.string())),
})
export type ProbeOutcome = z.infer<typeof probeOutcome>

/** One line of the probe's stream (NDJSON): the plan first, each exchange as it ends, the outcome last. */
export const probeEvent = z.discriminatedUnion('event', [
  z.object({
    event: z.literal('plan'),
    lines: z.array(z.string()),
    maxRequests: z.number().check(z.int(), z.gte(1)),
  }),
  z.object({ event: z.literal('exchange'), exchange: probeExchange }),
  z.object({ event: z.literal('done'), outcome: probeOutcome, profile: bankProfileFileV3 }),
])
export type ProbeEvent = z.infer<typeof probeEvent>

/** Two checks of one sandbox side by side: what changed, and what only one of them settled. */
export interface TraitComparison {
  /** Settled by both checks, to other values: the bank changed. */
  changed: { trait: BankTraitName; before: unknown; after: unknown }[]
  /** Settled before, unknown now: not probed this time (the opt-in left out, a stop), which is no change. */
  notCheckedNow: BankTraitName[]
  /** Unknown before, settled now: nothing to compare with. */
  notCheckedBefore: BankTraitName[]
}

/**
 * Compares a sandbox's earlier profile with a later one. A trait one check left unknown says nothing about the
 * bank: a check without `--bad-signatures` after one with it changed nothing at the bank.
 */
export function compareTraits(before: BankTraits, after: BankTraits): TraitComparison {
  const comparison: TraitComparison = { changed: [], notCheckedNow: [], notCheckedBefore: [] }
  for (const trait of bankTraitNames) {
    if (JSON.stringify(before[trait]) === JSON.stringify(after[trait])) continue
    if (after[trait] === 'unknown') comparison.notCheckedNow.push(trait)
    else if (before[trait] === 'unknown') comparison.notCheckedBefore.push(trait)
    else comparison.changed.push({ trait, before: before[trait], after: after[trait] })
  }
  return comparison
}
