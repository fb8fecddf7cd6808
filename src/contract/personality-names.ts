import { z } from './zod'

/**
 * The shapes the console's own sandbox can take (docs/decisions.md#personalities), offline and on the local
 * sandbox: the contract as written, the bank's platform, and presets of deviating banks, one deviation each.
 */
export const personalityNames = [
  'console',
  'platform',
  'booked-only',
  'number-amounts',
  'pending-strings',
  'extra-fields',
  'absolute-links',
  'small-pages',
] as const
export const personalityName = z.enum(personalityNames)
export type PersonalityName = z.infer<typeof personalityName>

/** What each one does, in a few words, for the console's picker and the server's start-up line. */
export const personalitySummaries: Record<PersonalityName, string> = {
  console: 'the contract as written: an account list, UUID ids, amounts as strings',
  platform:
    'the platform: no account list, enc!! ids, string amounts, pending strings, empty 201 on transactions, /api-sandbox',
  'booked-only': 'books only: bookingStatus pending and both answer 400 PARAMETER_NOT_SUPPORTED',
  'number-amounts': 'amounts as JSON numbers',
  'pending-strings': 'pending transactions as one line of text each',
  'extra-fields': 'fields no standard names, on the answer, the account and every transaction',
  'absolute-links': '_links and Location as absolute URLs',
  'small-pages': 'at most 10 transactions a page, whatever limit asks',
}

/** A personality as the console's picker lists it: its name, then what it does ("console" alone says little). */
export const personalityLabel = (name: PersonalityName): string => `${name}: ${personalitySummaries[name]}`

/**
 * How a sandbox's success answers differ on the wire from the contract's strict schemas (a personality's,
 * src/sandbox-http/personality.ts): the document it serves describes what it writes, not the contract.
 */
export interface AnswerTraits {
  /** Amount objects' `amount`: the contract's decimal string, or a JSON number (digits kept). */
  amounts: 'string' | 'number'
  /**
   * `cardTransactions.pending`: the contract's objects, one line of text each (the spec's schema), or no
   * such array (a bank that leaves it out).
   */
  pending: 'objects' | 'strings' | 'absent'
  /** The transactions POST's 201: the stored transactions, or no body. */
  transactionsCreated: 'body' | 'empty'
  /** Fields no standard names, anywhere in an answer. */
  extraFields: boolean
}

/** The contract's own answers. */
export const contractTraits: AnswerTraits = {
  amounts: 'string',
  pending: 'objects',
  transactionsCreated: 'body',
  extraFields: false,
}

/**
 * The error body of a sandbox whose profile says `errorBody: "other"`: RFC 7807 problem details
 * (`application/problem+json`), the shape most non-Berlin-Group APIs answer, with the RFC's own
 * `invalid-params` extension (§3) naming each field or parameter at fault.
 */
export const PROBLEM_DETAILS_MEDIA_TYPE = 'application/problem+json'
export const problemDetailsBody = z.strictObject({
  type: z.literal('about:blank'),
  /** The status's reason phrase, as RFC 7807 asks of `about:blank`. */
  title: z.string(),
  status: z.number().check(z.int()),
  /** Every message's text, joined. */
  detail: z.string(),
  'invalid-params': z.optional(z.array(z.strictObject({ name: z.string(), reason: z.string() }))),
})
export type ProblemDetailsBody = z.infer<typeof problemDetailsBody>
