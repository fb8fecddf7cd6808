import type { RequestLogEntry } from '../../api'
import { headerNames } from '../../contract'
import { curlCommandLine } from '../../signing/curl-command'

const curl = (method: string, url: string, headers: [string, string][], body: string | undefined) =>
  curlCommandLine({
    method,
    url,
    headers,
    ...(body === undefined ? {} : { data: { option: '--data-raw', value: body } }),
  })

/**
 * The request as the console sent it, for the proxy to sign anew, without its X-Request-ID: the proxy makes a
 * new one for each run and refuses to sign one it signed in the last 10 minutes (docs/security.md).
 */
export function curlCommand(entry: RequestLogEntry, origin: string): string {
  const requestId = headerNames.requestId.toLowerCase()
  const headers = entry.requestHeaders.filter(([name]) => name.toLowerCase() !== requestId)
  return curl(entry.method, origin + entry.url, headers, entry.requestBody)
}

/** What the browser signed offline and the proxy makes itself: sent by curl to the proxy, it would drop them. */
const signedInTheBrowser = new Set(
  [
    headerNames.signature,
    headerNames.digest,
    headerNames.tppSignatureCertificate,
    headerNames.consoleDate,
    headerNames.requestId,
  ].map((name) => name.toLowerCase()),
)

/**
 * An offline request, answered inside the tab where no curl can reach, as the same request to the console's
 * proxy (`npm start`, Proxy mode) at `origin`: without the browser's signature, which the proxy makes anew.
 */
export function proxyCurlCommand(entry: RequestLogEntry, origin: string): string {
  const headers = entry.requestHeaders.filter(([name]) => !signedInTheBrowser.has(name.toLowerCase()))
  return curl(entry.method, origin + entry.url, headers, entry.requestBody)
}

/** The signed request as the proxy sent it upstream; its Date and Signature go stale after 5 minutes. */
export function signedCurlCommand(entry: RequestLogEntry): string | undefined {
  if (!entry.upstream) return undefined
  const headers = entry.upstream.headers.filter(([name]) => name.toLowerCase() !== 'content-length')
  return curl(entry.method, entry.upstream.url, headers, entry.requestBody)
}
