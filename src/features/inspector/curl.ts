import type { RequestLogEntry } from '../../api'

const quote = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`

function curl(method: string, url: string, headers: [string, string][], body: string | undefined): string {
  const parts = ['curl', '-X', method, quote(url)]
  for (const [name, value] of headers) parts.push('-H', quote(`${name}: ${value}`))
  if (body !== undefined) parts.push('--data-raw', quote(body))
  return parts.join(' ')
}

/** The request as the console sent it: re-runnable as it is (the proxy, or nobody offline, signs it anew). */
export function curlCommand(entry: RequestLogEntry, origin: string): string {
  return curl(entry.method, origin + entry.url, entry.requestHeaders, entry.requestBody)
}

/** The signed request as the proxy sent it upstream; its Date and Signature go stale after 5 minutes. */
export function signedCurlCommand(entry: RequestLogEntry): string | undefined {
  if (!entry.upstream) return undefined
  const headers = entry.upstream.headers.filter(([name]) => name.toLowerCase() !== 'content-length')
  return curl(entry.method, entry.upstream.url, headers, entry.requestBody)
}
