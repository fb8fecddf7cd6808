import { type Problem, problem, routes } from '../../src/contract'

type JsonShape = 'object' | 'array'

/**
 * The top-level JSON shape each POST route takes (a card account is one object; transactions come as an
 * array, or one object). The proxy signs whatever body it is handed, so it refuses one that cannot be meant
 * for the route: not UTF-8 JSON at all, or the other route's shape. Checking the fields is the bank's job.
 */
const postBodies: ReadonlyArray<{ route: RegExp; takes: readonly JsonShape[]; what: string }> = [
  { route: routePattern(routes.cardAccounts), takes: ['object'], what: 'a card account object' },
  {
    route: routePattern(routes.transactions),
    takes: ['array', 'object'],
    what: 'an array of transactions or one transaction object',
  },
]

const utf8 = new TextDecoder('utf-8', { fatal: true })

/** Why `body` must not be signed for a POST to `upstreamPath` (a path of the contract's routes), if it must not. */
export function bodyShapeProblem(upstreamPath: string, body: Uint8Array): Problem | undefined {
  const expected = postBodies.find(({ route }) => route.test(upstreamPath))
  if (expected === undefined) return undefined
  let value: unknown
  try {
    value = JSON.parse(utf8.decode(body))
  } catch {
    return problem(400, 'FORMAT_ERROR', `The request body must be JSON: ${expected.what}`)
  }
  const shape = Array.isArray(value)
    ? 'array'
    : value !== null && typeof value === 'object'
      ? 'object'
      : undefined
  if (shape !== undefined && expected.takes.includes(shape)) return undefined
  return problem(400, 'FORMAT_ERROR', `The request body must be ${expected.what}, not ${jsonKind(value)}`)
}

function jsonKind(value: unknown): string {
  if (Array.isArray(value)) return 'an array'
  if (value === null) return 'null'
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`
}

/** A contract route (`:name` stands for one segment) as an anchored RegExp. */
function routePattern(route: string): RegExp {
  return new RegExp(`^${route.replace(/:[^/]+/g, '[^/]+')}$`)
}
