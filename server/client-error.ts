import type { Socket } from 'node:net'
import { problem } from '../src/contract'
import { problemBody } from './problem-response'

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
export function answerClientError(error: ParseError, socket: Socket): void {
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
