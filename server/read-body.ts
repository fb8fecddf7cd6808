import type { IncomingMessage, ServerResponse } from 'node:http'
import { problem } from '../src/contract'
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
 * The body, or undefined when there is none to go on with: a body over the limit has been answered 413
 * PAYLOAD_TOO_LARGE, and a client that went away gets no answer.
 */
export async function readBodyWithin(
  req: IncomingMessage,
  res: ServerResponse,
  maxBytes: number,
): Promise<Buffer | undefined> {
  const read = await readBody(req, maxBytes)
  if (read.ok) return read.body
  if (read.reason === 'too-large') {
    const text = `The request body exceeds ${maxBytes} bytes`
    // Closing the connection is the only way to stop a client that is still sending.
    sendProblem(req, res, problem(413, 'PAYLOAD_TOO_LARGE', text), { connection: 'close' })
  }
  return undefined
}
