import {
  type AnswerTraits,
  createRouteMatcher,
  DECIMAL_AMOUNT,
  DEFAULT_LIMIT,
  INT32_MAX,
  jsonNumber,
  MAX_LIMIT,
  type OperationName,
  type PendingTransaction,
  type PersonalityName,
  personalityNames,
  personalitySummaries,
  type RouteMatcher,
  stringifyJsonLossless,
} from '../contract'
import { answerTraitsOf, type BankTraits, definedTraits, personalityProfiles } from '../contract/bank-profile'
import { offeredOperations, operationList } from '../contract/operations'
import type { FutureDates, QueryRules } from '../sandbox'
import { bytesToBase64 } from '../signing/base64'
import { JsonText } from './respond'

/**
 * How a sandbox behaves where real sandboxes differ (docs/decisions.md#personalities): our own handlers and
 * engine, shaped like another server. Its behaviour is read from a bank profile
 * (src/contract/bank-profile.ts): a named personality is a profile of `personalityProfiles`, and a profile
 * file (`SANDBOX_PERSONALITY=<path>`, or one a probe learned) is served the same way.
 */
export interface Personality {
  /** A personality's name, or `profile <file>` for a profile read from a file. */
  name: string
  /** One line for the start-up banner. */
  summary: string
  /** Where it serves the operation: the platform's sandbox sits under `/api-sandbox`. */
  basePath: string
  /** The profile it was made from: the OpenAPI document it serves describes it (src/contract/openapi.ts). */
  profile: BankTraits
  /** The operations it offers; another path or method is answered as the route table answers a miss. */
  offers: readonly OperationName[]
  /** A fresh resourceId for a new card account. */
  newId(): string
  /**
   * How its success answers differ from the contract's: `answerBody` writes them so, and the OpenAPI
   * document it serves says so (src/contract/openapi.ts), from this one value.
   */
  traits: AnswerTraits
  /**
   * Whether its answers carry the console's own headers (`X-Sandbox-Verification`); a sandbox shaped like a
   * bank sends none.
   */
  consoleHeaders: boolean
  /** A bank that books only: `bookingStatus` pending or both is 400 `PARAMETER_NOT_SUPPORTED`. */
  bookedOnly?: boolean
  /** `_links` hrefs and `Location`: paths, absolute URLs (scheme, host), or no `_links` at all. */
  links: 'relative' | 'absolute' | 'none'
  /** Whether links start with the base path, or from the service root (`/v1/...`). */
  linksUnderBasePath: boolean
  /** Rows on a page without `limit`. */
  pageSizeDefault: number
  /** A larger `limit` is lowered to `max` (the page holds that many, and `_links` go on). */
  maxPageSize?: number
  /** How the listing's query is read: the `limit` refused above, and parameters it does not name. */
  queryRules: QueryRules
  /** A transaction dated after today. */
  futureDates: FutureDates
  /** Whether `accept-fix` is read at all. */
  acceptFix: 'supported' | 'ignored'
  /** An error's body: the contract's tppMessages, or RFC 7807 problem details (src/sandbox-http/error-body.ts). */
  errorBody: 'tppMessages' | 'other'
  /** What a verified signature must also satisfy (src/sandbox-http/signature-check.ts). */
  signatureRules: SignatureRules
}

/**
 * How strict a sandbox is beyond a signature that verifies (src/sandbox-http/signature-check.ts): whether a
 * Date must be signed, how keyId must name the certificate, whether an X-Request-ID may come again.
 */
export interface SignatureRules {
  dateHeader: 'required' | 'optional'
  keyId: 'strict' | 'lenient'
  reusedRequestId: 'refused' | 'accepted'
}

/** A profile this sandbox cannot serve: each trait value it has no behaviour for, and why. */
export class UnservableProfile extends Error {
  constructor(readonly reasons: string[]) {
    super(`this sandbox cannot behave so yet: ${reasons.join('; ')}`)
  }
}

/**
 * The sandbox that behaves as `profile` says. A trait left unknown takes the contract's behaviour; values
 * that contradict each other (a default page larger than the cap) are refused (`UnservableProfile`), never
 * served as something else.
 */
export function personalityOf(name: string, summary: string, profile: BankTraits): Personality {
  const known = <T>(value: T | 'unknown', contract: T): T => (value === 'unknown' ? contract : value)
  const contract = personalityProfiles.console as Known<BankTraits>
  const cap = known(profile.pageCap, contract.pageCap)
  const lowered = cap !== 'none' && cap.above === 'lowered' ? cap.max : undefined
  const pageSizeDefault = known(profile.pageSizeDefault, lowered ?? DEFAULT_LIMIT)
  if (cap !== 'none' && pageSizeDefault > cap.max) {
    throw new UnservableProfile([
      `pageSizeDefault ${pageSizeDefault} is above the page cap of ${cap.max}: a page without limit cannot hold more than one with the largest limit`,
    ])
  }
  return {
    name,
    summary,
    basePath: profile.basePath,
    offers: offeredOperations(profile).map(({ name: operation }) => operation),
    newId: newIdOf(profile.ids),
    traits: answerTraitsOf(profile),
    profile,
    consoleHeaders: known(profile.consoleHeaders, contract.consoleHeaders),
    ...(profile.bookedOnly === true ? { bookedOnly: true } : {}),
    links: known(profile.links, contract.links),
    linksUnderBasePath: known(profile.linksUnderBasePath, contract.linksUnderBasePath),
    pageSizeDefault,
    ...(lowered === undefined ? {} : { maxPageSize: lowered }),
    queryRules: {
      // A lowered cap above the contract's is reached by the lowered limit; no cap takes any int32.
      maxLimit: cap === 'none' ? INT32_MAX : cap.above === 'refused' ? cap.max : Math.max(cap.max, MAX_LIMIT),
      unknownParameters: known(profile.unknownQueryParams, contract.unknownQueryParams),
    },
    futureDates: known(profile.futureDates, contract.futureDates),
    acceptFix: known(profile.acceptFix, contract.acceptFix),
    errorBody: known(profile.errorBody, contract.errorBody),
    signatureRules: {
      dateHeader: known(profile.dateHeader, contract.dateHeader),
      keyId: known(profile.keyId, contract.keyId),
      reusedRequestId: known(profile.reusedRequestId, contract.reusedRequestId),
    },
  }
}

/** A profile without `unknown`: the contract's, whose every trait is known. */
type Known<T> = { [K in keyof T]: Exclude<T[K], 'unknown'> }

function newIdOf(ids: BankTraits['ids']): () => string {
  switch (ids) {
    case 'enc':
      return platformId
    case 'opaque':
      // Neither a UUID nor the platform's form, as a bank of its own might make them.
      return () => `acc-${crypto.randomUUID().replaceAll('-', '')}`
    default:
      return () => crypto.randomUUID()
  }
}

/** The profile's traits in a few words, for the banner of a sandbox started from a profile file. */
export function profileSummary(profile: BankTraits): string {
  return definedTraits(profile)
    .filter((trait) => trait !== 'basePath')
    .map((trait) => `${trait} ${JSON.stringify(profile[trait])}`)
    .join(', ')
}

/** A success answer's body as `traits` write it; undefined for an empty body. */
export function answerBodyOf(traits: AnswerTraits, operation: OperationName, body: unknown): unknown {
  if (operation === 'createTransactions' && traits.transactionsCreated === 'empty') return undefined
  let shaped = body
  if (operation === 'listTransactions' && traits.pending === 'strings') shaped = withPendingText(shaped)
  if (traits.extraFields) shaped = withExtraFields(shaped)
  if (operation === 'listTransactions' && traits.pending === 'absent') shaped = withoutPending(shaped)
  return traits.amounts === 'number' ? new JsonText(stringifyJsonLossless(withNumberAmounts(shaped))) : shaped
}

/**
 * The named personalities, each served from its profile (src/contract/bank-profile.ts). `console` is the
 * contract as written; `platform` the bank's platform as far as its public pages show it
 * (docs/decisions.md#personalities); the others the contract with one difference each.
 */
export const personalities = Object.fromEntries(
  personalityNames.map((name) => [
    name,
    personalityOf(name, personalitySummaries[name], personalityProfiles[name]),
  ]),
) as Record<PersonalityName, Personality>
export type { PersonalityName }
export const defaultPersonality: Personality = personalities.console

export function isPersonalityName(name: string): name is PersonalityName {
  return Object.hasOwn(personalities, name)
}

/** The route matcher of what a personality offers. */
export function routesOf(personality: Personality): RouteMatcher {
  return createRouteMatcher(operationList.filter(({ name }) => personality.offers.includes(name)))
}

/**
 * `enc!!` and the base64 of 64 random bytes, `-` and `_` for `+` and `/`, padding kept: the platform's own
 * form (`!`, `-`, `_`, `=`; 93 characters), which a client must percent-encode in a path.
 */
function platformId(): string {
  const base64 = bytesToBase64(crypto.getRandomValues(new Uint8Array(64)))
  return `enc!!${base64.replaceAll('+', '-').replaceAll('/', '_')}`
}

/** Every amount object's `amount` written as the number literal of its decimal string (digits kept). */
function withNumberAmounts(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withNumberAmounts)
  if (typeof value !== 'object' || value === null) return value
  const entries = Object.entries(value).map(([key, field]) => [key, withNumberAmounts(field)] as const)
  const object = Object.fromEntries(entries) as Record<string, unknown>
  const { amount, currency } = object
  if (typeof currency === 'string' && typeof amount === 'string' && DECIMAL_AMOUNT.test(amount)) {
    object.amount = jsonNumber(amount)
  }
  return object
}

/** `pending` as the array of strings the spec's schema declares: one line of each transaction. */
function withPendingText(body: unknown): unknown {
  const answer = body as { cardTransactions: { pending: PendingTransaction[] } }
  const pending = answer.cardTransactions.pending.map(
    ({ cardTransactionId, transactionDate, transactionAmount, merchantCategoryCode }) =>
      `${cardTransactionId} ${transactionDate} ${transactionAmount.amount} ${transactionAmount.currency} ${merchantCategoryCode}`,
  )
  return { ...answer, cardTransactions: { ...answer.cardTransactions, pending } }
}

/** No `pending` array at all, as a bank that leaves it out answers. */
function withoutPending(body: unknown): unknown {
  const answer = body as { cardTransactions: Record<string, unknown> }
  const { pending: _left, ...lists } = answer.cardTransactions
  return { ...answer, cardTransactions: lists }
}

/** Fields no standard names, as banks add them: at the top, on an account, on every transaction. */
function withExtraFields(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body
  const marked = (value: unknown): unknown =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? { ...value, bankInternalReference: 'X-7731', entryReference: { system: 'core', sequence: 1 } }
      : value
  const object = body as Record<string, unknown>
  const lists = object.cardTransactions as Record<string, unknown> | undefined
  const transactions = object.transactions
  return {
    ...(object.resourceId === undefined ? object : (marked(object) as Record<string, unknown>)),
    ...(lists === undefined
      ? {}
      : {
          cardTransactions: {
            ...lists,
            booked: (lists.booked as unknown[]).map(marked),
            pending: (lists.pending as unknown[]).map(marked),
            balanceAfterPage: null,
          },
        }),
    ...(Array.isArray(transactions) ? { transactions: transactions.map(marked) } : {}),
    bankVersion: '4.2.0-sandbox',
  }
}
