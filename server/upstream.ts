import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getResponse, type RequestHandler } from 'msw'
import { headerNames, type Problem, problem, type RouteRefusal, refusalOf } from '../src/contract'
import { openApiFile, sandboxServerOf } from '../src/contract/openapi'
import { matchRoute } from '../src/contract/operations'
import { defaultPersonality, type Personality, routesOf } from '../src/sandbox-http/personality'
import { internalProblem } from '../src/sandbox-http/respond'
import { answerBeyondRequests } from './client-error'
import { sendProblem, sendRefusal } from './problem-response'
import { readBodyWithin } from './read-body'

export interface SandboxServerOptions {
  /** The sandbox handlers (createSandboxHandlers), answering at the server's root or the personality's base path. */
  handlers: RequestHandler[]
  /** Larger bodies are answered 413 without reaching the handlers. */
  maxBodyBytes: number
  /**
   * What the OpenAPI document describes: the operations the handlers offer, where, and how it writes its
   * answers; the contract's by default. It is served at /openapi.json under the base path.
   */
  personality?: Personality
}

/**
 * Methods fetch's Request refuses to carry; no operation has them, so the route matcher answers them.
 * CONNECT never reaches the handler: server/client-error.ts answers it on the socket.
 */
const UNSUPPORTED_METHODS = new Set(['TRACE', 'TRACK'])

/**
 * The local upstream and `npm run sandbox`: the same msw handlers the browser worker runs, served over
 * node:http through msw's getResponse, and the operation's OpenAPI document at /openapi.json. Every answer
 * is JSON; a request that cannot be read is a 4xx, never a crash.
 */
export function createSandboxServer({
  handlers,
  maxBodyBytes,
  personality = defaultPersonality,
}: SandboxServerOptions): Server {
  // What this personality offers and writes, under its base path: a sandbox shaped like a bank serves
  // nothing outside it.
  const document = openApiFile(sandboxServerOf(personality.profile), personality.profile)
  const openApi = { ...document, path: `${personality.basePath}${document.path}` }
  const server = createServer((req, res) => {
    serve(req, res).catch((error: unknown) => {
      if (res.headersSent) res.destroy()
      else sendProblem(req, res, internalProblem(error))
    })
  })
  const routes = routesOf(personality)
  answerBeyondRequests(server, (path) =>
    path.startsWith(`${personality.basePath}/`)
      ? routes('CONNECT', path.slice(personality.basePath.length))
      : { kind: 'unknown' },
  )

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBodyWithin(req, res, maxBodyBytes)
    if (body === undefined) return
    const method = req.method ?? 'GET'
    const origin = originOf(server)
    const target = requestUrl(req.url, origin)
    if (!target.ok) return sendProblem(req, res, target.problem)
    const { url } = target
    if (url.pathname === openApi.path && (method === 'GET' || method === 'HEAD')) {
      return sendJson(res, method, openApi.json)
    }
    const uncarried = uncarriedMethodRefusal(method, url.pathname)
    if (uncarried !== undefined) return sendRefusal(req, res, uncarried)
    let request: Request
    try {
      request = toRequest(req, url, new Uint8Array(body))
    } catch (error) {
      const text = `the request cannot be read: ${(error as Error).message}`
      return sendProblem(req, res, problem(400, 'FORMAT_ERROR', text))
    }
    // baseUrl: without it msw resolves relative handler paths against nothing and nothing matches.
    const response = await getResponse(handlers, request, { baseUrl: origin })
    if (!response) return sendRefusal(req, res, refusalOf(method, url.pathname, { kind: 'unknown' }))
    await sendResponse(res, method, response)
  }

  return server
}

/** The URL `target` names on this server, or the 400 saying why it names none. */
function requestUrl(
  target: string | undefined,
  origin: string,
): { ok: true; url: URL } | { ok: false; problem: Problem } {
  try {
    return { ok: true, url: new URL(target ?? '/', origin) }
  } catch (error) {
    const text = `the request target cannot be read: ${(error as Error).message}`
    return { ok: false, problem: problem(400, 'FORMAT_ERROR', text) }
  }
}

/** The route matcher's answer to one of the UNSUPPORTED_METHODS, unless an operation at `path` has it. */
function uncarriedMethodRefusal(method: string, path: string): RouteRefusal | undefined {
  if (!UNSUPPORTED_METHODS.has(method)) return undefined
  const route = matchRoute(method, path)
  return route.kind === 'operation' ? undefined : refusalOf(method, path, route)
}

/** 200 with `json`; a HEAD gets its headers without it. */
function sendJson(res: ServerResponse, method: string, json: string) {
  res.writeHead(200, {
    [headerNames.contentType]: 'application/json',
    'content-length': Buffer.byteLength(json),
  })
  res.end(method === 'HEAD' ? undefined : json)
}

/** A handler's Response, written to Node's answer. */
async function sendResponse(res: ServerResponse, method: string, response: Response) {
  response.headers.forEach((value, name) => {
    res.appendHeader(name, value)
  })
  const payload = Buffer.from(await response.arrayBuffer())
  // A 204 has no body and so no length; a HEAD's would be GET's, which it does not have.
  if (method !== 'HEAD' && response.body !== null) res.setHeader('content-length', payload.length)
  res.writeHead(response.status)
  res.end(payload)
}

function toRequest(req: IncomingMessage, url: URL, body: Uint8Array<ArrayBuffer>): Request {
  const headers = new Headers()
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    headers.append(req.rawHeaders[i] as string, req.rawHeaders[i + 1] as string)
  }
  const method = req.method ?? 'GET'
  const hasBody = method !== 'GET' && method !== 'HEAD' && body.length > 0
  return new Request(url, { method, headers, ...(hasBody ? { body } : {}) })
}

function originOf(server: Server): string {
  const address = server.address() as AddressInfo
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address
  return `http://${host}:${address.port}`
}
