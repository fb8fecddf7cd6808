/**
 * Every API request goes through a transport: the one place that sends a request and records it for the
 * inspector. It sends it unsigned in both modes: the proxy signs it, or offline the stand-in for the proxy in
 * the offline runtime (src/sandbox-http/proxy-stand-in.ts), and the answer's X-Console-Trace says what was
 * signed. The app builds one at start (see `createApiClient`), with the offline worker in offline mode.
 */
import { conditionNamed, headerNames } from '../contract'
import { consoleFetch } from './console-secret'
import { readConsoleTrace, type UpstreamRequest, upstreamAnswerOf } from './console-trace'
import { RequestTimeoutError, type StrayAnswer, UnreachableError } from './errors'
import type { Mode } from './mode'
import type { ProxyAnswers } from './proxy-answers'
import type { RequestLog, RequestLogEntry } from './request-log'
import type { SigningInfo } from './request-signer'
import { readVerification, type Verification } from './verification'

const CANCELLED = 'cancelled by the console before the answer came: the view it was for had changed'

/** Sends `request` (never consumed: each attempt sends a clone) and returns the sandbox's answer. */
export type Transport = (request: Request) => Promise<Response>

/** Offline mode: the in-browser sandbox's worker, as far as the transport needs to know it. */
export interface OfflineWorker {
  /** Whether the worker answered the request with this X-Request-ID (and forgets it). */
  answered(requestId: string): boolean
  /** Re-starts a worker that stopped intercepting (an idle tab's service worker is stopped by the browser). */
  restart(): Promise<void>
}

export interface TransportOptions {
  mode: Mode
  log: RequestLog
  offline?: OfflineWorker | undefined
  /** The console's own request timeout, read at each request; none when not given (tests). */
  timeoutMs?: (() => number) | undefined
  /** The condition that fired for a request that got no HTTP answer (it carries no header to say so). */
  conditionOf?: ((requestId: string) => Promise<string | undefined>) | undefined
  /** Told of every answer, and of a request that got none (src/api/proxy-answers.ts). */
  proxyAnswers?: ProxyAnswers | undefined
}

/** Thrown inside the transport when whatever answered is not the sandbox's API. */
class NotTheSandbox extends Error {
  constructor(
    detail: string,
    readonly answer?: StrayAnswer,
  ) {
    super(detail)
  }
}

/** What the inspector records of a request besides what was sent: its answer, or why it got none. */
interface Outcome {
  status?: number
  failure?: string
  cancelled?: true
  responseHeaders?: [string, string][]
  responseBody?: string
  verification?: Verification
  upstream?: UpstreamRequest
  linksMapped?: NonNullable<RequestLogEntry['linksMapped']>
  signing?: SigningInfo
  condition?: string | undefined
}
type RecordOutcome = (outcome: Outcome) => void

export function createTransport({
  mode,
  log,
  offline,
  timeoutMs,
  conditionOf,
  proxyAnswers,
}: TransportOptions): Transport {
  const unreachable = (error: unknown): unknown =>
    error instanceof NotTheSandbox ? new UnreachableError(mode, error.message, error.answer) : error

  /**
   * The answer to `request`, within the console's timeout. A request that got none is recorded, and thrown
   * as what stopped it: the timeout, the caller giving up, a condition's reset, or the network.
   */
  const fetchWithinTimeout = async (
    request: Request,
    requestId: string,
    record: RecordOutcome,
  ): Promise<Response> => {
    const limitMs = timeoutMs?.()
    const limit = limitMs === undefined ? undefined : AbortSignal.timeout(limitMs)
    try {
      const response = await consoleFetch(
        request,
        limit ? { signal: AbortSignal.any([request.signal, limit]) } : {},
      )
      proxyAnswers?.heard(response)
      return response
    } catch (error) {
      if (limit?.aborted && limitMs !== undefined && !request.signal.aborted) {
        const condition = await conditionOf?.(requestId)
        record({ failure: `no answer within the console's request timeout (${limitMs} ms)`, condition })
        throw new RequestTimeoutError(mode, limitMs, condition)
      }
      throw await noAnswer(error, request.signal, requestId, record)
    }
  }

  /**
   * What a request that got no answer, other than by the console's timeout, is thrown as, once recorded:
   * the caller's own abort, a condition's reset, or a network error.
   */
  const noAnswer = async (
    error: unknown,
    signal: AbortSignal,
    requestId: string,
    record: RecordOutcome,
  ): Promise<unknown> => {
    if (signal.aborted) {
      // The request left before the console gave up on it (a newer view replaced its read): the sandbox
      // may have counted it (a quota, a signature's one use), so the inspector shows it. Recorded at once,
      // not after asking for its condition: the inspector lists by arrival, and the read that replaced it
      // must come above it.
      record({ failure: CANCELLED, cancelled: true })
      return error
    }
    const failure = `network error (${error instanceof Error ? error.message : String(error)})`
    const condition = await conditionOf?.(requestId)
    record({ failure, condition })
    // A connection a condition dropped is the failure the tester asked for: no restart, no retry.
    if (condition !== undefined)
      return new UnreachableError(
        mode,
        `${failure}; ${conditionNamed(condition)} dropped it`,
        undefined,
        condition,
      )
    // No answer, and no condition dropped it: the proxy is stopped or restarting (the header says so).
    if (mode === 'proxy') proxyAnswers?.noAnswer()
    return new NotTheSandbox(failure)
  }

  const attempt = async (original: Request): Promise<Response> => {
    const request = original.clone()
    const requestBody = request.method === 'GET' ? undefined : await request.clone().text()
    const requestHeaders = [...request.headers]
    const url = new URL(request.url)
    const startedAt = Date.now()
    const t0 = performance.now()
    const record: RecordOutcome = ({ condition, ...fields }) =>
      log.addRequest({
        startedAt,
        method: request.method,
        url: url.pathname + url.search,
        durationMs: Math.round(performance.now() - t0),
        requestHeaders,
        responseHeaders: [],
        ...(requestBody === undefined ? {} : { requestBody }),
        ...fields,
        ...(condition === undefined ? {} : { condition }),
      })

    const requestId = request.headers.get(headerNames.requestId) ?? ''
    const response = await fetchWithinTimeout(request, requestId, record)
    const responseBody = await bodyOf(response, request.signal, record)
    const trace = readConsoleTrace(response.headers)
    record(answerOutcome(response, responseBody, trace))
    const stray = notTheSandbox(response, responseBody, { requestId, path: url.pathname, trace, offline })
    if (stray) throw stray
    if (response.ok && request.method !== 'GET' && request.method !== 'HEAD') proxyAnswers?.wrote()
    return response
  }

  return async (request) => {
    try {
      return await attempt(request)
    } catch (error) {
      // An idle msw worker stops intercepting: the request then reaches the server behind it (a static
      // page, a 404, even a proxy's JSON) or nothing at all. Re-start the worker once and retry instead
      // of showing a network error or someone else's data.
      if (!(error instanceof NotTheSandbox) || !offline) throw unreachable(error)
      await offline.restart()
      try {
        return await attempt(request)
      } catch (retryError) {
        throw unreachable(retryError)
      }
    }
  }
}

/**
 * The answer's body. One that breaks off after the answer began (the console gave up on it, or the
 * connection dropped) is recorded, since the sandbox answered and may have counted it, and thrown.
 */
async function bodyOf(response: Response, signal: AbortSignal, record: RecordOutcome): Promise<string> {
  try {
    return await response.clone().text()
  } catch (error) {
    const fields = { status: response.status, responseHeaders: [...response.headers] }
    if (signal.aborted) record({ ...fields, failure: CANCELLED, cancelled: true })
    else
      record({
        ...fields,
        failure: `the answer broke off (${error instanceof Error ? error.message : String(error)})`,
      })
    throw error
  }
}

/** What the inspector shows of an answer: the sandbox's verification verdict and the proxy's trace with it. */
function answerOutcome(
  response: Response,
  responseBody: string,
  trace: ReturnType<typeof readConsoleTrace>,
): Outcome {
  const verification = readVerification(
    response.status,
    responseBody,
    response.headers.get(headerNames.sandboxVerification) ?? undefined,
  )
  const links = trace?.links
  return {
    status: response.status,
    responseHeaders: [...response.headers],
    responseBody,
    ...(verification === undefined ? {} : { verification }),
    ...(trace ? { upstream: trace.request, signing: trace.request.signing } : {}),
    ...(links
      ? { linksMapped: { count: links.count, upstreamBody: upstreamAnswerOf(links, responseBody) } }
      : {}),
    condition: response.headers.get(headerNames.consoleCondition) ?? undefined,
  }
}

/** Why `response` is not the sandbox's answer, or undefined when it is. */
function notTheSandbox(
  response: Response,
  responseBody: string,
  {
    requestId,
    path,
    trace,
    offline,
  }: {
    requestId: string
    path: string
    trace: ReturnType<typeof readConsoleTrace>
    offline: OfflineWorker | undefined
  },
): NotTheSandbox | undefined {
  const type = response.headers.get('content-type') ?? ''
  const answer = `HTTP ${response.status} ${type || 'without a content type'} from ${path}`
  const stray: StrayAnswer = { status: response.status, contentType: type, body: responseBody }
  if (offline) {
    if (offline.answered(requestId)) return undefined
    return new NotTheSandbox(`the service worker let the request through (got ${answer})`, stray)
  }
  // An answer the proxy relayed carries its trace, and is the upstream's whatever its type: a 201 with no
  // body, a gateway's HTML 404. Without the trace only JSON is the proxy's own (its refusals); anything
  // else is some other server answering /api (a static server, a dev server without the proxy).
  // A 204 (a delete) has no body to be JSON: echoing this request's X-Request-ID makes it the sandbox's.
  const emptyOfTheSandbox =
    response.status === 204 && requestId !== '' && response.headers.get(headerNames.requestId) === requestId
  if (trace === undefined && !type.includes('json') && !emptyOfTheSandbox) {
    return new NotTheSandbox(`got ${answer}, not the sandbox's JSON`, stray)
  }
  return undefined
}
