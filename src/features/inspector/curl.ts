import type { RequestLogEntry } from '../../api'

const quote = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`

/** The request as a shell command, headers as sent (signature included), to replay outside the console. */
export function curlCommand(entry: RequestLogEntry, origin: string): string {
  const parts = ['curl', '-X', entry.method, quote(origin + entry.url)]
  for (const [name, value] of entry.requestHeaders) parts.push('-H', quote(`${name}: ${value}`))
  if (entry.requestBody !== undefined) parts.push('--data-raw', quote(entry.requestBody))
  return parts.join(' ')
}
