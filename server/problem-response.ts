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
  res.writeHead(p.status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    ...(requestId === undefined ? {} : { 'x-request-id': requestId }),
    ...extraHeaders,
  })
  res.end(body)
}
