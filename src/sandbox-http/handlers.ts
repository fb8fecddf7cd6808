import { http, type RequestHandler } from 'msw'
import {
  acceptedFixes,
  type CardTransactionsResponse,
  type KnownFix,
  type Problem,
  paths,
  problem,
  problemFromZod,
  requestId as requestIdSchema,
} from '../contract'
import { type Sandbox, unknownCardAccount } from '../sandbox'
import { parseJsonBody } from './request-body'
import { internalProblem, problemReply, type Reply, reply, toResponse } from './respond'
import { type RouteName, routeMethods, sandboxPaths } from './routes'

/**
 * The signature seam: runs before every other check and answers its problem (401) when it returns
 * one. It gets the body bytes exactly as received, for the Digest.
 */
export type Authenticate = (request: Request, body: Uint8Array) => Promise<Problem | null>

export interface SandboxHandlerOptions {
  sandbox: Sandbox
  /** Where the sandbox paths start: '' upstream, '/api' in the browser, an absolute URL in tests. */
  basePath?: string
  authenticate?: Authenticate
}

/** What an endpoint gets once authentication and the shared headers passed. */
interface Call {
  request: Request
  url: URL
  id: string
  body: Uint8Array
  fixes: Set<KnownFix>
  psuCorporateId: string | undefined
}

type Endpoint = (call: Call) => Promise<Reply>

/**
 * msw handlers of the sandbox operation: HTTP glue only. Each request is read once, then checked in
 * the order of design.md §3: authentication (401), headers (400), the path's resource (404), query and
 * body (400); the engine does the domain checks and answers errors as values.
 */
export function createSandboxHandlers({
  sandbox,
  basePath = '',
  authenticate,
}: SandboxHandlerOptions): RequestHandler[] {
  const { prefix, match } = sandboxPaths(basePath)

  const endpoints: Record<RouteName, Partial<Record<'GET' | 'POST', Endpoint>>> = {
    cardAccounts: {
      async GET() {
        return reply(200, { cardAccounts: await sandbox.listCardAccounts() })
      },
      async POST({ request, body, fixes }) {
        const json = parseJsonBody(request.headers.get('content-type'), body)
        if (!json.ok) return problemReply(json.problem)
        const created = await sandbox.createCardAccount(json.value, { fixes })
        if (!created.ok) return problemReply(created.problem)
        return reply(201, created.value, {
          Location: `${prefix}${paths.cardAccount(created.value.resourceId)}`,
        })
      },
    },
    cardAccount: {
      async GET({ id, psuCorporateId }) {
        const found = await sandbox.getCardAccount(id, { psuCorporateId })
        return found.ok ? reply(200, found.value) : problemReply(found.problem)
      },
    },
    transactions: {
      async GET({ url, id, fixes, psuCorporateId }) {
        const listed = await sandbox.listTransactions(id, queryObject(url.searchParams), {
          fixes,
          psuCorporateId,
        })
        return listed.ok ? reply(200, withLinkPrefix(listed.value, prefix)) : problemReply(listed.problem)
      },
      async POST({ request, id, body }) {
        const json = parseJsonBody(request.headers.get('content-type'), body)
        if (!json.ok) {
          // The resource check comes before the body's.
          if (!(await sandbox.hasCardAccount(id))) {
            return problemReply(unknownCardAccount(id))
          }
          return problemReply(json.problem)
        }
        const added = await sandbox.addTransactions(id, json.value)
        return added.ok ? reply(201, { transactions: added.value }) : problemReply(added.problem)
      },
    },
  }

  async function serve(request: Request, answer: (call: Call) => Promise<Reply>): Promise<Response> {
    try {
      const body = new Uint8Array(await request.arrayBuffer())
      const denied = await authenticate?.(request, body)
      if (denied) return toResponse(request, problemReply(denied))
      const requestId = requestIdSchema.safeParse(request.headers.get('x-request-id') ?? undefined)
      if (!requestId.success)
        return toResponse(request, problemReply(problemFromZod(requestId.error, 'X-Request-ID')))
      const url = new URL(request.url)
      const target = match(request.url)
      const call: Call = {
        request,
        url,
        id: target && target.route !== 'unknown' ? target.id : '',
        body,
        fixes: acceptedFixes(request.headers),
        psuCorporateId: request.headers.get('psu-corporate-id') ?? undefined,
      }
      return toResponse(request, await answer(call))
    } catch (error) {
      return toResponse(request, problemReply(internalProblem(error)))
    }
  }

  const on =
    (route: RouteName) =>
    ({ request }: { request: Request }) =>
      match(request.url)?.route === route

  const routeHandlers = (Object.keys(endpoints) as RouteName[]).flatMap((route) =>
    (['GET', 'POST'] as const).flatMap((method) => {
      const endpoint = endpoints[route][method]
      if (!endpoint) return []
      const register = method === 'GET' ? http.get : http.post
      return [register(on(route), ({ request }) => serve(request, endpoint))]
    }),
  )

  // Everything else under the sandbox prefix: a known path with another method, or an unknown path.
  const fallback = http.all(
    ({ request }) => match(request.url) !== undefined,
    ({ request }) =>
      serve(request, async () => {
        const target = match(request.url)
        if (target && target.route !== 'unknown') {
          const allowed = routeMethods[target.route]
          return problemReply(
            problem(
              405,
              'SERVICE_INVALID',
              `${request.method} is not supported here; use ${allowed.join(' or ')}`,
            ),
          )
        }
        return problemReply(
          problem(404, 'RESOURCE_UNKNOWN', `no sandbox endpoint at ${new URL(request.url).pathname}`),
        )
      }),
  )

  return [...routeHandlers, fallback]
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

/** The engine links from the service root; callers reach it under the base path. */
function withLinkPrefix(response: CardTransactionsResponse, prefix: string): CardTransactionsResponse {
  const links = response.cardTransactions._links
  if (!links || prefix === '') return response
  const prefixed = Object.fromEntries(
    Object.entries(links).map(([name, link]) => [name, link && { href: `${prefix}${link.href}` }]),
  )
  return { ...response, cardTransactions: { ...response.cardTransactions, _links: prefixed } }
}
