import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { API_BASE, headerNames, matchRoute, problem, refusalOf } from '../src/contract'
import { answerClientError } from './client-error'
import { sendProblem, sendRefusal } from './problem-response'
import { createForwarder, type ForwarderOptions } from './proxy/forward'
import { isApiPath, parseRequestTarget } from './proxy/request-target'
import { crossSiteProblem } from './proxy/same-origin'
import { createStaticFiles } from './static-files'

export interface AppOptions {
  /** The built console (Vite's `dist/`). */
  staticDir: string
  upstream: ForwarderOptions
  /** Host names the console answers /api under (see crossSiteProblem); undefined: any. */
  allowedHostnames?: ReadonlySet<string> | undefined
  /** One line per request; never given keys, PSU ids or bodies. */
  log: (line: string) => void
}

/**
 * The console's origin: the built SPA, and under `/api` the signing proxy to the one configured upstream.
 * Closing the server also closes its kept-alive upstream connections.
 */
export function createApp({ staticDir, upstream, allowedHostnames, log }: AppOptions): Server {
  const forwarder = createForwarder(upstream)
  const serveStatic = createStaticFiles(staticDir)

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const target = parseRequestTarget(req.url)
    if (!target.ok) return sendProblem(req, res, target.problem)
    if (!isApiPath(target.path)) return serveStatic(req, res, target.path)
    const crossSite = crossSiteProblem(req, allowedHostnames)
    if (crossSite) return sendProblem(req, res, crossSite)
    // Only the operation table's routes leave the proxy. OPTIONS, 404 and 405 are answered here, as the
    // sandbox answers them, and nothing is signed or forwarded for them.
    const method = req.method ?? 'GET'
    const upstreamPath = target.path.slice(API_BASE.length)
    const route = matchRoute(method, upstreamPath)
    if (route.kind !== 'operation') return sendRefusal(req, res, refusalOf(method, target.path, route))
    return forwarder.forward(req, res, upstreamPath, target.query)
  }

  const server = createServer((req, res) => {
    const started = performance.now()
    res.once('close', () => log(accessLine(req, res, performance.now() - started)))
    handle(req, res).catch((error: unknown) => {
      log(`internal error: ${error instanceof Error ? error.message : String(error)}`)
      const text = 'The console failed to handle the request; its log says why'
      if (res.headersSent) res.destroy()
      else sendProblem(req, res, problem(500, 'INTERNAL_SERVER_ERROR', text))
    })
  })
  server.on('clientError', answerClientError)
  server.on('close', () => forwarder.close())
  return server
}

/** Method, path without the query (it may carry filters, never needed in a log), status, time, request id. */
function accessLine(req: IncomingMessage, res: ServerResponse, ms: number): string {
  const path = (req.url ?? '').split('?')[0]
  const status = res.writableFinished ? String(res.statusCode) : `${res.statusCode} aborted`
  const requestId = res.getHeader(headerNames.requestId) ?? '-'
  return `${req.method} ${path} ${status} ${ms.toFixed(1)}ms ${String(requestId)}`
}
