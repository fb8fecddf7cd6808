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
 * Node's parser refuses requests with CR/LF or control characters in header values before any handler runs.
 * This answers them in the API's own error shape, naming the header when the parser stopped inside one.
 */
export function answerClientError(error: ParseError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) return void socket.destroy()
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW'
  const header = headerLineErrors.has(error.code ?? '') ? headerAtError(error) : undefined
  const text = tooLarge
    ? 'The request headers are too large'
    : `Malformed request${header === undefined ? '' : `: invalid ${header} header line`} (${error.code ?? 'parse error'})`
  const body = problemBody(problem(tooLarge ? 431 : 400, 'FORMAT_ERROR', text, header))
  socket.end(
    `HTTP/1.1 ${tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request'}\r\n` +
      `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
      `connection: close\r\n\r\n${body}`,
  )
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
