import type { RequestLogEntry } from '../../api'
import { headerNames } from '../../contract'
import { withoutSecrets } from './redact'

const SIGNED = [
  headerNames.signature,
  headerNames.date,
  headerNames.consoleDate,
  headerNames.digest,
  headerNames.requestId,
  headerNames.tppSignatureCertificate,
].map((name) => name.toLowerCase())

export const STALE_COMMENT =
  'Part of the signature as it was sent: the Date is stale 5 minutes later and the sandbox refuses a repeated X-Request-ID, so sign again before resending.'

interface HarHeader {
  name: string
  value: string
  comment?: string
}

const harHeaders = (headers: readonly [string, string][]): HarHeader[] =>
  withoutSecrets(headers).map(([name, value]) =>
    SIGNED.includes(name.toLowerCase()) ? { name, value, comment: STALE_COMMENT } : { name, value },
  )

function headerValue(headers: readonly [string, string][], wanted: string): string | undefined {
  return headers.find(([name]) => name.toLowerCase() === wanted.toLowerCase())?.[1]
}

const byteLength = (text: string | undefined) =>
  text === undefined ? 0 : new TextEncoder().encode(text).length

function harEntry(entry: RequestLogEntry, origin: string) {
  // In proxy mode the signed request is the one the proxy sent upstream; offline it is the console's own.
  const sent = entry.upstream ?? { url: origin + entry.url, headers: entry.requestHeaders }
  const url = new URL(sent.url)
  const responseType = headerValue(entry.responseHeaders, 'content-type') ?? ''
  return {
    startedDateTime: new Date(entry.startedAt).toISOString(),
    time: entry.durationMs,
    request: {
      method: entry.method,
      url: url.href,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: harHeaders(sent.headers),
      queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
      ...(entry.requestBody === undefined
        ? {}
        : {
            postData: {
              mimeType: headerValue(sent.headers, 'content-type') ?? 'application/json',
              text: entry.requestBody,
            },
          }),
      headersSize: -1,
      bodySize: byteLength(entry.requestBody),
    },
    response: {
      status: entry.status ?? 0,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: harHeaders(entry.responseHeaders),
      content: {
        size: byteLength(entry.responseBody),
        mimeType: responseType,
        ...(entry.responseBody === undefined ? {} : { text: entry.responseBody }),
      },
      redirectURL: '',
      headersSize: -1,
      bodySize: byteLength(entry.responseBody),
      ...(entry.failure ? { comment: `No answer: ${entry.failure}` } : {}),
    },
    cache: {},
    timings: { send: 0, wait: entry.durationMs, receive: 0 },
    ...(entry.condition ? { comment: `Shaped by the console's condition ${entry.condition}` } : {}),
  }
}

/** The inspector's requests, oldest first as HAR lists them; the signer's key is never in the log. */
export function toHar(entries: readonly RequestLogEntry[], origin: string) {
  return {
    log: {
      version: '1.2',
      // The version of this export's shape, not of the console.
      creator: { name: 'Sandbox Console', version: '1' },
      entries: [...entries].reverse().map((entry) => harEntry(entry, origin)),
    },
  }
}
