import { randomUUID } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http'
import { UUID } from '../../src/contract'
import type { RequestSigner } from '../../src/signing/signer'

export interface Received {
  method: string
  url: string
  headers: IncomingHttpHeaders
  rawHeaders: string[]
  body: string
}

/** An upstream that records what reached it; `answer` decides the reply (default: 200 `{}`). */
export function fakeUpstream(answer?: (req: IncomingMessage, res: ServerResponse, body: string) => void) {
  const received: Received[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString()
      received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        rawHeaders: req.rawHeaders,
        body,
      })
      if (answer) return answer(req, res, body)
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
    })
  })
  return { server, received }
}

/** Stands in for the real signer where only the proxy's plumbing is under test. */
export const fakeSign: RequestSigner['sign'] = async ({ headers }) => {
  const given = headers['x-request-id']
  const requestId = given !== undefined && UUID.test(given) ? given : randomUUID()
  return {
    headers: { ...headers, 'x-request-id': requestId, signature: 'fake' },
    signingString: `x-request-id: ${requestId}`,
    keyId: 'SN=1,CA=CN=Fake',
  }
}
