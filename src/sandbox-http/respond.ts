import { type Problem, requestId as requestIdSchema, type TppMessagesBody } from '../contract'

/** What an endpoint answers, before the shared headers are added. */
export interface Reply {
  status: number
  body: unknown
  headers?: Record<string, string>
}

export function reply(status: number, body: unknown, headers?: Record<string, string>): Reply {
  return { status, body, ...(headers ? { headers } : {}) }
}

export function problemReply({ status, messages }: Problem): Reply {
  const body: TppMessagesBody = { tppMessages: messages }
  return { status, body }
}

/** Last resort for a bug: still a tppMessages body, never an HTML page or a dropped connection. */
export function internalProblem(error: unknown): Problem {
  const detail = error instanceof Error ? error.message : String(error)
  return {
    status: 500,
    messages: [{ category: 'ERROR', code: 'INTERNAL_SERVER_ERROR', text: `the sandbox failed: ${detail}` }],
  }
}

/** The request's X-Request-ID when it is a valid UUID: only then is it echoed. */
export function echoableRequestId(request: Request): string | undefined {
  const parsed = requestIdSchema.safeParse(request.headers.get('x-request-id') ?? undefined)
  return parsed.success ? parsed.data : undefined
}

export function toResponse(request: Request, { status, body, headers }: Reply): Response {
  const out = new Headers(headers)
  out.set('Content-Type', 'application/json')
  const requestId = echoableRequestId(request)
  if (requestId !== undefined) out.set('X-Request-ID', requestId)
  // HEAD answers carry the headers only.
  return new Response(request.method === 'HEAD' ? null : JSON.stringify(body), { status, headers: out })
}
