import { echoedRequestId, headerNames, type Problem, problem, tppMessagesOf } from '../contract'
import { isStoreFullError, isStoreUnreadableError } from '../sandbox'
import { ANSWER_CHARSET, ANSWER_MEDIA_TYPE } from './negotiation'

/** Said in full, as spec §4 has a client ask with Accept-Charset. */
const JSON_ANSWER_TYPE = `${ANSWER_MEDIA_TYPE}; charset=${ANSWER_CHARSET}`

/** What an endpoint answers, before the shared headers are added; no body for a 204. */
export interface Reply {
  status: number
  body?: unknown
  headers?: Record<string, string>
}

/** A body already written as JSON text: number literals that JSON.stringify cannot write (src/contract/json.ts). */
export class JsonText {
  constructor(readonly text: string) {}
}

export function reply(status: number, body: unknown, headers?: Record<string, string>): Reply {
  return { status, body, ...(headers ? { headers } : {}) }
}

export function problemReply(p: Problem, headers?: Record<string, string>): Reply {
  return reply(p.status, tppMessagesOf(p), headers)
}

/** Last resort for a bug: still a tppMessages body, never an HTML page or a dropped connection. */
export function internalProblem(error: unknown): Problem {
  const detail = error instanceof Error ? error.message : String(error)
  return problem(500, 'INTERNAL_SERVER_ERROR', `the sandbox failed: ${detail}`)
}

/**
 * What the engine threw, as an answer: a store that cannot be read is a 503 (the console offers its
 * recovery for that code, and the text says what is wrong), a full one a 507; anything else is a bug.
 */
export function thrownProblem(error: unknown): Problem {
  if (isStoreUnreadableError(error)) return problem(503, 'STORE_UNREADABLE', error.message)
  // A full browser store is no bug: 507, as a write past the store caps is.
  if (isStoreFullError(error)) return problem(507, 'STORE_FULL', error.message)
  return internalProblem(error)
}

export function toResponse(request: Request, { status, body, headers }: Reply): Response {
  const out = new Headers(headers)
  const requestId = echoedRequestId(request.headers.get(headerNames.requestId))
  if (requestId !== undefined) out.set(headerNames.requestId, requestId)
  if (body === undefined) return new Response(null, { status, headers: out })
  // An answer may name its own media type (problem details); JSON otherwise.
  if (!out.has(headerNames.contentType)) out.set(headerNames.contentType, JSON_ANSWER_TYPE)
  // HEAD answers carry the headers only.
  const text = body instanceof JsonText ? body.text : JSON.stringify(body)
  return new Response(request.method === 'HEAD' ? null : text, { status, headers: out })
}
