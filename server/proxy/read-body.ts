import type { IncomingMessage } from 'node:http'

export type BodyResult = { ok: true; body: Buffer } | { ok: false; reason: 'too-large' | 'aborted' }

/**
 * Reads the whole request body, which has to be in memory anyway to compute its Digest. A declared
 * Content-Length over the limit is refused before a byte is read; a chunked body is refused as soon as the
 * bytes counted so far pass the limit, so a client cannot make the proxy buffer more than `maxBytes`.
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
