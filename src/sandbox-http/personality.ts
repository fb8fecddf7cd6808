import {
  type AnswerTraits,
  contractTraits,
  createRouteMatcher,
  DECIMAL_AMOUNT,
  DEFAULT_LIMIT,
  jsonNumber,
  MAX_LIMIT,
  type OperationName,
  operationList,
  type PendingTransaction,
  type PersonalityName,
  personalityNames,
  personalitySummaries,
  type RouteMatcher,
  stringifyJsonLossless,
} from '../contract'
import { type BankTraits, definedTraits, personalityProfiles } from '../contract/bank-profile'
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
  /** `_links` hrefs and `Location` as absolute URLs (scheme, host, base path) rather than paths. */
  absoluteLinks?: boolean
  /** The most transactions a page holds: a larger `limit`, or none, gets this many (and `_links` go on). */
  maxPageSize?: number
}

/** The console's own sandbox operations, which no bank has: the clock, settlement, deletes and the summary. */
const sandboxOnly: readonly OperationName[] = operationList
  .filter(({ owner }) => owner === 'console')
  .map(({ name }) => name)

/** A profile this sandbox cannot serve: each trait value it has no behaviour for, and why. */
export class UnservableProfile extends Error {
  constructor(readonly reasons: string[]) {
    super(`this sandbox cannot behave so yet: ${reasons.join('; ')}`)
  }
}

/**
 * The sandbox that behaves as `profile` says. A trait left unknown takes the contract's behaviour; a value
 * the handlers have no behaviour for is refused (`UnservableProfile`), never served as something else.
 */
export function personalityOf(name: string, summary: string, profile: BankTraits): Personality {
  const reasons: string[] = []
  const unservable = (reason: string) => reasons.push(reason)
  if (profile.pending === 'absent') unservable('pending "absent" (answers always hold the pending array)')
  if (profile.links === 'none') unservable('links "none" (answers always carry _links)')
  if (profile.linksUnderBasePath === false)
    unservable('linksUnderBasePath false (links start at the base path)')
  const cap = profile.pageCap
  let maxPageSize: number | undefined
  if (typeof cap === 'object' && cap.above === 'lowered') maxPageSize = cap.max
  else if (cap === 'none') unservable('pageCap "none" (a limit above MAX_LIMIT is refused)')
  else if (typeof cap === 'object' && cap.max !== MAX_LIMIT) {
    unservable(`pageCap refused above ${cap.max} (only above ${MAX_LIMIT}, the contract's MAX_LIMIT)`)
  }
  const pageDefault = maxPageSize ?? DEFAULT_LIMIT
  if (typeof profile.pageSizeDefault === 'number' && profile.pageSizeDefault !== pageDefault) {
    unservable(
      `pageSizeDefault ${profile.pageSizeDefault} (a page without limit holds ${pageDefault}: the cap lowered to, or the contract's default)`,
    )
  }
  if (reasons.length > 0) throw new UnservableProfile(reasons)
  const known = <T>(value: T | 'unknown', contract: T): T => (value === 'unknown' ? contract : value)
  return {
    name,
    summary,
    basePath: profile.basePath,
    offers: operationList
      .map(({ name: operation }) => operation)
      .filter((operation) => operation !== 'listCardAccounts' || profile.accountList !== 'absent')
      .filter((operation) => profile.consoleOperations !== false || !sandboxOnly.includes(operation)),
    newId: newIdOf(profile.ids),
    traits: {
      amounts: known(profile.amounts, contractTraits.amounts),
      pending: profile.pending === 'strings' ? 'strings' : contractTraits.pending,
      transactionsCreated: known(profile.transactionsCreated, contractTraits.transactionsCreated),
      extraFields: known(profile.extraFields, contractTraits.extraFields),
    },
    consoleHeaders: known(profile.consoleHeaders, true),
    ...(profile.bookedOnly === true ? { bookedOnly: true } : {}),
    ...(profile.links === 'absolute' ? { absoluteLinks: true } : {}),
    ...(maxPageSize === undefined ? {} : { maxPageSize }),
  }
}

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
