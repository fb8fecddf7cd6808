import { type Problem, problem } from './errors'
import { API_BASE, type OperationName, type Route, routeList } from './routes'

/**
 * What a request's method and service-relative path come to, by the operation table (`R`: its routes, or
 * its whole operations).
 */
export type RouteMatch<R extends Route = Route> =
  /** HEAD finds the GET operation: it is answered like GET, without the body. */
  | { kind: 'operation'; operation: R; params: Readonly<Record<string, string>> }
  /** A known path asked what it allows. */
  | { kind: 'options'; allow: readonly string[] }
  | { kind: 'method-not-allowed'; allow: readonly string[] }
  | { kind: 'unknown' }

export type RouteMiss = Exclude<RouteMatch<Route>, { kind: 'operation' }>

/** A path segment of the table: a literal, or the name of a parameter (`{mockCardAccountId}`). */
type Segment = { literal: string; param?: never } | { param: string; literal?: never }

interface Place<R> {
  segments: readonly Segment[]
  byMethod: ReadonlyMap<string, R>
  /** The Allow list: HEAD wherever GET is allowed, and OPTIONS everywhere. */
  allow: readonly string[]
}

export type RouteMatcher<R extends Route = Route> = (method: string, path: string) => RouteMatch<R>

/**
 * The matcher of a sandbox that offers `offered` (a subset of the table: the platform has no account
 * list, so there the list's path allows POST only and a GET is 405).
 */
export function createRouteMatcher<R extends Route>(offered: readonly R[]): RouteMatcher<R> {
  // Each operation at its path and at the paths it had before (deprecated, still answered).
  const placed = offered.flatMap((operation) =>
    [operation.path, ...(operation.deprecatedPaths ?? [])].map((path) => ({ path, operation })),
  )
  let routes: readonly Place<R>[] = [...new Set(placed.map(({ path }) => path))].map((path) => {
    const sharing = placed.filter((entry) => entry.path === path).map(({ operation }) => operation)
    return {
      // Parsed once here, not at every request.
      segments: path.split('/').map((part): Segment => {
        const param = /^\{(\w+)\}$/.exec(part)?.[1]
        return param === undefined ? { literal: part } : { param }
      }),
      byMethod: new Map(sharing.map((operation) => [operation.method, operation])),
      allow: [...sharing.flatMap(({ method }) => (method === 'GET' ? ['GET', 'HEAD'] : [method])), 'OPTIONS'],
    }
  })
  // A literal segment wins over a parameter in the same place (`.../transactions/summary` is not the
  // transaction `summary`) for the methods it takes: the route with fewer parameters is tried first,
  // whatever the table's order. A method only the parameter's route takes goes there, so a DELETE of the
  // transaction `summary` is that delete, not a 405 of the summary.
  const paramsOf = (route: Place<R>) => route.segments.filter((segment) => segment.param !== undefined).length
  routes = [...routes].sort((a, b) => paramsOf(a) - paramsOf(b))
  return (method, path) => {
    const actual = path.split('/')
    let miss: RouteMiss | undefined
    for (const route of routes) {
      const params = matchSegments(route.segments, actual)
      if (params === undefined) continue
      const operation = route.byMethod.get(method === 'HEAD' ? 'GET' : method)
      if (operation !== undefined) return { kind: 'operation', operation, params }
      miss ??= { kind: method === 'OPTIONS' ? 'options' : 'method-not-allowed', allow: route.allow }
    }
    return miss ?? { kind: 'unknown' }
  }
}

/**
 * Which operation a request is, by the table's routes alone (the console names and follows its requests
 * with it; `matchRoute` of src/contract/operations.ts gives the whole operation): a service-relative path
 * (`/v1/sandbox/...`, still percent-encoded, no query), matched segment by segment. A parameter is one
 * non-empty segment, decoded; one that does not decode (a malformed escape such as `%E0`) matches nothing.
 */
export const matchOperation: RouteMatcher<Route> = createRouteMatcher(routeList)

function matchSegments(
  expected: readonly Segment[],
  actual: readonly string[],
): Record<string, string> | undefined {
  if (expected.length !== actual.length) return undefined
  const params: Record<string, string> = {}
  for (let i = 0; i < expected.length; i++) {
    const segment = expected[i] as Segment
    const value = actual[i] ?? ''
    if (segment.param === undefined) {
      if (value !== segment.literal) return undefined
      continue
    }
    const decoded = value === '' ? undefined : decodeSegment(value)
    if (decoded === undefined) return undefined
    params[segment.param] = decoded
  }
  return params
}

function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment)
  } catch {
    return undefined
  }
}

/** What a request no operation takes is answered, the same by the sandbox and the proxy. */
export interface RouteRefusal {
  status: 204 | 404 | 405
  /** The error answer; none for OPTIONS's 204. */
  problem?: Problem
  /** The Allow header's value, on a known path. */
  allow?: string
}

/** `path` is the request's path as its caller sent it (under /api in the console), for the message. */
export function refusalOf(method: string, path: string, miss: RouteMiss): RouteRefusal {
  switch (miss.kind) {
    case 'options':
      return { status: 204, allow: miss.allow.join(', ') }
    case 'method-not-allowed': {
      const allow = miss.allow.join(', ')
      const text = `${method} is not allowed on ${path}; allowed: ${allow}`
      return { status: 405, problem: problem(405, 'SERVICE_INVALID', text), allow }
    }
    case 'unknown':
      return { status: 404, problem: problem(404, 'RESOURCE_UNKNOWN', `No sandbox endpoint at ${path}`) }
  }
}

/** The operation a request of the console is, by its method and URL (`/api/...` or service-relative). */
export function operationOf(method: string, url: string): OperationName | undefined {
  const path = url.split(/[?#]/, 1)[0] ?? ''
  const servicePath = path.startsWith(`${API_BASE}/`) ? path.slice(API_BASE.length) : path
  const match = matchOperation(method, servicePath)
  return match.kind === 'operation' ? match.operation.name : undefined
}
