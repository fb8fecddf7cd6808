import type { IncomingMessage, ServerResponse } from 'node:http'
import { echoedRequestId, headerNames, type Problem, type RouteRefusal, tppMessagesOf } from '../src/contract'

export function problemBody(p: Problem): string {
  return JSON.stringify(tppMessagesOf(p))
}

/** The X-Request-ID an answer of this server echoes (Node joins a repeated header, so it is never one UUID). */
export function callerRequestId(req: IncomingMessage): string | undefined {
  return echoedRequestId(req.headers[headerNames.requestId.toLowerCase()])
}

/** Answers a problem the server decided itself, in the same tppMessages shape as the sandbox's own errors. */
export function sendProblem(
  req: IncomingMessage,
  res: ServerResponse,
  p: Problem,
  extraHeaders: Record<string, string> = {},
): void {
  const body = problemBody(p)
  const requestId = callerRequestId(req)
  // setHeader rather than writeHead's object, so the access log can read X-Request-ID back.
  setHeaders(res, {
    [headerNames.contentType]: 'application/json',
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': 'no-store',
    ...(requestId === undefined ? {} : { [headerNames.requestId]: requestId }),
    ...extraHeaders,
  })
  res.writeHead(p.status)
  res.end(body)
}

/** Answers a request no operation takes (OPTIONS, 404, 405) as the contract says every server does. */
export function sendRefusal(req: IncomingMessage, res: ServerResponse, refusal: RouteRefusal): void {
  const allow = refusal.allow === undefined ? {} : { [headerNames.allow]: refusal.allow }
  if (refusal.problem !== undefined) {
    sendProblem(req, res, refusal.problem, allow)
    return
  }
  const requestId = callerRequestId(req)
  setHeaders(res, { ...allow, ...(requestId === undefined ? {} : { [headerNames.requestId]: requestId }) })
  res.writeHead(refusal.status)
  res.end()
}

export function setHeaders(
  res: ServerResponse,
  headers: Record<string, string | string[] | undefined>,
): void {
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value)
}
