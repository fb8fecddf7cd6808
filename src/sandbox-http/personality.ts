import {
  type AnswerTraits,
  contractTraits,
  createRouteMatcher,
  DECIMAL_AMOUNT,
  jsonNumber,
  type OperationName,
  operationList,
  type PendingTransaction,
  type PersonalityName,
  personalitySummaries,
  type RouteMatcher,
  stringifyJsonLossless,
} from '../contract'
import { bytesToBase64 } from '../signing/base64'
import { JsonText } from './respond'

/**
 * How a sandbox behaves where real sandboxes differ (docs/decisions.md#personalities): our own handlers and
 * engine, shaped like another server. A new kind of sandbox is one more entry in `personalities`, e.g.
 * one that books only, adds fields, writes absolute `_links` or caps the page size.
 */
export interface Personality {
  name: PersonalityName
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

/** Our sandbox as the contract has it: every operation, UUID ids, amounts as strings, pending objects. */
const asContracted: Personality = {
  name: 'console',
  summary: personalitySummaries.console,
  basePath: '',
  offers: operationList.map(({ name }) => name),
  newId: () => crypto.randomUUID(),
  traits: contractTraits,
  consoleHeaders: true,
}

/**
 * The real platform, as far as its public pages show it (docs/decisions.md#personalities): no list of mock
 * card accounts, opaque `enc!!…==` ids, amounts as strings (its default since 1.7.6), `pending` as strings
 * (as the spec's schema declares), an empty 201 for the transactions POST, under `/api-sandbox` and nothing
 * outside it, no header of the console's own.
 */
const platform: Personality = {
  name: 'platform',
  summary: personalitySummaries.platform,
  basePath: '/api-sandbox',
  // A GET of the list's path is then 405 with `Allow: POST, OPTIONS`, as a server routing by path and
  // method answers a method the path does not take (the platform's sandbox is such a server). Like every
  // bank's, it has no clock, no settlement and no way to delete one account or transaction: the console
  // says so where it would offer them.
  offers: operationList
    .map(({ name }) => name)
    .filter((name) => name !== 'listCardAccounts' && !sandboxOnly.includes(name)),
  newId: platformId,
  // Its transactions POST's answer is not documented: 201 and nothing, which a client must survive. The
  // account answers keep their body: the platform's old example answer holds `resourceId`.
  traits: { ...contractTraits, pending: 'strings', transactionsCreated: 'empty' },
  consoleHeaders: false,
}

/** A success answer's body as `traits` write it; undefined for an empty body. */
export function answerBodyOf(traits: AnswerTraits, operation: OperationName, body: unknown): unknown {
  if (operation === 'createTransactions' && traits.transactionsCreated === 'empty') return undefined
  let shaped = body
  if (operation === 'listTransactions' && traits.pending === 'strings') shaped = withPendingText(shaped)
  if (traits.extraFields) shaped = withExtraFields(shaped)
  return traits.amounts === 'number' ? new JsonText(stringifyJsonLossless(withNumberAmounts(shaped))) : shaped
}

/** A preset of a deviating bank: the contract's sandbox with one difference. */
const deviating = (name: PersonalityName, differences: Partial<Personality>): Personality => ({
  ...asContracted,
  name,
  summary: personalitySummaries[name],
  ...differences,
})

export const personalities: Record<PersonalityName, Personality> = {
  console: asContracted,
  platform,
  'booked-only': deviating('booked-only', { bookedOnly: true }),
  'number-amounts': deviating('number-amounts', { traits: { ...contractTraits, amounts: 'number' } }),
  'pending-strings': deviating('pending-strings', { traits: { ...contractTraits, pending: 'strings' } }),
  'extra-fields': deviating('extra-fields', { traits: { ...contractTraits, extraFields: true } }),
  'absolute-links': deviating('absolute-links', { absoluteLinks: true }),
  'small-pages': deviating('small-pages', { maxPageSize: 10 }),
}
export type { PersonalityName }
export const defaultPersonality: Personality = asContracted

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
