import { type Problem, problem } from '../../src/contract'
import { type JsonShape, matchRoute } from '../../src/contract/operations'

const utf8 = new TextDecoder('utf-8', { fatal: true })

const described: Record<JsonShape, string> = { object: 'a JSON object', array: 'a JSON array' }

/**
 * Why `body` must not be signed for a `method` request to `upstreamPath`, if it must not. Only POST carries a
 * body upstream. The proxy signs whatever body it is handed, so it refuses one that cannot be meant for the
 * route: not UTF-8 JSON at all, or a top-level shape the operation table does not give the route. Checking the
 * fields is the bank's job.
 */
export function bodyShapeProblem(
  method: string,
  upstreamPath: string,
  body: Uint8Array,
): Problem | undefined {
  if (method !== 'POST') return undefined
  const route = matchRoute('POST', upstreamPath)
  const shapes = route.kind === 'operation' ? route.operation.bodyShapes : undefined
  if (shapes === undefined) return undefined
  const what = shapes.map((shape) => described[shape]).join(' or ')
  let value: unknown
  try {
    value = JSON.parse(utf8.decode(body))
  } catch {
    return problem(400, 'FORMAT_ERROR', `The request body must be JSON: ${what}`)
  }
  const shape = Array.isArray(value)
    ? 'array'
    : value !== null && typeof value === 'object'
      ? 'object'
      : undefined
  if (shape !== undefined && shapes.includes(shape)) return undefined
  return problem(400, 'FORMAT_ERROR', `The request body must be ${what}, not ${jsonKind(value)}`)
}

function jsonKind(value: unknown): string {
  if (Array.isArray(value)) return 'an array'
  if (value === null) return 'null'
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`
}
