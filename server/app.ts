import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { ConsoleConnection } from '../src/contract'
import { API_BASE, headerNames, type Problem, problem, refusalOf } from '../src/contract'
import { matchRoute } from '../src/contract/operations'
import { answerBeyondRequests } from './client-error'
import { CONSOLE_CONDITIONS_PATH, type ProxyConditions } from './conditions'
import { type ClientTimeouts, defaultClientTimeouts } from './config'
import { answerConnection, CONSOLE_CONNECTION_PATH, connectionTagOf } from './console-connection'
import { type ConsoleSecretOptions, consoleSecretGate } from './console-secret'
import type { BadSigners } from './probe/bad-signatures'
import { CONSOLE_PROBE_PATH, createConsoleProbe } from './probe/console-route'
import { sendProblem, sendRefusal, setHeaders } from './problem-response'
import { createForwarder, type ForwarderOptions } from './proxy/forward'
import { operationRequestProblem } from './proxy/operation-request'
import { isApiPath, parseRequestTarget } from './proxy/request-target'
import { crossSiteProblem, hostProblem, repeatedHostProblem } from './proxy/same-origin'
import { apiAnswerHeaders } from './security-headers'
import { createStaticFiles } from './static-files'
import { probeUpstreamKind, type UpstreamKind } from './upstream-kind'

export interface AppOptions {
  /** The built console (Vite's `dist/`). */
  staticDir: string
  upstream: ForwarderOptions
  /** Host names the console answers /api under (see crossSiteProblem); undefined: any. */
  allowedHostnames?: ReadonlySet<string> | undefined
  /**
   * The secret made at each start that the console page proves itself with (server/console-secret.ts).
   * Undefined (tests of other things): no secret, every caller gets the full trace.
   */
  consoleSecret?: ConsoleSecretOptions | undefined
  /** How long a client may take to send a request; the config's defaults when not given. */
  clientTimeouts?: ClientTimeouts | undefined
  /** What `/console/connection` tells the page: the upstream and the signing certificate. */
  connection?: ConsoleConnection | undefined
  /** Faults, latency and quotas applied before forwarding, set at `/console/conditions`; none when not given. */
  conditions?: ProxyConditions | undefined
  /**
   * Whether the upstream is one of our sandboxes or a bank's (server/upstream-kind.ts); by default the
   * upstream's `/openapi.json` is asked once.
   */
  upstreamKind?: UpstreamKind | undefined
  /** The TPP key's deliberately bad signatures, for a sandbox check that opts in to them. */
  probeBadSigners?: BadSigners | undefined
  /** One line per request; never given keys, PSU ids or bodies. */
  log: (line: string) => void
}

/**
 * The console's origin: the built SPA, and under `/api` the signing proxy to the one configured upstream.
 * Closing the server also closes its kept-alive upstream connections.
 */
/** Longer than any browser keeps an idle connection it has used (Chromium: 300 s). */
const IDLE_CONNECTION_MS = 310_000

export function createApp(options: AppOptions): Server {
  const { staticDir, upstream, allowedHostnames, consoleSecret, log } = options
  const forwarder = createForwarder(upstream)
  const secretGate = consoleSecret === undefined ? undefined : consoleSecretGate(consoleSecret)
  // Under a name that is not the console's, the page may be a DNS-rebinding attacker's: it gets no secret.
  const serveStatic = createStaticFiles(staticDir, {
    indexSecret: (req) => (hostProblem(req, allowedHostnames) ? undefined : secretGate?.embedded()),
  })
  const upstreamKind = options.upstreamKind ?? probeUpstreamKind(upstream.baseUrl, upstream.totalTimeoutMs)
  const sandboxProbe = createConsoleProbe({
    baseUrl: upstream.baseUrl,
    signer: { sign: upstream.sign },
    ...(options.probeBadSigners === undefined ? {} : { badSigners: options.probeBadSigners }),
    timeoutMs: upstream.totalTimeoutMs,
    log,
  })

  /** Whether the request comes from the console's own page (or no secret is kept): it gets the full trace. */
  const fromConsolePage = (req: IncomingMessage) => secretGate === undefined || secretGate.carries(req)
  const { conditions } = options
  // The proxy's word about itself, outside /api (every /api path is the operation's), under /api's rules.
  const consoleRoutes = new Map<string, (req: IncomingMessage, res: ServerResponse) => Promise<void> | void>([
    [CONSOLE_CONNECTION_PATH, (req, res) => answerConnection(req, res, options.connection)],
    [CONSOLE_PROBE_PATH, (req, res) => sandboxProbe.answer(req, res, secretGate?.notThePage(req))],
  ])
  if (conditions !== undefined) {
    consoleRoutes.set(CONSOLE_CONDITIONS_PATH, (req, res) => conditions.answer(req, res))
  }

  const answerHeaders = {
    ...apiAnswerHeaders,
    [headerNames.consoleConnection]: options.connection && connectionTagOf(options.connection),
  }

  /**
   * /api's rules: its security headers and the connection's tag, and a refusal for a cross-site caller or
   * one without the secret.
   */
  function apiRefusal(req: IncomingMessage, res: ServerResponse): Problem | undefined {
    setHeaders(res, answerHeaders)
    // Answered all the same where the secret is not required: the page then reads the new one (and its next
    // traces carry the signature again) without waiting for a refusal.
    if (secretGate?.stale(req)) res.setHeader(headerNames.consoleSecretStale, 'true')
    return crossSiteProblem(req, allowedHostnames) ?? secretGate?.problem(req)
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    // Before anything reads Host: the static files' secret, the same-origin checks.
    const repeatedHost = repeatedHostProblem(req)
    if (repeatedHost) return sendProblem(req, res, repeatedHost)
    const target = parseRequestTarget(req.url)
    if (!target.ok) return sendProblem(req, res, target.problem)
    const consoleRoute = consoleRoutes.get(target.path)
    if (consoleRoute === undefined && !isApiPath(target.path)) {
      if (secretGate?.oldTokenUrl(req, res, target.query)) return
      return serveStatic(req, res, target.path)
    }
    const refused = apiRefusal(req, res)
    if (refused) return sendProblem(req, res, refused)
    if (consoleRoute !== undefined) return consoleRoute(req, res)
    return forwardOperation(req, res, target)
  }

  /**
   * Only the operation table's routes leave the proxy. OPTIONS, 404 and 405 are answered here, as the
   * sandbox answers them, and nothing is signed or forwarded for them.
   */
  async function forwardOperation(
    req: IncomingMessage,
    res: ServerResponse,
    target: { path: string; query: string },
  ) {
    const method = req.method ?? 'GET'
    const upstreamPath = target.path.slice(API_BASE.length)
    const route = matchRoute(method, upstreamPath)
    if (route.kind !== 'operation') return sendRefusal(req, res, refusalOf(method, target.path, route))
    const outside = operationRequestProblem(route.operation, route.params, target.query, req.headers)
    if (outside) return sendProblem(req, res, outside)
    // The console's own operations are signed and sent to our own sandboxes only: a bank never sees them.
    if (route.operation.owner === 'console' && (await upstreamKind()) === 'bank') {
      return sendProblem(req, res, notTheBanks(method, target.path))
    }
    // Before anything is signed: an injected answer never reaches the bank.
    const call = { operation: route.operation.name, accountId: route.params.mockCardAccountId }
    if (await conditions?.apply(req, res, call)) return
    // The full signature goes only to the console's page: to anyone else it is a replayable credential.
    return forwarder.forward(req, res, {
      operation: route.operation,
      upstreamPath,
      query: target.query,
      fullTrace: fromConsolePage(req),
    })
  }

  const { headersTimeoutMs, requestTimeoutMs } = options.clientTimeouts ?? defaultClientTimeouts
  // Node checks its timeouts only every connectionsCheckingInterval (30 s by default): make that a
  // fraction of the shortest limit, so a limit strikes close to when it says.
  const serverOptions = {
    // An idle connection is the browser's to close: Chromium keeps a used one 300 s (Firefox 115 s). Node's
    // 5 s closed it first, and a read written on it as it closed was resent by Chromium on a new connection
    // with the same X-Request-ID, which the proxy then refused as a replay: a 400 for a plain GET
    // (docs/benchmarks.md, the tampered-signature e2e). The browser keeps at most six per host.
    keepAliveTimeout: IDLE_CONNECTION_MS,
    headersTimeout: headersTimeoutMs,
    requestTimeout: requestTimeoutMs,
    connectionsCheckingInterval: Math.min(1_000, Math.ceil(headersTimeoutMs / 4)),
  }
  const server = createServer(serverOptions, (req, res) => {
    const started = performance.now()
    res.once('close', () => log(accessLine(req, res, performance.now() - started)))
    handle(req, res).catch((error: unknown) => {
      log(`internal error: ${error instanceof Error ? error.message : String(error)}`)
      const text = 'The console failed to handle the request; its log says why'
      if (res.headersSent) res.destroy()
      else sendProblem(req, res, problem(500, 'INTERNAL_SERVER_ERROR', text))
    })
  })
  answerBeyondRequests(
    server,
    (path) => (isApiPath(path) ? matchRoute('CONNECT', path.slice(API_BASE.length)) : { kind: 'unknown' }),
    answerHeaders,
  )
  server.on('close', () => forwarder.close())
  return server
}

/**
 * A bank's sandbox has none of the console's own operations: the proxy answers as one without them does
 * (404, which the console reads as "this sandbox has none" and falls back), naming why, unsigned.
 */
function notTheBanks(method: string, path: string) {
  const text =
    `${method} ${path} is Sandbox Console's own operation, and the upstream is a bank's sandbox, which has ` +
    'none: the proxy answered itself and sent nothing upstream. It works offline and on our own sandboxes.'
  return problem(404, 'RESOURCE_UNKNOWN', text)
}

/**
 * Method, path without the query (it may carry filters or a token, never needed in a log), status, time,
 * request id. A response cut short is `aborted`, after its status if one had been sent.
 */
function accessLine(req: IncomingMessage, res: ServerResponse, ms: number): string {
  const path = (req.url ?? '').split('?')[0]
  const sent = res.headersSent ? `${res.statusCode} ` : ''
  // Ended, not finished: a static file's stream pipeline closes the response as it ends, before 'finish'.
  const status = res.writableEnded ? String(res.statusCode) : `${sent}aborted`
  const requestId = res.getHeader(headerNames.requestId) ?? '-'
  return `${req.method} ${path} ${status} ${ms.toFixed(1)}ms ${String(requestId)}`
}
