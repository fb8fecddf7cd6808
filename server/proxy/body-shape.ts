import { isJsonNumber, type Problem, problem } from '../../src/contract'
import { type JsonShape, matchRoute } from '../../src/contract/operations'
import { readJsonBody } from '../../src/contract/request-body'

const described: Record<JsonShape, string> = { object: 'a JSON object', array: 'a JSON array' }

/**
 * Why `body` must not be signed for a `method` request to `upstreamPath`, if it must not. Only POST carries a
 * body upstream. The proxy signs whatever body it is handed, so it refuses one that cannot be meant for the
 * route: not UTF-8 JSON at all (said in the sandbox's words), or a top-level shape the operation table does
 * not give the route. Checking the fields is the bank's job.
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
  // Unreadable in the sandbox's own words: the proxy stands in front of it (and of a bank).
  const json = readJsonBody(body)
  if (!json.ok) return json.problem
  const { value } = json
  const shape = Array.isArray(value)
    ? 'array'
    : value !== null && typeof value === 'object' && !isJsonNumber(value)
      ? 'object'
      : undefined
  if (shape !== undefined && shapes.includes(shape)) return undefined
  return problem(400, 'FORMAT_ERROR', `The request body must be ${what}, not ${jsonKind(value)}`)
}

function jsonKind(value: unknown): string {
  if (Array.isArray(value)) return 'an array'
  if (value === null) return 'null'
  if (isJsonNumber(value)) return 'a number'
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`
}
