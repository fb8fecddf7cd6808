import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getResponse, type RequestHandler } from 'msw'
import { problem } from '../src/contract'
import { internalProblem } from '../src/sandbox-http/respond'
import { answerClientError } from './client-error'
import { sendProblem } from './problem-response'

export interface SandboxServerOptions {
  /** The sandbox handlers (createSandboxHandlers), answering at the server's root. */
  handlers: RequestHandler[]
  /** Larger bodies are answered 413 without reaching the handlers. */
  maxBodyBytes: number
}

/** Methods fetch's Request refuses to carry; on our paths they are simply not supported. */
const UNSUPPORTED_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK'])

/**
 * The local upstream: the same msw handlers the browser worker runs, served over node:http through
 * msw's getResponse. Every answer is JSON; a request that cannot be read is a 4xx, never a crash.
 */
export function createSandboxServer({ handlers, maxBodyBytes }: SandboxServerOptions): Server {
  const server = createServer((req, res) => {
    serve(req, res).catch((error: unknown) => {
      if (res.headersSent) res.destroy()
      else sendProblem(req, res, internalProblem(error))
    })
  })
  server.on('clientError', answerClientError)

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req, maxBodyBytes)
    if (body === undefined) {
      const text = `the request body exceeds ${maxBodyBytes} bytes`
      return sendProblem(req, res, problem(413, 'PAYLOAD_TOO_LARGE', text), { connection: 'close' })
    }
    const method = req.method ?? 'GET'
    if (UNSUPPORTED_METHODS.has(method)) {
      return sendProblem(req, res, problem(405, 'SERVICE_INVALID', `${method} is not supported`))
    }
    const origin = originOf(server)
    let request: Request
    try {
      request = toRequest(req, origin, body)
    } catch (error) {
      const text = `the request cannot be read: ${(error as Error).message}`
      return sendProblem(req, res, problem(400, 'FORMAT_ERROR', text))
    }
    // baseUrl: without it msw resolves relative handler paths against nothing and nothing matches.
    const response = await getResponse(handlers, request, { baseUrl: origin })
    if (!response) {
      const text = `no sandbox endpoint at ${new URL(request.url).pathname}`
      return sendProblem(req, res, problem(404, 'RESOURCE_UNKNOWN', text))
    }
    response.headers.forEach((value, name) => {
      res.appendHeader(name, value)
    })
    const payload = Buffer.from(await response.arrayBuffer())
    if (req.method !== 'HEAD') res.setHeader('content-length', payload.length)
    res.writeHead(response.status)
    res.end(payload)
  }

  return server
}

/**
 * The body, or undefined when it is larger than `max`. An oversized body is still drained (and
 * dropped), so the client reads the 413 instead of a reset connection.
 */
async function readBody(req: IncomingMessage, max: number): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size <= max) chunks.push(chunk)
  }
  return size > max ? undefined : new Uint8Array(Buffer.concat(chunks))
}

function toRequest(req: IncomingMessage, origin: string, body: Uint8Array<ArrayBuffer>): Request {
  const headers = new Headers()
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    headers.append(req.rawHeaders[i] as string, req.rawHeaders[i + 1] as string)
  }
  const method = req.method ?? 'GET'
  const hasBody = method !== 'GET' && method !== 'HEAD' && body.length > 0
  return new Request(new URL(req.url ?? '/', origin), { method, headers, ...(hasBody ? { body } : {}) })
}

function originOf(server: Server): string {
  const address = server.address() as AddressInfo
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address
  return `http://${host}:${address.port}`
}
