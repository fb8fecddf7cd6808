// Learns a bank's sandbox (docs/decisions.md#bank-profiles-and-the-probe): a bounded battery of signed
// requests, each answer read for the traits it settles; a trait no answer settles stays unknown.

import {
  cardAccount,
  cardTransactionsResponse,
  headerNames,
  transactionsCreated,
  UUID,
} from '../../src/contract'
import {
  type BankTraits,
  bankTraitNames,
  definedTraits,
  unknownTraits,
} from '../../src/contract/bank-profile'
import {
  NEEDS_BAD_SIGNATURES,
  PROBE_ACCOUNT_NAME,
  PROBE_BOOKED_ROWS,
  type ProbeExchange,
  type ProbeOutcome,
  probePlan,
  requestsSent,
} from '../../src/contract/probe'
import { upstreamFailure } from '../../src/contract/upstream-failure'
import { z } from '../../src/contract/zod'
import type { RequestSigner } from '../../src/signing/signer'
import type { BadSigners } from './bad-signatures'

export interface ProbeOptions {
  /** The sandbox's base URL, path included (e.g. https://bank.example/api-sandbox). */
  baseUrl: URL
  signer: RequestSigner
  /** The customer the one probe account is created for. */
  customerNumber: string
  /** A bound on each request; a request that takes longer stops the probe. */
  timeoutMs?: number
  /** Told each request as it goes, and the plan before the first. */
  log?: (line: string) => void
  /** Each request as sent and its answer, as it ends: the evidence the outcome's `evidence` points at. */
  onExchange?: (exchange: ProbeExchange) => void
  /** Aborted: the probe sends nothing more, and ends as stopped, keeping what it learned. */
  signal?: AbortSignal
  /** The opt-in: with these, the two deliberately bad signatures settle `dateHeader` and `keyId`. */
  badSigners?: BadSigners
  /** Where the base URL was given, named by a failed connection's advice: the proxy's by default. */
  baseUrlSetting?: string
}

export type ProbeResult = ProbeOutcome

/** The `limit` just above the contract's MAX_LIMIT: lowered, refused, or taken. */
const ABOVE_CAP = 1001
/** A query parameter no operation names. */
const UNKNOWN_PARAMETER = 'sandboxConsoleProbe'
/** The fix whose effect a read shows: the two amounts swapped. */
const SWAP_FIX = 'cardaccount-switch-originalamount-and-transactionamount'

const ACCOUNTS = '/v1/sandbox/card-accounts'

interface Answer {
  status: number
  headers: Headers
  text: string
  json: unknown
  /** The X-Request-ID it was sent with. */
  requestId: string
}

/** Stops the battery: the answers so far keep what they settled. */
class Stop extends Error {}

export async function probeSandbox({
  baseUrl,
  signer,
  customerNumber,
  timeoutMs = 30_000,
  log = () => {},
  onExchange = () => {},
  signal,
  badSigners,
  baseUrlSetting,
}: ProbeOptions): Promise<ProbeResult> {
  const base = baseUrl.href.replace(/\/+$/, '')
  const basePath = baseUrl.pathname.replace(/\/+$/, '')
  const traits = unknownTraits(basePath)
  const result: ProbeResult = { traits, requests: 0, evidence: {}, notProbed: {} }
  const attribute = evidenceKeeper(traits, result.evidence)
  for (const line of probePlan(baseUrl, { badSignatures: badSigners !== undefined })) log(line)

  const send: Send = async (method, path, body, { by = signer, requestId, headers = {} } = {}) => {
    // What the answers so far settled belongs to them, before this request adds its own.
    attribute(result.requests)
    if (signal?.aborted) throw new Stop(`cancelled before ${method} ${path}`)
    const text = body === undefined ? undefined : JSON.stringify(body)
    const signed = await by.sign({
      method,
      url: `${basePath}${path}`,
      headers: {
        'X-Request-ID': requestId ?? crypto.randomUUID(),
        Accept: 'application/json',
        ...headers,
        ...(text === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(text === undefined ? {} : { body: text }),
    })
    result.requests += 1
    const exchange: ProbeExchange = {
      index: result.requests,
      startedAt: Date.now(),
      durationMs: 0,
      method,
      url: `${base}${path}`,
      path,
      requestHeaders: Object.entries(signed.headers),
      signingString: signed.signingString,
      keyId: signed.keyId,
      ...(text === undefined ? {} : { requestBody: text }),
      responseHeaders: [],
    }
    const started = performance.now()
    const ended = (answer: Partial<ProbeExchange>) =>
      onExchange({ ...exchange, ...answer, durationMs: Math.round(performance.now() - started) })
    let response: Response
    let answerText: string
    try {
      const timeout = AbortSignal.timeout(timeoutMs)
      response = await fetch(exchange.url, {
        method,
        headers: signed.headers,
        redirect: 'manual',
        signal: signal === undefined ? timeout : AbortSignal.any([signal, timeout]),
        ...(text === undefined ? {} : { body: text }),
      })
      answerText = await response.text()
    } catch (error) {
      const cause = signal?.aborted
        ? 'cancelled while waiting for the answer'
        : error instanceof Error && error.name === 'TimeoutError'
          ? `no answer in ${timeoutMs} ms`
          : unreachable(error, baseUrlSetting)
      ended({ failure: cause })
      throw new Stop(`${method} ${path}: ${cause}`)
    }
    ended({
      status: response.status,
      responseHeaders: [...response.headers],
      ...(answerText === '' ? {} : { responseBody: answerText }),
    })
    log(`  ${method} ${path} -> ${response.status}`)
    const stop = stopAt(response, answerText, base)
    if (stop !== undefined) throw new Stop(`${method} ${path}: ${stop}`)
    let json: unknown
    try {
      json = answerText === '' ? undefined : JSON.parse(answerText)
    } catch {
      json = undefined
    }
    const answer = {
      status: response.status,
      headers: response.headers,
      text: answerText,
      json,
      requestId: signed.headers['X-Request-ID'] as string,
    }
    if (response.status >= 400) settleErrorBody(traits, answer)
    else settleConsoleHeaders(traits, answer)
    return answer
  }

  if (badSigners === undefined) {
    result.notProbed = { dateHeader: NEEDS_BAD_SIGNATURES, keyId: NEEDS_BAD_SIGNATURES }
  } else if (badSigners.reversedIssuer === undefined) {
    result.notProbed = { keyId: "not probed: the certificate's issuer has one RDN, which no order changes" }
  }
  try {
    await battery(send, traits, customerNumber, result, badSigners)
  } catch (error) {
    if (!(error instanceof Stop)) throw error
    result.stopped = error.message
  }
  attribute(result.requests)
  return result
}

/**
 * Gives each trait the exchanges that settled it: called before each request and at the end, it credits
 * every trait changed since the last call to the exchange sent last, whose answer the battery had just read.
 * `extraFields`, read from several answers at once, has its evidence stated by the battery.
 */
function evidenceKeeper(traits: BankTraits, evidence: ProbeResult['evidence']) {
  let seen = JSON.stringify(traits)
  return (lastExchange: number) => {
    const before = JSON.parse(seen) as BankTraits
    seen = JSON.stringify(traits)
    if (lastExchange === 0) return
    for (const name of bankTraitNames) {
      if (name === 'extraFields' || JSON.stringify(before[name]) === JSON.stringify(traits[name])) continue
      evidence[name] = [...(evidence[name] ?? []), lastExchange]
    }
  }
}

/** Why an answer ends the battery, if it does: the bank is over its limit, or the address is no sandbox. */
function stopAt(response: Response, text: string, base: string): string | undefined {
  if (response.status === 429) {
    const retry = response.headers.get('retry-after')
    return `429 Too Many Requests${retry === null ? '' : ` (Retry-After ${retry})`}`
  }
  // A web page at the address (the console's own, say, which answers its page on every path) answers 200
  // to everything: read as a sandbox's answers it would settle every trait wrongly. (A gateway's HTML
  // error page is an answer the battery reads: only a success that is a page stops it.)
  const type = response.headers.get('content-type')
  if (response.ok && (/^\s*</.test(text) || type?.includes('text/html'))) {
    return `answered a web page (${type ?? 'HTML'}), not a sandbox's JSON: is ${base} the sandbox's API base URL? (The console's own address is not one.)`
  }
  return undefined
}

/**
 * Why a request got no answer, in the words the connection test and the proxy use: Node's fetch names the
 * code in its cause (a refusal, a TLS handshake, llhttp's HPE_* for an answer that is not HTTP).
 */
function unreachable(error: unknown, setting: string | undefined): string {
  const cause = error instanceof Error ? (error.cause as NodeJS.ErrnoException | undefined) : undefined
  if (!(cause instanceof Error)) return String(error)
  return upstreamFailure(cause.code ?? cause.message, setting).words
}

/** The outcome in a few lines: what was settled, what was not, and why it stopped. */
export function probeReport(result: ProbeResult): string[] {
  const settled = definedTraits(result.traits)
  const open = bankTraitNames.filter((name) => !settled.includes(name))
  return [
    `${requestsSent(result.requests)}; ${settled.length} of ${bankTraitNames.length} traits settled`,
    ...(open.length === 0 ? [] : [`  unknown: ${open.join(', ')}`]),
    ...Object.entries(result.notProbed ?? {}).map(([trait, why]) => `  ${trait}: ${why}`),
    ...(result.accountId === undefined
      ? []
      : [`  the probe account ${result.accountId} stays in the sandbox`]),
    result.stopped === undefined ? '  the battery ran to its end' : `  stopped early: ${result.stopped}`,
  ]
}

type Send = (
  method: string,
  path: string,
  body?: unknown,
  options?: { by?: RequestSigner | undefined; requestId?: string; headers?: Record<string, string> },
) => Promise<Answer>

async function battery(
  send: Send,
  traits: BankTraits,
  customerNumber: string,
  result: ProbeResult,
  badSigners: BadSigners | undefined,
) {
  await probeWithoutAccount(send, traits, badSigners)
  const { id, location, created } = await createProbeAccount(send, customerNumber, traits)
  result.accountId = id
  // The answers read for fields no standard names, with the exchange each came in.
  const answers: { json: unknown; index: number }[] = []
  const keep = (answer: Answer) => {
    if (answer.json !== undefined) answers.push({ json: answer.json, index: result.requests })
  }
  keep(created)
  const transactionsPath = `${ACCOUNTS}/${encodeURIComponent(id)}/transactions`
  keep(await postProbeTransactions(send, transactionsPath, traits))
  const status = await readProbePages(send, transactionsPath, traits, location, keep)
  if (answers.length > 0) {
    const extra = answers.filter(({ json }) => hasExtraFields(json))
    traits.extraFields = extra.length > 0
    // Fields the contract never names show in some answers; their absence only in all of them read.
    result.evidence.extraFields = (extra.length > 0 ? extra : answers).map(({ index }) => index)
  }
  await probePageCap(send, `${transactionsPath}?bookingStatus=${status}`, status, traits, result)

  const unknownParameter = await send(
    'GET',
    `${transactionsPath}?bookingStatus=${status}&${UNKNOWN_PARAMETER}=1`,
  )
  if (unknownParameter.status === 200) traits.unknownQueryParams = 'ignored'
  else if (unknownParameter.status === 400 && names(unknownParameter, UNKNOWN_PARAMETER)) {
    traits.unknownQueryParams = 'refused'
  }
}

/**
 * The requests that need no account of the probe's: the account list, the console's own clock, an account
 * that does not exist (the answer the next ones are held against), the same again with its X-Request-ID,
 * and with the opt-in the same without a Date and with the keyId's issuer reversed.
 */
async function probeWithoutAccount(send: Send, traits: BankTraits, badSigners: BadSigners | undefined) {
  // 1. The account list: a bank without one answers 404 or 405.
  const list = await send('GET', ACCOUNTS)
  if (list.status === 200) traits.accountList = 'listed'
  else if (list.status === 404 || list.status === 405) traits.accountList = 'absent'

  // 2. The console's own clock, which no bank has.
  const clock = await send('GET', '/v1/sandbox-console/clock')
  if (clock.status === 200) traits.consoleOperations = true
  else if ([404, 405, 501].includes(clock.status)) traits.consoleOperations = false

  // 3. An account that does not exist: an error body to read, whatever else the bank refuses, and the
  // answer the next requests are held against. None of them reads the probe account.
  const nobody = `${ACCOUNTS}/${encodeURIComponent(`probe-none-${crypto.randomUUID()}`)}`
  const none = await send('GET', nobody)
  /** The same request answered otherwise: a 4xx of its own, the way a bank refuses. */
  const refusedAgain = (answer: Answer) => answer.status !== none.status && answer.status >= 400

  // 4. The same again with the same X-Request-ID.
  const reused = await send('GET', nobody, undefined, { requestId: none.requestId })
  if (reused.status === none.status) traits.reusedRequestId = 'accepted'
  else if (refusedAgain(reused)) traits.reusedRequestId = 'refused'

  // 5, 6. The opt-in: the same with no Date, then with the keyId's issuer reversed (the real TPP key).
  if (badSigners === undefined) return
  const dateless = await send('GET', nobody, undefined, { by: badSigners.withoutDate })
  if (dateless.status === none.status) traits.dateHeader = 'optional'
  else if (dateless.status === 401) traits.dateHeader = 'required'
  if (badSigners.reversedIssuer === undefined) return
  const reversed = await send('GET', nobody, undefined, { by: badSigners.reversedIssuer })
  if (reversed.status === none.status) traits.keyId = 'lenient'
  else if (reversed.status === 401) traits.keyId = 'strict'
}

/** 7. The probe account: its id, from the answer's resourceId or else its Location, and the id's form. */
async function createProbeAccount(send: Send, customerNumber: string, traits: BankTraits) {
  const created = await send('POST', ACCOUNTS, probeAccount(customerNumber))
  if (created.status !== 201 && created.status !== 200) {
    throw new Stop(`POST ${ACCOUNTS}: the bank refused the probe account (${created.status})`)
  }
  const location = created.headers.get(headerNames.location)
  const id = resourceIdOf(created.json) ?? lastSegment(location)
  if (id === undefined) throw new Stop(`POST ${ACCOUNTS}: the answer names no resourceId or Location`)
  traits.ids = UUID.test(id) ? 'uuid' : id.startsWith('enc!!') ? 'enc' : 'opaque'
  return { id, location, created }
}

/**
 * 8. The transactions: more booked rows than a default page, and one pending dated after today. A bank
 * that refuses the future date (400 naming transactionDate) gets 9, the same batch dated today: one batch
 * is stored either way.
 */
async function postProbeTransactions(send: Send, transactionsPath: string, traits: BankTraits) {
  let posted = await send('POST', transactionsPath, probeTransactions(futureDay()))
  if (posted.status === 400 && names(posted, 'transactionDate')) {
    traits.futureDates = 'refused'
    posted = await send('POST', transactionsPath, probeTransactions(pastDay(PROBE_BOOKED_ROWS)))
  } else if (posted.status === 201 || posted.status === 200) {
    traits.futureDates = 'accepted'
  }
  if (posted.status !== 201 && posted.status !== 200) {
    throw new Stop(`POST ${transactionsPath}: the bank refused the probe's transactions (${posted.status})`)
  }
  traits.transactionsCreated = posted.text.trim() === '' ? 'empty' : 'body'
  return posted
}

/**
 * The default page, asking for the swap fix, and the pending one (or the booked page of a bank that books
 * only); returns the booking status the account's later reads ask for.
 */
async function readProbePages(
  send: Send,
  transactionsPath: string,
  traits: BankTraits,
  location: string | null,
  keep: (answer: Answer) => void,
): Promise<'both' | 'booked'> {
  const swap = { headers: { [headerNames.xAcceptFix]: SWAP_FIX } }
  let page = await send('GET', `${transactionsPath}?bookingStatus=both`, undefined, swap)
  let status: 'both' | 'booked' = 'both'
  if (page.status === 400 && names(page, 'bookingStatus')) {
    traits.bookedOnly = true
    status = 'booked'
    page = await send('GET', `${transactionsPath}?bookingStatus=booked`, undefined, swap)
  } else if (page.status === 200) {
    traits.bookedOnly = false
  }
  if (page.status === 200) {
    keep(page)
    settlePage(traits, page.json, status === 'both' ? PROBE_BOOKED_ROWS + 1 : PROBE_BOOKED_ROWS, location)
    settleAcceptFix(traits, page.json)
  }
  if (traits.bookedOnly === false) {
    // The booked rows fill the first page of `both`: the pending one is read alone.
    const pending = await send('GET', `${transactionsPath}?bookingStatus=pending`)
    if (pending.status === 200) {
      keep(pending)
      settlePending(traits, pending.json)
    }
  }
  return status
}

/** A limit above the contract's cap: refused with the most it takes, lowered to a cap, or taken whole. */
async function probePageCap(
  send: Send,
  pagePath: string,
  status: 'both' | 'booked',
  traits: BankTraits,
  result: ProbeResult,
) {
  const above = await send('GET', `${pagePath}&limit=${ABOVE_CAP}`)
  if (above.status === 400 && names(above, 'limit')) {
    // The most it takes, in its own words ("at most 1000"): no read is spent searching for it.
    const stated = statedMaximum(above)
    if (stated === undefined) {
      result.notProbed = {
        ...result.notProbed,
        pageCap: `the refusal of limit=${ABOVE_CAP} states no maximum`,
      }
    } else traits.pageCap = { max: stated, above: 'refused' }
  } else if (above.status === 200) {
    const cap = capOfTakenLimit(above.json, status === 'both' ? PROBE_BOOKED_ROWS + 1 : PROBE_BOOKED_ROWS)
    if (cap !== undefined) traits.pageCap = cap
  }
}

/**
 * What a page answered to a limit above the cap says of the bank's cap: its links' lower limit, or fewer
 * rows than the `visible` the probe stored, is a cap the bank lowered to; the limit kept whole is none.
 */
function capOfTakenLimit(json: unknown, visible: number): BankTraits['pageCap'] | undefined {
  const rows = pageRows(json)
  const limit = linkLimit(json)
  if (limit !== undefined && limit < ABOVE_CAP) return { max: limit, above: 'lowered' }
  if (rows !== undefined && rows < visible) return { max: rows, above: 'lowered' }
  return limit === ABOVE_CAP ? 'none' : undefined
}

/**
 * The fix asked for on the default page: the probe posted each amount as x.50 and its original as x.25, so
 * a booked row's amount ending in .25 shows the two swapped.
 */
function settleAcceptFix(traits: BankTraits, json: unknown) {
  const booked = (json as { cardTransactions?: { booked?: unknown } } | undefined)?.cardTransactions?.booked
  const first = Array.isArray(booked)
    ? (booked[0] as { transactionAmount?: { amount?: unknown } })
    : undefined
  const amount = Number(first?.transactionAmount?.amount)
  if (Number.isNaN(amount)) return
  const cents = Math.round((amount % 1) * 100)
  if (cents === 25) traits.acceptFix = 'supported'
  else if (cents === 50) traits.acceptFix = 'ignored'
}

/** The largest limit a refusal states ("at most 1000", "maximum 500"), if it states one. */
function statedMaximum(answer: Answer): number | undefined {
  for (const text of stringsOf(answer.json)) {
    const stated = /\b(?:at most|maximum(?: is| of)?|max(?:imum)?[:=]?)\s*(\d+)/i.exec(text)?.[1]
    if (stated !== undefined) return Number(stated)
  }
  return undefined
}

/** What a page without `limit` shows: amounts, pending, links and the default page size. */
function settlePage(traits: BankTraits, json: unknown, visible: number, location: string | null) {
  const lists = (json as { cardTransactions?: Record<string, unknown> } | undefined)?.cardTransactions
  if (lists === undefined || typeof lists !== 'object') return
  const booked = Array.isArray(lists.booked) ? lists.booked : []
  const amount = (booked[0] as { transactionAmount?: { amount?: unknown } } | undefined)?.transactionAmount
    ?.amount
  if (typeof amount === 'string') traits.amounts = 'string'
  else if (typeof amount === 'number') traits.amounts = 'number'
  const href = (lists._links as { first?: { href?: unknown } } | undefined)?.first?.href
  if (lists._links === undefined) traits.links = 'none'
  else if (typeof href === 'string') {
    const absolute = /^https?:\/\//i.test(href)
    traits.links = absolute ? 'absolute' : href.startsWith('/') ? 'relative' : 'unknown'
    const path = absolute ? new URL(href).pathname : href
    if (path.startsWith(`${traits.basePath}/v1/`)) traits.linksUnderBasePath = true
    else if (path.startsWith('/v1/')) traits.linksUnderBasePath = false
  }
  // The Location of the account POST must agree with the links for the links' form to hold for both.
  if (
    location !== null &&
    traits.links !== 'none' &&
    /^https?:\/\//i.test(location) !== (traits.links === 'absolute')
  ) {
    traits.links = 'unknown'
  }
  const limit = linkLimit(json)
  const rows = pageRows(json)
  if (limit !== undefined) traits.pageSizeDefault = limit
  else if (rows !== undefined && rows > 0 && rows < visible) traits.pageSizeDefault = rows
}

/** The form of `pending` in a read of the pending transactions, which holds the probe's one. */
function settlePending(traits: BankTraits, json: unknown) {
  const lists = (json as { cardTransactions?: Record<string, unknown> } | undefined)?.cardTransactions
  if (lists === undefined || typeof lists !== 'object') return
  if (!('pending' in lists)) traits.pending = 'absent'
  else if (Array.isArray(lists.pending) && lists.pending.length > 0) {
    traits.pending = typeof lists.pending[0] === 'string' ? 'strings' : 'objects'
  }
}

function settleErrorBody(traits: BankTraits, answer: Answer) {
  if (traits.errorBody === 'other') return
  const messages = (answer.json as { tppMessages?: unknown } | undefined)?.tppMessages
  traits.errorBody = Array.isArray(messages) ? 'tppMessages' : 'other'
}

function settleConsoleHeaders(traits: BankTraits, answer: Answer) {
  const has = answer.headers.has(headerNames.sandboxVerification)
  if (traits.consoleHeaders === 'unknown' || has) traits.consoleHeaders = has
}

/**
 * Whether an error answer names this parameter, in whatever shape the bank writes errors: tppMessages'
 * `path` or `text`, problem details' `invalid-params`, or any other text of the body.
 */
function names(answer: Answer, parameter: string): boolean {
  return stringsOf(answer.json).some((text) => text.includes(parameter))
}

/** Every string in a JSON value. */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (typeof value !== 'object' || value === null) return []
  return Object.values(value).flatMap(stringsOf)
}

function pageRows(json: unknown): number | undefined {
  const lists = (json as { cardTransactions?: { booked?: unknown; pending?: unknown } } | undefined)
    ?.cardTransactions
  if (lists === undefined) return undefined
  const count = (list: unknown) => (Array.isArray(list) ? list.length : 0)
  return count(lists.booked) + count(lists.pending)
}

/** The limit the page had, as its `first` link states it. */
function linkLimit(json: unknown): number | undefined {
  const href = (json as { cardTransactions?: { _links?: { first?: { href?: unknown } } } } | undefined)
    ?.cardTransactions?._links?.first?.href
  if (typeof href !== 'string') return undefined
  const limit = new URL(href, 'http://link.invalid').searchParams.get('limit')
  return limit !== null && /^\d+$/.test(limit) ? Number(limit) : undefined
}

function resourceIdOf(json: unknown): string | undefined {
  const id = (json as { resourceId?: unknown } | undefined)?.resourceId
  return typeof id === 'string' && id !== '' ? id : undefined
}

function lastSegment(location: string | null): string | undefined {
  if (location === null) return undefined
  const path = new URL(location, 'http://location.invalid').pathname
  const segment = path.slice(path.lastIndexOf('/') + 1)
  return segment === '' ? undefined : decodeURIComponent(segment)
}

/** Every field name the contract's answers hold, at any depth. */
const contractFields: ReadonlySet<string> = new Set(
  [cardTransactionsResponse, cardAccount, transactionsCreated].flatMap((schema) =>
    propertyNames(z.toJSONSchema(schema, { unrepresentable: 'any', io: 'output' })),
  ),
)

function propertyNames(schema: unknown): string[] {
  if (Array.isArray(schema)) return schema.flatMap(propertyNames)
  if (typeof schema !== 'object' || schema === null) return []
  const object = schema as Record<string, unknown>
  const own =
    typeof object.properties === 'object' && object.properties !== null ? Object.keys(object.properties) : []
  return [...own, ...Object.values(object).flatMap(propertyNames)]
}

function hasExtraFields(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasExtraFields)
  if (typeof value !== 'object' || value === null) return false
  return Object.entries(value).some(([key, field]) => !contractFields.has(key) || hasExtraFields(field))
}

/** The platform's example account, named as the probe's. */
function probeAccount(customerNumber: string) {
  return {
    customerNumber,
    maskedPan: '1234xxxxxxxx4321',
    currency: 'NOK',
    creditLimit: { currency: 'NOK', amount: 1000 },
    cardId: '1',
    cardIdVNo: '2',
    accountNumber: '123412341234',
    name: PROBE_ACCOUNT_NAME,
    product: 'Probe',
    status: 'ENABLED',
  }
}

const DAY_MS = 86_400_000
/** A day well before any bank's today, for the booked rows. */
const pastDay = (n: number) => new Date(Date.UTC(2024, 0, 1) + n * DAY_MS).toISOString().slice(0, 10)
/** Two days after today as UTC sees it: after today wherever the bank is. */
const futureDay = () => new Date(Date.now() + 2 * DAY_MS).toISOString().slice(0, 10)

/**
 * Booked rows on past days, and one pending on `pendingDate`. Each amount is x.50 and its original x.25,
 * so an answer shows whether the swap fix exchanged them.
 */
function probeTransactions(pendingDate: string) {
  const row = (n: number, date: string) => ({
    transactionDate: date,
    transactionAmount: { currency: 'NOK', amount: `${10 + n}.50` },
    originalAmount: { currency: 'NOK', amount: `${10 + n}.25` },
    merchantCategoryCode: 'TEST',
  })
  return [
    ...Array.from({ length: PROBE_BOOKED_ROWS }, (_, n) => ({
      ...row(n, pastDay(n)),
      bookingStatus: 'booked',
      bookingDate: pastDay(n),
    })),
    { ...row(PROBE_BOOKED_ROWS, pendingDate), bookingStatus: 'pending' },
  ]
}
