import type { IncomingMessage, ServerResponse } from 'node:http'
import { type Problem, type TppMessagesBody, UUID } from '../src/contract'

export function problemBody(p: Problem): string {
  const body: TppMessagesBody = { tppMessages: p.messages }
  return JSON.stringify(body)
}

/** The caller's X-Request-ID when it is one valid UUID (a repeated header arrives joined, so it is not). */
export function callerRequestId(req: IncomingMessage): string | undefined {
  const value = req.headers['x-request-id']
  return typeof value === 'string' && UUID.test(value) ? value : undefined
}

/** Answers a problem the proxy decided itself, in the same tppMessages shape as the sandbox's own errors. */
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
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': 'no-store',
    ...(requestId === undefined ? {} : { 'x-request-id': requestId }),
    ...extraHeaders,
  })
  res.writeHead(p.status)
  res.end(body)
}

export function setHeaders(
  res: ServerResponse,
  headers: Record<string, string | string[] | undefined>,
): void {
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value)
}
