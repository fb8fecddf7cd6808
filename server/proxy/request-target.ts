import { type Problem, problem, routes } from '../../src/contract'

export const API_PREFIX = '/api'

export type RequestTarget = { ok: true; path: string; query: string } | { ok: false; problem: Problem }

/**
 * Accepts only origin-form targets (`/path?query`) whose path cannot be read as another path by anything
 * downstream: no absolute-form (`http://evil/`), no `//host`, no backslashes, no dot segments and no
 * percent-encoded dot, slash, backslash, percent, control character or byte outside ASCII. Those encodings
 * have no honest use in this API's paths, and refusing them here means neither the static files nor the
 * upstream ever see a path that normalises differently from how we matched it.
 */
export function parseRequestTarget(target: string | undefined): RequestTarget {
  const raw = target ?? ''
  const queryStart = raw.indexOf('?')
  const path = queryStart === -1 ? raw : raw.slice(0, queryStart)
  const query = queryStart === -1 ? '' : raw.slice(queryStart + 1)
  const refusal = unsafePath(path)
  if (refusal !== undefined) return { ok: false, problem: problem(400, 'FORMAT_ERROR', refusal) }
  return { ok: true, path, query }
}

function unsafePath(path: string): string | undefined {
  if (!path.startsWith('/')) return 'The request target must be a path starting with "/"'
  if (path.includes('\\')) return 'Backslashes are not allowed in the request path'
  if (path.includes('//')) return 'Empty path segments ("//") are not allowed'
  for (const percent of path.matchAll(/%(.{0,2})/g)) {
    const hex = percent[1] ?? ''
    if (!/^[0-9a-f]{2}$/i.test(hex)) return 'Malformed percent-encoding in the request path'
    const code = Number.parseInt(hex, 16)
    // Bytes 0x80-0xFF only ever spell non-ASCII, overlong (%c0%ae) or full-width (%ef%bc%8e) look-alikes.
    if ('./\\%'.includes(String.fromCharCode(code)) || code < 0x20 || code >= 0x7f) {
      return `Encoded "%${hex}" is not allowed in the request path`
    }
  }
  if (path.split('/').some((segment) => segment === '.' || segment === '..')) {
    return 'Dot segments ("." and "..") are not allowed in the request path'
  }
  return undefined
}

export function isApiPath(path: string): boolean {
  return path === API_PREFIX || path.startsWith(`${API_PREFIX}/`)
}

/** The operation's routes and the methods the proxy forwards for each; nothing else leaves the proxy. */
const operations: ReadonlyArray<{ pattern: string; methods: readonly string[] }> = [
  { pattern: routes.cardAccounts, methods: ['GET', 'POST'] },
  { pattern: routes.cardAccount, methods: ['GET'] },
  { pattern: routes.transactions, methods: ['GET', 'POST'] },
]

export type ApiRoute = { ok: true; upstreamPath: string } | { ok: false; problem: Problem; allow?: string }

/** Maps `/api/v1/sandbox/...` to the upstream path `/v1/sandbox/...` if it is one of the operation's routes. */
export function matchApiRoute(method: string, path: string): ApiRoute {
  const upstreamPath = path.slice(API_PREFIX.length)
  const operation = operations.find(({ pattern }) => matchesPattern(pattern, upstreamPath))
  if (operation === undefined) {
    return { ok: false, problem: problem(404, 'RESOURCE_UNKNOWN', `No sandbox resource at ${path}`) }
  }
  if (!operation.methods.includes(method)) {
    const allow = operation.methods.join(', ')
    return {
      ok: false,
      problem: problem(405, 'SERVICE_INVALID', `${method} is not supported on ${path}; use ${allow}`),
      allow,
    }
  }
  return { ok: true, upstreamPath }
}

/** msw-style patterns from the contract: `:name` matches one non-empty segment. */
function matchesPattern(pattern: string, path: string): boolean {
  const expected = pattern.split('/')
  const actual = path.split('/')
  return (
    expected.length === actual.length &&
    expected.every((segment, i) => {
      const value = actual[i] ?? ''
      return segment.startsWith(':') ? value !== '' : segment === value
    })
  )
}
