import http from 'node:http'
import https from 'node:https'
import { CONSOLE_SANDBOX_FLAG, OPENAPI_PATH } from '../src/contract'

/** Whether the upstream is one of our own sandboxes, which have the console's own operations; else a bank's. */
export type UpstreamKind = () => Promise<'console-sandbox' | 'bank'>

/** The largest OpenAPI document read when asking; a larger one is not ours (ours is about 60 KB). */
const MAX_DOCUMENT_BYTES = 1024 * 1024

/**
 * Asks the upstream once, unsigned, for `<base URL>/openapi.json`: our sandboxes (`npm run sandbox`, the
 * local upstream of `npm start`) serve it with the `x-sandbox-console` flag; anything else is a bank. A
 * received answer decides for the life of the process; a failure to get one (refused, reset, a timeout, a
 * 5xx) decides nothing and counts as a bank for that request, so nothing of the console's own reaches an
 * upstream not known to be ours, and the next request asks again.
 */
export function probeUpstreamKind(baseUrl: URL, timeoutMs: number): UpstreamKind {
  let decided: Promise<'console-sandbox' | 'bank'> | undefined
  return () => {
    if (decided !== undefined) return decided
    const asking = askOpenApi(baseUrl, timeoutMs).then(
      (answer) => {
        if (answer === undefined) decided = undefined
        return answer ?? 'bank'
      },
      () => {
        decided = undefined
        return 'bank' as const
      },
    )
    decided = asking
    return asking
  }
}

function askOpenApi(baseUrl: URL, timeoutMs: number): Promise<'console-sandbox' | 'bank' | undefined> {
  const url = new URL(`${baseUrl.pathname.replace(/\/+$/, '')}${OPENAPI_PATH}`, baseUrl)
  const transport = url.protocol === 'https:' ? https : http
  return new Promise((resolve) => {
    const request = transport.get(url, { headers: { accept: 'application/json' }, timeout: timeoutMs })
    request.once('timeout', () => request.destroy(new Error('timed out')))
    request.once('error', () => resolve(undefined))
    request.once('response', (response) => {
      const status = response.statusCode ?? 0
      if (status >= 500) {
        response.resume()
        return resolve(undefined)
      }
      const chunks: Buffer[] = []
      let size = 0
      response.on('data', (chunk: Buffer) => {
        size += chunk.length
        if (size > MAX_DOCUMENT_BYTES) {
          response.destroy()
          return resolve('bank')
        }
        chunks.push(chunk)
      })
      response.once('error', () => resolve(undefined))
      response.once('end', () => {
        if (status !== 200) return resolve('bank')
        resolve(hasFlag(Buffer.concat(chunks).toString('utf8')) ? 'console-sandbox' : 'bank')
      })
    })
  })
}

function hasFlag(text: string): boolean {
  try {
    const document = JSON.parse(text) as unknown
    return typeof document === 'object' && document !== null && CONSOLE_SANDBOX_FLAG in document
  } catch {
    return false
  }
}
