import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http'
import https from 'node:https'
import { API_BASE, encodeConsoleTrace, headerNames, problem, SANDBOX_PREFIX } from '../../src/contract'
import { isTamperScenario, tamperSignedHeaders } from '../../src/signing'
import type { RequestSigner } from '../../src/signing/signer'
import { sendProblem, setHeaders } from '../problem-response'
import { readBodyWithin } from '../read-body'
import { forwardHeaders } from './forward-headers'

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

export interface Forwarder {
  /** Signs the request and relays it to `upstreamPath` (already checked against the operation's routes). */
  forward(req: IncomingMessage, res: ServerResponse, upstreamPath: string, query: string): Promise<void>
  /** Closes the idle keep-alive connections to the upstream. */
  close(): void
}

class UpstreamTimeout extends Error {}
class ClientGone extends Error {}

const EMPTY_BODY = new Uint8Array(0)

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
  const agent = new transport.Agent({ keepAlive: true, maxSockets: 256 })
  const origin = baseUrl.origin
  const prefix = baseUrl.pathname.replace(/\/+$/, '')

  async function forward(req: IncomingMessage, res: ServerResponse, upstreamPath: string, query: string) {
    const picked = forwardHeaders(req.rawHeaders)
    if (!picked.ok) return sendProblem(req, res, picked.problem)
    const received = await readBodyWithin(req, res, maxBodyBytes)
    if (received === undefined) return
    // HEAD goes upstream as the GET it stands for, and Node leaves the body out of its answer to a HEAD. So a
    // HEAD gets exactly GET's status and headers whether or not the upstream implements HEAD (the bank's
    // sandbox does not say), and the proxy signs nothing but the operation's own requests.
    const method = req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET')
    const path = `${prefix}${upstreamPath}${query === '' ? '' : `?${query}`}`
    const url = `${origin}${path}`
    // Only POST carries a body upstream; the Digest is then of exactly the bytes forwarded.
    const body = method === 'POST' ? received : EMPTY_BODY
    const signed = await sign({ method, url: path, headers: picked.headers, body })
    if (res.destroyed) return
    const scenario = req.headers[headerNames.consoleTamper.toLowerCase()]
    const headers: Record<string, string> = {
      host: baseUrl.host,
      ...(typeof scenario === 'string' && isTamperScenario(scenario)
        ? tamperSignedHeaders(signed.headers, scenario)
        : signed.headers),
      ...(method === 'POST' ? { 'content-length': String(body.byteLength) } : {}),
    }
    const requestId = headerValue(headers, 'x-request-id')
    const trace = encodeConsoleTrace({
      upstream: url,
      requestHeaders: headers,
      signingString: signed.signingString,
      keyId: signed.keyId,
    })
    const answerHeaders = { 'x-request-id': requestId, [headerNames.consoleTrace]: trace }
    await exchange(req, res, { method, path, headers, body, answerHeaders }, method === 'GET')
  }

  interface Exchange {
    method: string
    path: string
    headers: Record<string, string>
    body: Uint8Array
    /** Added to whatever is answered: the upstream's response or the proxy's own 502/504. */
    answerHeaders: Record<string, string>
  }

  function exchange(req: IncomingMessage, res: ServerResponse, ex: Exchange, retryable: boolean) {
    return new Promise<void>((resolve) => {
      const upstream = transport.request({
        protocol: baseUrl.protocol,
        hostname: baseUrl.hostname,
        port: baseUrl.port,
        method: ex.method,
        path: ex.path,
        headers: ex.headers,
        agent,
      })
      const total = setTimeout(() => {
        upstream.destroy(new UpstreamTimeout(`did not answer within ${totalTimeoutMs} ms`))
      }, totalTimeoutMs)
      const onClientGone = () => {
        if (!res.writableFinished) upstream.destroy(new ClientGone())
      }
      res.once('close', onClientGone)
      const done = () => {
        clearTimeout(total)
        res.off('close', onClientGone)
        resolve()
      }

      upstream.once('socket', (socket) => {
        if (!socket.connecting) return
        const connect = setTimeout(() => {
          upstream.destroy(new UpstreamTimeout(`could not be connected to within ${connectTimeoutMs} ms`))
        }, connectTimeoutMs)
        socket.once('connect', () => clearTimeout(connect))
        socket.once('close', () => clearTimeout(connect))
      })

      upstream.once('response', (answer) => {
        const relayed = relayedHeaders(answer.headers)
        if (relayed.location !== undefined) relayed.location = consoleLocation(relayed.location)
        setHeaders(res, { ...relayed, ...ex.answerHeaders })
        res.writeHead(answer.statusCode ?? 502)
        // Not stream.pipeline: it allocates an AbortController per call, measurably slower under load.
        answer.pipe(res)
        // A body cut short upstream breaks the client's response too, rather than ending it as if complete;
        // a client that leaves mid-body destroys the upstream call through onClientGone.
        answer.once('close', () => {
          if (!answer.complete) res.destroy()
          done()
        })
      })

      upstream.once('error', (error: NodeJS.ErrnoException) => {
        if (res.headersSent || res.destroyed) {
          res.destroy()
          return done()
        }
        // A kept-alive connection the upstream closed just as it was reused; nothing reached the upstream.
        if (retryable && upstream.reusedSocket && error.code === 'ECONNRESET') {
          clearTimeout(total)
          res.off('close', onClientGone)
          return resolve(exchange(req, res, ex, false))
        }
        const answer =
          error instanceof UpstreamTimeout
            ? problem(504, 'UPSTREAM_TIMEOUT', `The upstream ${origin} ${error.message}`)
            : problem(
                502,
                'UPSTREAM_UNREACHABLE',
                `The upstream ${origin} could not be reached (${error.code ?? error.message})`,
              )
        sendProblem(req, res, answer, ex.answerHeaders)
        done()
      })

      upstream.end(ex.body)
    })
  }

  /** A Location into the upstream's sandbox paths, as the console's /api path that reaches the same resource. */
  function consoleLocation(location: string): string {
    const path = location.startsWith(`${origin}/`) ? location.slice(origin.length) : location
    return path.startsWith(`${prefix}${SANDBOX_PREFIX}/`)
      ? `${API_BASE}${path.slice(prefix.length)}`
      : location
  }

  return { forward, close: () => agent.destroy() }
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
