import { randomUUID } from 'node:crypto'
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http'
import https from 'node:https'
import type { Socket } from 'node:net'
import { type ConsoleTrace, headerNames, type Problem, problem } from '../../src/contract'
import type { Operation } from '../../src/contract/operations'
import { requestIdProblem } from '../../src/contract/request-headers'
import { upstreamFailure } from '../../src/contract/upstream-failure'
import { encodeConsoleTrace } from '../../src/signing/console-trace'
import { forwardedHeaderNames } from '../../src/signing/forwarded-headers'
import type { RequestSigner } from '../../src/signing/signer'
import { signedUpstreamRequest } from '../../src/signing/upstream-request'
import { sendProblem, setHeaders } from '../problem-response'
import { readBodyWithin } from '../read-body'
import { apiAnswerHeaders } from '../security-headers'
import { consolePathOfLink, isEditableJson, mapAnswerLinks } from './answer-links'
import { bodyShapeProblem } from './body-shape'
import { forwardHeaders } from './forward-headers'
import { signedRequestIds } from './signed-request-ids'

export interface ForwarderOptions {
  /** The one upstream: an origin plus an optional path prefix. Never derived from a request. */
  baseUrl: URL
  sign: RequestSigner['sign']
  /** Time allowed to open a new TCP connection to the upstream. */
  connectTimeoutMs: number
  /** Time allowed from sending the request to the end of the upstream's answer. */
  totalTimeoutMs: number
  maxBodyBytes: number
}

export interface ForwardTarget {
  /** The operation the route matched: which headers it names. */
  operation: Operation
  /** The operation's path below the upstream's base, already checked against the operation's routes. */
  upstreamPath: string
  query: string
  /**
   * Whether the trace may carry the signature itself: only for the console's own page (it proved itself with
   * the console secret). Anyone else gets it with the signature value withheld, as it would replay upstream.
   */
  fullTrace: boolean
}

export interface Forwarder {
  /** Signs the request and relays it to the target. */
  forward(req: IncomingMessage, res: ServerResponse, target: ForwardTarget): Promise<void>
  /** Closes the idle keep-alive connections to the upstream. */
  close(): void
}

const EMPTY_BODY = new Uint8Array(0)
const REQUEST_ID = headerNames.requestId.toLowerCase()
/** How long a signed X-Request-ID may not be signed again, and how many such ids are kept at most. */
const REQUEST_ID_WINDOW_MINUTES = 10
const REQUEST_ID_MEMORY = 100_000
/** Upstream answers up to this size are relayed only once complete (see `relay`). */
const RELAY_BUFFER_BYTES = 256 * 1024
/**
 * A JSON answer is held whole to map its `_links` (docs/decisions.md#links-through-the-proxy), up to this size:
 * a page of 1000 transactions (the contract's largest) is well under 1 MiB. A larger one is refused, never cut.
 */
export const LINKS_BUFFER_BYTES = 8 * 1024 * 1024

/** Hop-by-hop headers (RFC 9110 §7.6.1) and cookies, which mean nothing on the console's origin. */
const droppedResponseHeaders = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'set-cookie',
])

export function createForwarder(options: ForwarderOptions): Forwarder {
  const { baseUrl, sign, connectTimeoutMs, totalTimeoutMs, maxBodyBytes } = options
  const transport = baseUrl.protocol === 'https:' ? https : http
  // Signing dominates the cost of a request; reusing upstream connections keeps the rest small.
  const readAgent = new transport.Agent({ keepAlive: true, maxSockets: 256 })
  // An upstream may close an idle connection just as it is reused: a read is then sent again, a write never
  // (docs/decisions.md#upstream-connections), so a write gets a connection of its own.
  const writeAgent = new transport.Agent({ keepAlive: false, maxSockets: 256 })
  const origin = baseUrl.origin
  const prefix = baseUrl.pathname.replace(/\/+$/, '')
  const requestIds = signedRequestIds({
    windowMs: REQUEST_ID_WINDOW_MINUTES * 60_000,
    maxIds: REQUEST_ID_MEMORY,
  })

  async function forward(req: IncomingMessage, res: ServerResponse, target: ForwardTarget) {
    const picked = forwardHeaders(req.rawHeaders, forwardedHeaderNames(target.operation))
    if (!picked.ok) return sendProblem(req, res, picked.problem)
    const requestId = requestIdOf(picked.headers[REQUEST_ID])
    if (typeof requestId !== 'string') return sendProblem(req, res, requestId)
    const received = await readBodyWithin(req, res, maxBodyBytes)
    if (received === undefined) return
    const method = upstreamMethod(req.method)
    // Only POST carries a body upstream; the Digest is then of exactly the bytes forwarded.
    const body = method === 'POST' ? received : EMPTY_BODY
    const shape = bodyShapeProblem(method, target.upstreamPath, body)
    if (shape !== undefined) return sendProblem(req, res, shape)
    const unclaimed = claimProblem(requestId)
    if (unclaimed !== undefined) return sendProblem(req, res, unclaimed)
    picked.headers[REQUEST_ID] = requestId
    const signed = await signedExchange(req, target, { method, headers: picked.headers, body })
    if (res.destroyed) return
    await exchange(req, res, signed, method === 'GET')
  }

  /** Why `requestId` may not be signed now: signed in the window already, or the memory of ids is full. */
  function claimProblem(requestId: string): Problem | undefined {
    const claim = requestIds.claim(requestId)
    if (claim === 'used') {
      const text = `X-Request-ID ${requestId} was signed in the last ${REQUEST_ID_WINDOW_MINUTES} minutes; send a new one`
      return problem(400, 'FORMAT_ERROR', text, headerNames.requestId)
    }
    if (claim === 'full') {
      // Forgetting an id early would let it be signed again: refusing new ones keeps the promise instead.
      const text =
        `The proxy signed ${REQUEST_ID_MEMORY.toLocaleString('en')} requests in the last ` +
        `${REQUEST_ID_WINDOW_MINUTES} minutes, as many X-Request-IDs as it remembers to refuse replays; ` +
        'it signs again as they leave the window'
      return problem(429, 'ACCESS_EXCEEDED', text, headerNames.requestId)
    }
    return undefined
  }

  /**
   * The request signed for the upstream, spoiled as the console's X-Console-Tamper asks, with the
   * X-Request-ID and X-Console-Trace its answer carries back.
   */
  async function signedExchange(
    req: IncomingMessage,
    { upstreamPath, query, fullTrace }: ForwardTarget,
    request: { method: string; headers: Record<string, string>; body: Uint8Array },
  ): Promise<Exchange> {
    const { method, body } = request
    const path = `${prefix}${upstreamPath}${query === '' ? '' : `?${query}`}`
    const url = `${origin}${path}`
    const tamper = req.headers[headerNames.consoleTamper.toLowerCase()]
    const { headers, trace } = await signedUpstreamRequest({
      sign,
      request: { ...request, url: path },
      tamper: typeof tamper === 'string' ? tamper : undefined,
      upstream: url,
      host: baseUrl.host,
      ...(method === 'POST' ? { contentLength: body.byteLength } : {}),
      fullTrace,
    })
    const answerHeaders = {
      [REQUEST_ID]: headerValue(headers, REQUEST_ID),
      [headerNames.consoleTrace]: encodeConsoleTrace(trace),
    }
    return { method, path, headers, body, trace, answerHeaders }
  }

  interface Exchange {
    method: string
    path: string
    headers: Record<string, string>
    body: Uint8Array
    /** What `answerHeaders` carries as X-Console-Trace, to be told which links the answer's body had mapped. */
    trace: ConsoleTrace
    /**
     * Added to whatever is answered: the upstream's response or the proxy's own 502/504. The security
     * headers (apiAnswerHeaders) go with both as well.
     */
    answerHeaders: Record<string, string>
  }

  /**
   * Sends the signed request and relays the answer. Whatever the upstream does (a status no client may be
   * sent, a protocol switch, a broken or endless body, silence) the client gets one answer: the upstream's,
   * or the proxy's own 502/504 in the tppMessages shape, or, when part of a large answer is already on its
   * way, a connection closed before the end so the client cannot take it for complete.
   */
  function exchange(req: IncomingMessage, res: ServerResponse, ex: Exchange, retryable: boolean) {
    return new Promise<void>((resolve) => {
      const upstream = transport.request({
        protocol: baseUrl.protocol,
        hostname: baseUrl.hostname,
        port: baseUrl.port,
        method: ex.method,
        path: ex.path,
        headers: ex.headers,
        agent: ex.method === 'GET' ? readAgent : writeAgent,
      })
      let settled = false
      /** The upstream's response, once its head has arrived. */
      let answered: IncomingMessage | undefined
      const total = setTimeout(() => {
        fail(
          problem(
            504,
            'UPSTREAM_TIMEOUT',
            `The upstream ${origin} did not answer within ${totalTimeoutMs} ms`,
          ),
        )
      }, totalTimeoutMs)
      const onClientGone = () => {
        if (!res.writableFinished) fail()
      }
      const onDrain = () => answered?.resume()
      res.once('close', onClientGone)
      res.on('drain', onDrain)
      const cleanUp = () => {
        settled = true
        clearTimeout(total)
        res.off('close', onClientGone)
        res.off('drain', onDrain)
      }
      /** Ends the exchange without the upstream's answer: `answer` if the client can still get one. */
      function fail(answer?: Problem) {
        if (settled) return
        cleanUp()
        upstream.destroy()
        tellFailure(req, res, answer, { ...apiAnswerHeaders, ...ex.answerHeaders })
        resolve()
      }
      const invalid = (what: string) =>
        fail(problem(502, 'UPSTREAM_INVALID', `The upstream ${origin} ${what}`))

      upstream.once('socket', (socket) => {
        if (!socket.connecting) return
        const connect = setTimeout(() => {
          const text = `The upstream ${origin} could not be connected to within ${connectTimeoutMs} ms`
          fail(problem(504, 'UPSTREAM_TIMEOUT', text))
        }, connectTimeoutMs)
        socket.once('connect', () => clearTimeout(connect))
        socket.once('close', () => clearTimeout(connect))
      })

      // With a listener here Node hands over the socket instead of dropping it without a word.
      upstream.once('upgrade', (answer: IncomingMessage, socket: Socket) => {
        socket.destroy()
        const upgrade = answer.headers.upgrade === undefined ? '' : ` to ${answer.headers.upgrade}`
        invalid(
          `answered ${answer.statusCode ?? '?'}, switching protocols${upgrade}; this proxy never asks to`,
        )
      })

      upstream.once('response', (answer) => {
        answered = answer
        if (settled) return void answer.destroy()
        try {
          relay(answer)
        } catch (error) {
          invalid(
            `answered what cannot be relayed (${error instanceof Error ? error.message : String(error)})`,
          )
        }
      })

      function relay(answer: IncomingMessage) {
        const status = answer.statusCode ?? 0
        // A final status is 200-599: Node hands 1xx on as information, and writeHead throws outside 100-999.
        if (status < 200 || status > 599) return invalid(`answered with status ${status}, outside 200-599`)
        const relayed = relayedHeaders(answer.headers)
        if (relayed.location !== undefined)
          relayed.location = consoleLink(relayed.location) ?? relayed.location
        const editable = isEditableJson(answer.headers['content-type'], answer.headers['content-encoding'])
        setHeaders(res, relayed)
        setHeaders(res, ex.answerHeaders)
        // The security headers last: the upstream's answer must not drop or weaken them.
        setHeaders(res, apiAnswerHeaders)
        res.statusCode = status
        relayBody(answer, res, {
          status,
          editable,
          settled: () => settled,
          invalid,
          end(whole) {
            cleanUp()
            const mapped = whole && editable ? mapAnswerLinks(whole, consoleLink) : undefined
            if (mapped !== undefined) {
              res.setHeader('content-length', mapped.body.byteLength)
              res.setHeader(
                headerNames.consoleTrace,
                encodeConsoleTrace({ ...ex.trace, links: mapped.links }),
              )
            }
            // Node sets Content-Length for a body given whole to end(), drops it for HEAD, 204 and 304.
            res.end(mapped?.body ?? whole)
            resolve()
          },
        })
        answer.once('close', () => {
          if (!answer.complete) invalid('sent a broken body: the connection closed before its end')
        })
        answer.on('error', () => {}) // the 'close' above tells the client; this one only says 'aborted'
      }

      // Not once: destroying a request can make Node emit a second error, which must not go unheard.
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        if (settled) return
        // A kept-alive connection the upstream closed just as it was reused; nothing reached the upstream.
        if (!answered && retryable && upstream.reusedSocket && error.code === 'ECONNRESET') {
          cleanUp()
          return resolve(exchange(req, res, ex, false))
        }
        fail(upstreamErrorProblem(error, origin, answered !== undefined))
      })

      // The request ended without a response, an upgrade or an error (Node's silent cases): still one answer.
      upstream.once('close', () => {
        if (answered === undefined) invalid('closed the connection without an answer')
      })

      upstream.end(ex.body)
    })
  }

  /** A link into the upstream's sandbox paths (Location, an href), as the console's /api path to the same. */
  const consoleLink = (link: string) => consolePathOfLink(link, { origin, prefix })

  return {
    forward,
    close: () => {
      readAgent.destroy()
      writeAgent.destroy()
    },
  }
}

/**
 * HEAD goes upstream as the GET it stands for, and Node leaves the body out of its answer to a HEAD. So a
 * HEAD gets exactly GET's status and headers whether or not the upstream implements HEAD (the bank's
 * sandbox does not say), and the proxy signs nothing but the operation's own requests.
 */
function upstreamMethod(method: string | undefined): string {
  return method === 'HEAD' ? 'GET' : (method ?? 'GET')
}

/**
 * The client's X-Request-ID, or a new one when it sent none (docs/decisions.md#signing). A malformed one is
 * refused as the sandbox refuses it: replaced silently, the client's own id would not be the one signed, and
 * it could not find its request in the bank's log by it.
 */
function requestIdOf(given: string | undefined): string | Problem {
  if (given === undefined) return randomUUID()
  return requestIdProblem(given) ?? given
}

/**
 * The proxy's 502 for a request to the upstream that failed, in the words of the classifier the connection
 * test and the probe read failures with: UPSTREAM_INVALID when the upstream answered what cannot be relayed.
 */
function upstreamErrorProblem(error: NodeJS.ErrnoException, origin: string, answered: boolean): Problem {
  const code = error.code ?? error.message
  // A body Node's parser refuses: a bad chunk, a bad length, bytes after the end.
  if (answered) return problem(502, 'UPSTREAM_INVALID', `The upstream ${origin} sent a broken body (${code})`)
  const failure = upstreamFailure(code)
  // Bytes that are not an HTTP response (llhttp's HPE_*): the upstream was reached, and answered in another protocol.
  if (failure.kind === 'not-http') {
    return problem(502, 'UPSTREAM_INVALID', `The upstream ${origin} answered: ${failure.words}`)
  }
  return problem(502, 'UPSTREAM_UNREACHABLE', `The upstream ${origin} could not be reached: ${failure.words}`)
}

interface BodyRelay {
  status: number
  /** Declared JSON, not encoded: held whole, for its links. */
  editable: boolean
  /** Whether the exchange has ended already: the rest of the body is then dropped. */
  settled: () => boolean
  /** Ends the exchange with the proxy's 502: the upstream `what`. */
  invalid: (what: string) => void
  /** At the body's end: `whole` is the body if it was held to the end, undefined once it streamed. */
  end: (whole: Buffer | undefined) => void
}

/**
 * Relays the upstream's body to the client. Held back until complete (up to RELAY_BUFFER_BYTES), so a body
 * that breaks still becomes a 502; past that it streams, and a break closes the client's connection before
 * the end. JSON is held whole, for its links, and refused past LINKS_BUFFER_BYTES.
 */
function relayBody(answer: IncomingMessage, res: ServerResponse, relay: BodyRelay) {
  let held: Buffer[] | undefined = []
  let heldBytes = 0
  answer.on('data', (chunk: Buffer) => {
    if (relay.settled()) return
    if (held === undefined) {
      if (!res.write(chunk)) answer.pause()
      return
    }
    held.push(chunk)
    heldBytes += chunk.length
    if (relay.editable && heldBytes > LINKS_BUFFER_BYTES) {
      return relay.invalid(
        `answered JSON of more than ${LINKS_BUFFER_BYTES / 1024 / 1024} MiB, more than the proxy holds ` +
          'to map its _links to /api: nothing of it was relayed; ask for less (a smaller limit)',
      )
    }
    if (relay.editable || heldBytes <= RELAY_BUFFER_BYTES) return
    res.writeHead(relay.status)
    const flowing = held.map((part) => res.write(part)).every(Boolean)
    held = undefined
    if (!flowing) answer.pause()
  })
  answer.once('end', () => {
    if (relay.settled()) return
    relay.end(held === undefined ? undefined : held.length === 1 ? held[0] : Buffer.concat(held, heldBytes))
  })
}

/**
 * Tells the client the exchange failed: with `answer` (sent with `headers`) while none of the upstream's
 * answer has gone out, else by closing its connection before the end, so it cannot take a part for the whole.
 */
function tellFailure(
  req: IncomingMessage,
  res: ServerResponse,
  answer: Problem | undefined,
  headers: Record<string, string>,
) {
  if (answer !== undefined && !res.headersSent && !res.destroyed) {
    // Nothing of the upstream's answer goes with the proxy's own: its Content-Length least of all.
    for (const name of res.getHeaderNames()) res.removeHeader(name)
    sendProblem(req, res, answer, headers)
  } else if (!res.writableFinished) {
    res.destroy()
  }
}

function headerValue(headers: Record<string, string>, name: string): string {
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name)
  return key === undefined ? '' : (headers[key] ?? '')
}

function relayedHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const named = new Set(
    String(headers.connection ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase()),
  )
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !droppedResponseHeaders.has(name) && !named.has(name)),
  )
}
