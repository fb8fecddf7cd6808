import type { IncomingHttpHeaders } from 'node:http'
import { meantParameter, type Problem, problem } from '../../src/contract'
import { type Operation, pathParameterProblem } from '../../src/contract/operations'
import { contentTypeProblem } from '../../src/contract/request-body'

/**
 * The proxy forwards only what the operation defines (src/contract/operations.ts is the one list): every
 * other part of a request would be signed with the TPP's key for nothing the console needs, and may mean
 * something else to the bank's gateway (`;` path parameters, a form-encoded body, `?_method=DELETE`). The
 * headers it forwards: src/signing/forwarded-headers.ts.
 */

/**
 * Why the request is not one of `operation`'s: a path parameter outside the contract's character set, a
 * query parameter the operation has not, a body that is not `application/json`. Undefined when it is.
 */
export function operationRequestProblem(
  operation: Operation,
  params: Readonly<Record<string, string>>,
  query: string,
  headers: IncomingHttpHeaders,
): Problem | undefined {
  const malformed = pathParameterProblem(params)
  if (malformed !== undefined) return malformed
  const unknownParameter = unknownQueryParameter(operation, query)
  if (unknownParameter !== undefined) return unknownParameter
  const type = headers['content-type']
  // None is the bank's to judge; one that is not JSON in UTF-8 is refused as the sandbox refuses it.
  if (operation.body !== undefined && type !== undefined) return contentTypeProblem(type)
  return undefined
}

/** The first query parameter `operation` does not take, named with what was plainly meant, if anything. */
function unknownQueryParameter(operation: Operation, query: string): Problem | undefined {
  const allowed = queryNames(operation)
  const name = [...new URLSearchParams(query).keys()].find((key) => !allowed.has(key))
  if (name === undefined) return undefined
  const meant = meantParameter(name, [...allowed])
  const takes = allowed.size === 0 ? 'takes no query parameters' : `takes ${[...allowed].join(', ')}`
  const what = meant === undefined ? `, which ${takes}` : `: use ${meant}`
  const text = `${name} is not a query parameter of ${operation.method} ${operation.path}${what}`
  return problem(400, 'PARAMETER_NOT_SUPPORTED', text, name)
}

function queryNames(operation: Operation): ReadonlySet<string> {
  const schema = operation.query as { shape?: Record<string, unknown> } | undefined
  return new Set(Object.keys(schema?.shape ?? {}))
}
