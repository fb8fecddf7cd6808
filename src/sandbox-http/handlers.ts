import { http, type RequestHandler } from 'msw'
import {
  acceptedFixes,
  type CardTransactionsResponse,
  CONSOLE_SANDBOX_PREFIX,
  DEFAULT_LIMIT,
  headerNames,
  type KnownFix,
  type OperationName,
  type PathParams,
  type Problem,
  pathTo,
  problem,
  psuCorporateId as psuCorporateIdSchema,
  refusalOf,
  SANDBOX_PREFIX,
  type SandboxClockAnswer,
  SWAP_AMOUNTS_FIX,
  sandboxClockState,
} from '../contract'
import { operationList, pathParameterProblem } from '../contract/operations'
import { psuIdProblem, requestIdProblem } from '../contract/request-headers'
import { createSandboxClock, parseBody, type Sandbox, type SandboxClock, swapped } from '../sandbox'
import type { ApplyConditions } from './conditions'
import { asProblemDetails } from './error-body'
import { notAcceptableProblem } from './negotiation'
import {
  answerBodyOf,
  defaultPersonality,
  type Personality,
  routesOf,
  type SignatureRules,
} from './personality'
import { parseJsonBody } from './request-body'
import { problemReply, type Reply, reply, thrownProblem, toResponse } from './respond'

/**
 * The signature seam: runs before every other check and answers its problem (401) when it returns
 * one. It gets the body bytes exactly as received, for the Digest, and the personality's rules.
 */
export type Authenticate = (
  request: Request,
  body: Uint8Array,
  rules?: SignatureRules,
) => Promise<Problem | null>

export interface SandboxHandlerOptions {
  sandbox: Sandbox
  /** Where the sandbox paths start: '' upstream, '/api' in the browser, an absolute URL in tests. */
  basePath?: string
  authenticate?: Authenticate
  /** Which operations it offers and how it writes its answers; the contract's own by default. */
  personality?: Personality
  /**
   * The sandbox clock the clock operations read and set: the one whose `today` the engine was given
   * (a fresh real-date clock by default, for handlers whose engine keeps real time).
   */
  clock?: SandboxClock
  /** Faults, latency and quotas the tester set, applied before anything else (src/sandbox-http/conditions.ts). */
  conditions?: ApplyConditions
}

/** What an endpoint gets once authentication and the shared headers passed. */
interface Call<Params> {
  request: Request
  url: URL
  params: Params
  body: Uint8Array
  fixes: Set<KnownFix>
  psuCorporateId: string | undefined
}

/** One endpoint per operation of the contract's table: a missing one is a type error. */
type Endpoints = { [Name in OperationName]: (call: Call<PathParams<Name>>) => Promise<Reply> }

/**
 * msw handlers of the sandbox operation, one per route of the contract's operation table: HTTP glue only.
 * Each request is read once, then checked in this order: X-Request-ID (400), authentication (401), the
 * path's resource (404), query and body (400); the engine does the domain checks and answers errors as values.
 * HEAD is answered like GET without the body; OPTIONS, an unknown path or a method a path does not take
 * get the answers every server of the console gives (`refusalOf`).
 */
export function createSandboxHandlers({
  sandbox,
  basePath = '',
  authenticate,
  personality = defaultPersonality,
  clock = createSandboxClock(),
  conditions,
}: SandboxHandlerOptions): RequestHandler[] {
  const scope = sandboxScope(basePath)
  const matchRoute = routesOf(personality)
  /** What links and Location start with: the base path or the service root, with the origin for absolute links. */
  const linkRoot = (request: Request) => {
    const path = personality.linksUnderBasePath ? scope.prefix : ''
    return personality.links === 'absolute' ? `${new URL(request.url).origin}${path}` : path
  }

  /** An answer on the wire: errors in the body this personality writes them in. */
  const respond = (request: Request, answer: Reply) =>
    toResponse(request, personality.errorBody === 'other' ? asProblemDetails(answer) : answer)

  const endpoints: Endpoints = {
    async listCardAccounts({ psuCorporateId }) {
      // A corporate account is a corporate user's: listed only to a request that says it is one (spec §5.5).
      const corporateUser = psuCorporateIdSchema.safeParse(psuCorporateId).success
      const accounts = await sandbox.listCardAccounts()
      return reply(200, {
        cardAccounts: corporateUser
          ? accounts
          : accounts.filter(({ customerType }) => customerType !== 'corporate'),
      })
    },
    async createCardAccount({ request, body, fixes }) {
      const json = parseJsonBody(request.headers.get(headerNames.contentType), body)
      if (!json.ok) return problemReply(json.problem)
      const created = await sandbox.createCardAccount(json.value, { fixes })
      if (!created.ok) return problemReply(created.problem)
      const location = pathTo('getCardAccount', { mockCardAccountId: created.value.resourceId })
      return reply(201, created.value, { [headerNames.location]: `${linkRoot(request)}${location}` })
    },
    async getCardAccount({ params, psuCorporateId }) {
      const found = await sandbox.getCardAccount(params.mockCardAccountId, { psuCorporateId })
      return found.ok ? reply(200, found.value) : problemReply(found.problem)
    },
    async listTransactions({ request, url, params, fixes, psuCorporateId }) {
      const query = withPageSize(queryObject(url.searchParams), personality)
      const listed = await sandbox.listTransactions(params.mockCardAccountId, query, {
        fixes,
        psuCorporateId,
        rules: personality.queryRules,
      })
      if (!listed.ok) return problemReply(listed.problem)
      if (personality.bookedOnly && query.bookingStatus !== 'booked') return problemReply(bookedOnlyProblem)
      if (personality.links === 'none') return reply(200, withoutLinks(listed.value))
      return reply(200, withLinkPrefix(listed.value, linkRoot(request)))
    },
    async createTransactions({ request, params: { mockCardAccountId: id }, body, fixes, psuCorporateId }) {
      const json = parseJsonBody(request.headers.get(headerNames.contentType), body)
      if (!json.ok) {
        // The resource check and the corporate rule come before the body's (docs/decisions.md#error-order).
        const found = await sandbox.getCardAccount(id, { psuCorporateId })
        return problemReply(found.ok ? json.problem : found.problem)
      }
      const added = await sandbox.addTransactions(id, json.value, {
        psuCorporateId,
        futureDates: personality.futureDates,
      })
      if (!added.ok) return problemReply(added.problem)
      const swap = fixes.has(SWAP_AMOUNTS_FIX)
      return reply(201, { transactions: added.value.map((tx) => swapped(tx, swap)) })
    },
    async settleTransactions({ request, params: { mockCardAccountId: id }, body, psuCorporateId }) {
      const json = parseJsonBody(request.headers.get(headerNames.contentType), body)
      if (!json.ok) {
        const found = await sandbox.getCardAccount(id, { psuCorporateId })
        return problemReply(found.ok ? json.problem : found.problem)
      }
      const settled = await sandbox.settleTransactions(id, json.value, { psuCorporateId })
      return settled.ok ? reply(200, settled.value) : problemReply(settled.problem)
    },
    async summarizeTransactions({ url, params, psuCorporateId }) {
      const query = queryObject(url.searchParams)
      const summary = await sandbox.summarizeTransactions(params.mockCardAccountId, query, {
        psuCorporateId,
        bookedOnly: personality.bookedOnly === true,
      })
      return summary.ok ? reply(200, summary.value) : problemReply(summary.problem)
    },
    async getSandboxClock() {
      return reply(200, clockAnswer(clock))
    },
    async setSandboxClock({ request, body }) {
      const json = parseJsonBody(request.headers.get(headerNames.contentType), body)
      if (!json.ok) return problemReply(json.problem)
      const parsed = parseBody(sandboxClockState, json.value)
      if (!parsed.success) return problemReply(parsed.problem)
      clock.set(parsed.data)
      const after = parsed.data.settlePendingAfterDays
      const settled = after === null ? 0 : await sandbox.settlePendingAfter(after)
      return reply(200, { ...clockAnswer(clock), settled })
    },

    // A delete is a write: a corporate account's needs PSU-Corporate-ID as its other writes do.
    async deleteCardAccount({ params: { mockCardAccountId: id }, psuCorporateId }) {
      const found = await sandbox.getCardAccount(id, { psuCorporateId })
      if (!found.ok) return problemReply(found.problem)
      const deleted = await sandbox.deleteCardAccount(id)
      return deleted.ok ? { status: 204 } : problemReply(deleted.problem)
    },
    async deleteTransaction({ params: { mockCardAccountId: id, cardTransactionId }, psuCorporateId }) {
      const found = await sandbox.getCardAccount(id, { psuCorporateId })
      if (!found.ok) return problemReply(found.problem)
      const deleted = await sandbox.deleteTransaction(id, cardTransactionId)
      return deleted.ok ? { status: 204 } : problemReply(deleted.problem)
    },
  }

  async function serve<Params>(
    request: Request,
    params: Params,
    answer: (call: Call<Params>) => Promise<Reply>,
  ): Promise<Response> {
    try {
      const body = new Uint8Array(await request.arrayBuffer())
      // The signature covers X-Request-ID: without a well-formed one there is nothing to verify, and the
      // client's fix is the header, not its key (docs/decisions.md#error-order).
      const malformedId = requestIdProblem(request.headers.get(headerNames.requestId))
      if (malformedId) return respond(request, problemReply(malformedId))
      const denied = await authenticate?.(request, body, personality.signatureRules)
      if (denied) return respond(request, problemReply(denied, challengeOf(denied)))
      const call: Call<Params> = {
        request,
        url: new URL(request.url),
        params,
        body,
        fixes: personality.acceptFix === 'supported' ? acceptedFixes(request.headers) : new Set(),
        psuCorporateId: request.headers.get(headerNames.psuCorporateId) ?? undefined,
      }
      return respond(request, await answer(call))
    } catch (error) {
      return respond(request, problemReply(thrownProblem(error)))
    }
  }

  const routeOf = (request: Request) => {
    const path = scope.servicePath(request)
    return path === undefined ? undefined : matchRoute(request.method, path)
  }

  /** A success answer as the personality writes it; errors keep the contract's tppMessages shape. */
  const answerOf =
    (name: OperationName) =>
    async (call: Call<never>): Promise<Reply> => {
      // After the signature and the route, before the path's resource (docs/decisions.md#error-order).
      const malformed =
        pathParameterProblem(call.params) ??
        psuIdProblem(call.request.headers.get(headerNames.psuId)) ??
        notAcceptableProblem(call.request.headers)
      if (malformed) return problemReply(malformed)
      const answer = await endpoints[name](call)
      if (answer.status >= 300 || answer.body === undefined) return answer
      const body = answerBodyOf(personality.traits, name, answer.body)
      return body === undefined ? { ...answer, body: undefined } : { ...answer, body }
    }

  const offered = operationList.filter(({ name }) => personality.offers.includes(name))
  const operationHandlers = offered.map(({ name }) =>
    http.all(
      ({ request }) => {
        const route = routeOf(request)
        return route?.kind === 'operation' && route.operation.name === name
          ? { matches: true, params: route.params }
          : false
      },
      // The params are the route matcher's, checked against this operation's path by the predicate.
      async ({ request, params }) => {
        const accountId = (params as Record<string, string | undefined>).mockCardAccountId
        const injected = await conditions?.(request, { operation: name, accountId })
        if (injected?.response) return injected.response
        const response = await serve(request, params as never, answerOf(name))
        if (injected?.label) response.headers.set(headerNames.consoleCondition, injected.label)
        return response
      },
    ),
  )

  // Everything else under the sandbox prefix: OPTIONS, a known path with another method, an unknown path.
  const fallback = http.all(
    ({ request }) => scope.servicePath(request) !== undefined,
    ({ request }) => {
      const route = routeOf(request)
      if (route === undefined || route.kind === 'operation') return undefined
      const refusal = refusalOf(request.method, new URL(request.url).pathname, route)
      const headers = refusal.allow === undefined ? {} : { [headerNames.allow]: refusal.allow }
      // OPTIONS reads nothing: it needs no signature, as the proxy answers it without one.
      if (refusal.problem === undefined) return respond(request, { status: refusal.status, headers })
      const answer = problemReply(refusal.problem, headers)
      return serve(request, {}, async () => answer)
    },
  )

  return [...operationHandlers, fallback]
}

/**
 * Requests under `basePath` ('' or '/api' for the page's own origin or any origin in Node, or an absolute
 * base such as 'http://sandbox.test' in tests) whose path is under the sandbox prefix or the console's own
 * are the sandbox's.
 */
function sandboxScope(basePath: string) {
  const absolute = /^[a-z][a-z0-9+.-]*:\/\//i.test(basePath)
  const base = absolute ? new URL(basePath) : undefined
  const prefix = (base ? base.pathname : basePath).replace(/\/+$/, '')
  // The bank's namespace and the console's own.
  const roots = [SANDBOX_PREFIX, CONSOLE_SANDBOX_PREFIX].map((root) => `${prefix}${root}/`)
  return {
    /** The path part of the base, for Location headers and links. */
    prefix,
    /** The request's service-relative path, or undefined when it is not the sandbox's. */
    servicePath(request: Request): string | undefined {
      const url = new URL(request.url)
      const origin = base?.origin ?? globalThis.location?.origin
      if (origin !== undefined && url.origin !== origin) return undefined
      return roots.some((root) => url.pathname.startsWith(root))
        ? url.pathname.slice(prefix.length)
        : undefined
    },
  }
}

/**
 * A 401 says how to authenticate (RFC 9110 §11.6.1): the draft-cavage scheme and the headers every
 * request signs (draft-cavage-http-signatures-10 §3.1.1).
 */
export const SIGNATURE_CHALLENGE = 'Signature realm="sandbox",headers="date digest x-request-id"'

function challengeOf(denied: Problem): Record<string, string> | undefined {
  return denied.status === 401 ? { [headerNames.wwwAuthenticate]: SIGNATURE_CHALLENGE } : undefined
}

const bookedOnlyProblem = problem(
  400,
  'PARAMETER_NOT_SUPPORTED',
  'bookingStatus: this bank lists booked transactions only; send bookingStatus=booked',
  'bookingStatus',
)

/**
 * A bank's own page sizes: no `limit` asks for its default page, and a `limit` above a cap it lowers asks
 * for that cap (a bad `limit` is left for the engine to refuse). The links then carry the limit the page
 * really had.
 */
function withPageSize(
  query: Record<string, string | string[]>,
  { pageSizeDefault, maxPageSize }: Pick<Personality, 'pageSizeDefault' | 'maxPageSize'>,
): Record<string, string | string[]> {
  const { limit } = query
  if (limit === undefined) {
    return pageSizeDefault === DEFAULT_LIMIT ? query : { ...query, limit: String(pageSizeDefault) }
  }
  return maxPageSize !== undefined &&
    typeof limit === 'string' &&
    /^\d+$/.test(limit) &&
    Number(limit) > maxPageSize
    ? { ...query, limit: String(maxPageSize) }
    : query
}

function clockAnswer(clock: SandboxClock): SandboxClockAnswer {
  return { ...clock.state(), today: clock.today(), realToday: clock.realToday() }
}

/** Query parameters as the engine validates them; a repeated parameter becomes a list, which it refuses. */
function queryObject(search: URLSearchParams): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {}
  for (const key of new Set(search.keys())) {
    const values = search.getAll(key)
    query[key] = values.length === 1 ? (values[0] as string) : values
  }
  return query
}

/** A page without `_links`, as a bank that writes none answers. */
function withoutLinks(response: CardTransactionsResponse): CardTransactionsResponse {
  const { _links: _left, ...lists } = response.cardTransactions
  return { ...response, cardTransactions: lists }
}

/** The engine links from the service root; callers reach it under the base path. */
function withLinkPrefix(response: CardTransactionsResponse, prefix: string): CardTransactionsResponse {
  const links = response.cardTransactions._links
  if (!links || prefix === '') return response
  const prefixed = Object.fromEntries(
    Object.entries(links).map(([name, link]) => [name, link && { href: `${prefix}${link.href}` }]),
  )
  return { ...response, cardTransactions: { ...response.cardTransactions, _links: prefixed } }
}
