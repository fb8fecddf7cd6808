import type { IncomingMessage, ServerResponse } from 'node:http'
import { type Problem, problem } from '../src/contract'
import { sendProblem } from './problem-response'

export type BodyResult = { ok: true; body: Buffer } | { ok: false; reason: 'too-large' | 'aborted' }

/**
 * Reads the whole request body, which has to be in memory anyway (the proxy computes its Digest, the sandbox
 * handlers get it as one Request). The one limit policy of the console's servers: a declared Content-Length
 * over the limit is refused before a byte is read; a chunked body is refused as soon as the bytes counted so
 * far pass the limit, so a client cannot make a server buffer more than `maxBytes`; a client that goes away
 * before the end is told apart, for there is nobody left to answer.
 */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<BodyResult> {
  const declared = Number(req.headers['content-length'] ?? 0)
  if (declared > maxBytes) return Promise.resolve({ ok: false, reason: 'too-large' })
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let size = 0
    const finish = (result: BodyResult) => {
      req.off('data', onData)
      req.off('end', onEnd)
      req.off('error', onAbort)
      req.off('close', onAbort)
      resolve(result)
    }
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size > maxBytes) finish({ ok: false, reason: 'too-large' })
      else chunks.push(chunk)
    }
    const onEnd = () => finish({ ok: true, body: Buffer.concat(chunks, size) })
    const onAbort = () => finish({ ok: false, reason: 'aborted' })
    req.on('data', onData)
    req.on('end', onEnd)
    req.on('error', onAbort)
    req.on('close', onAbort)
  })
}

/**
 * Neither server decodes a body: one it read as it came would be refused for its bytes (not JSON, not UTF-8),
 * or taken as plain JSON if it was not compressed after all, and the proxy would sign bytes the bank reads
 * otherwise. So a coding other than identity is refused by its name (RFC 9110 §8.4: 415).
 */
function encodedBodyProblem(header: string | undefined): Problem | undefined {
  const codings = (header ?? '').split(',').map((coding) => coding.trim().toLowerCase())
  if (codings.every((coding) => coding === '' || coding === 'identity')) return undefined
  const text = `The request body must be sent uncompressed: Content-Encoding ${JSON.stringify(header)} is not accepted (send none, or identity)`
  return problem(415, 'FORMAT_ERROR', text, 'Content-Encoding')
}

/**
 * The body, or undefined when there is none to go on with: a body over the limit has been answered 413
 * PAYLOAD_TOO_LARGE, an encoded one 415, and a client that went away gets no answer.
 */
export async function readBodyWithin(
  req: IncomingMessage,
  res: ServerResponse,
  maxBytes: number,
): Promise<Buffer | undefined> {
  const encoded = encodedBodyProblem(req.headers['content-encoding'])
  if (encoded !== undefined) {
    // Refused unread, as a body over the limit is: the connection closes on what the client still sends.
    sendProblem(req, res, encoded, { connection: 'close' })
    return undefined
  }
  const read = await readBody(req, maxBytes)
  if (read.ok) return read.body
  if (read.reason === 'too-large') {
    const text = `The request body exceeds ${maxBytes} bytes`
    // Closing the connection is the only way to stop a client that is still sending.
    sendProblem(req, res, problem(413, 'PAYLOAD_TOO_LARGE', text), { connection: 'close' })
  }
  return undefined
}
