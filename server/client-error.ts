import { type IncomingMessage, type Server, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import type { Duplex } from 'node:stream'
import { problem, type RouteMatch, type RouteRefusal, refusalOf } from '../src/contract'
import { problemBody, sendRefusal, setHeaders } from './problem-response'

/**
 * What each of the console's servers answers beyond its request handler. Node leaves it to the server's owner:
 * a request its parser refuses, CONNECT (unheard, Node destroys the socket without a word: an empty reply),
 * and the connection after a request that asked to Upgrade. `routeAt` is the server's route matcher for a
 * CONNECT to a path of its own, so that the 405 lists what the path allows as for any other method;
 * `headers`, what the server puts on every answer of its (the console's server: /api's security headers).
 */
export function answerBeyondRequests(
  server: Server,
  routeAt: (path: string) => RouteMatch,
  headers: Readonly<Record<string, string | undefined>> = {},
): void {
  server.on('clientError', answerClientError)
  server.on('connect', (req: IncomingMessage, socket: Duplex) => refuseTunnel(req, socket, routeAt, headers))
  server.prependListener('request', closeAfterUpgradeAsked)
}

/**
 * Neither server opens a tunnel, to the upstream or anywhere: CONNECT is refused as a method no route takes,
 * then the connection closes, for what a client sends next on it is the tunnel's bytes, not HTTP.
 */
function refuseTunnel(
  req: IncomingMessage,
  socket: Duplex,
  routeAt: (path: string) => RouteMatch,
  headers: Readonly<Record<string, string | undefined>>,
): void {
  // Node took its own error listener off the socket as it handed it over: an unheard reset would crash.
  socket.on('error', () => socket.destroy())
  const target = req.url ?? ''
  const route = target.startsWith('/') ? routeAt(target.split('?')[0] ?? '') : undefined
  const refusal: RouteRefusal =
    route?.kind === 'method-not-allowed'
      ? refusalOf('CONNECT', target, route)
      : {
          status: 405,
          problem: problem(
            405,
            'SERVICE_INVALID',
            `CONNECT is not allowed on ${target}: this server opens no tunnels`,
          ),
          allow: '',
        }
  const res = new ServerResponse(req)
  res.shouldKeepAlive = false
  res.assignSocket(socket as Socket)
  res.once('finish', () => {
    res.detachSocket(socket as Socket)
    socket.end()
  })
  setHeaders(res, headers)
  sendRefusal(req, res, refusal)
}

/**
 * Node passes a request asking to Upgrade to the handler when no 'upgrade' listener is set, and answers it
 * as any other (RFC 9110 §7.8 lets a server ignore Upgrade); but its parser then reads nothing more on the
 * connection, and a client that sent its next request there waited for ever. That connection ends with the
 * answer.
 */
function closeAfterUpgradeAsked(req: IncomingMessage, res: ServerResponse): void {
  if (req.headers.upgrade !== undefined) res.shouldKeepAlive = false
}

/** llhttp's codes for a malformed header line: CR or LF inside a value, obs-fold, control characters. */
const headerLineErrors = new Set(['HPE_INVALID_HEADER_TOKEN', 'HPE_LF_EXPECTED', 'HPE_CR_EXPECTED'])

interface ParseError extends Error {
  code?: string
  bytesParsed?: number
  rawPacket?: Buffer
}

/**
 * Node's parser refuses requests with CR/LF or control characters in header values before any handler runs,
 * and Node's server ends requests whose headers or body come too slowly (headersTimeout, requestTimeout).
 * This answers them in the API's own error shape, naming the header when the parser stopped inside one.
 */
function answerClientError(error: ParseError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable || answerStarted(socket)) return void socket.destroy()
  const { status, reason, p } = clientProblem(error)
  const body = problemBody(p)
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\n` +
      `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
      `connection: close\r\n\r\n${body}`,
  )
}

function clientProblem(error: ParseError) {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    const text = 'The request did not arrive in time: its headers or its body came too slowly'
    return { status: 408, reason: 'Request Timeout', p: problem(408, 'REQUEST_TIMEOUT', text) }
  }
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    const text = 'The request headers are too large'
    return { status: 431, reason: 'Request Header Fields Too Large', p: problem(431, 'FORMAT_ERROR', text) }
  }
  const header = headerLineErrors.has(error.code ?? '') ? headerAtError(error) : undefined
  const text = `Malformed request${header === undefined ? '' : `: invalid ${header} header line`} (${error.code ?? 'parse error'})`
  return { status: 400, reason: 'Bad Request', p: problem(400, 'FORMAT_ERROR', text, header) }
}

/** Bytes of a response already on this socket: another status line would corrupt it, so the socket closes. */
function answerStarted(socket: Socket): boolean {
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage
  return inFlight?.headersSent === true
}

/** The header whose line the parser stopped in; a line starting with white space folds into the one before. */
function headerAtError({ rawPacket, bytesParsed }: ParseError): string | undefined {
  if (rawPacket === undefined || bytesParsed === undefined) return undefined
  const lines = rawPacket.subarray(0, bytesParsed).toString('latin1').split('\n')
  const current = lines.at(-1) ?? ''
  const folded = current === '' && [0x20, 0x09].includes(rawPacket[bytesParsed] ?? 0)
  const line = folded ? lines.at(-2) : current
  return /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):/.exec(line ?? '')?.[1]
}
