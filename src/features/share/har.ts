import type { RequestLogEntry } from '../../api'
import { headerNames } from '../../contract'
import { CONSOLE_VERSION } from '../../ui/console-version'
import { isPersonalHeader } from '../presenter'
import { REDACTED, redactBody, redactHeaders, withoutSecrets } from './redact'

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

/** On a Signature kept whole, which anyone holding the file can resend until its Date is stale. */
export const LIVE_COMMENT =
  'The signature as it was sent, live until its Date goes stale 5 minutes later: until then anyone holding this file can resend the request as signed.'

/**
 * On a Signature whose signature parameter is blanked: its keyId and header list still say how it was made.
 * It names the PSU ids it signed: those the request carried, as the signer signs each one present
 * (`SIGNED_WHEN_PRESENT`); the console sends PSU-Corporate-ID for a corporate account only.
 */
function blankedComment(signedIds: readonly string[]): string {
  const live = `The signature parameter is ${REDACTED}: it was live until its Date went stale 5 minutes later`
  return signedIds.length === 0
    ? `${live}.`
    : `${live}, and it signed the ${signedIds.join(' and ')} this file redacts.`
}

const SIGNATURE_PARAMETER = /(^|,)\s*signature="[^"]*"/

interface HarHeader {
  name: string
  value: string
  comment?: string
}

export interface HarOptions {
  /** PSU ids, customer numbers and the signature parameter as `[redacted]`, as share links do by default. */
  redact: boolean
}

/**
 * A message's headers as HAR lists them. Only the request's are signed: the answer's Date and echoed
 * X-Request-ID get no word on signatures.
 */
function harHeaders(
  headers: readonly [string, string][],
  { redact }: HarOptions,
  side: 'request' | 'response',
): HarHeader[] {
  const kept = redact ? redactHeaders(withoutSecrets(headers)) : withoutSecrets(headers)
  if (side === 'response') return kept.map(([name, value]) => ({ name, value }))
  const signedIds = headers.filter(([name]) => isPersonalHeader(name)).map(([name]) => name)
  return kept.map(([name, value]) => {
    if (name.toLowerCase() === headerNames.signature.toLowerCase()) {
      return redact
        ? {
            name,
            value: value.replace(SIGNATURE_PARAMETER, `$1signature="${REDACTED}"`),
            comment: blankedComment(signedIds),
          }
        : { name, value, comment: LIVE_COMMENT }
    }
    return SIGNED.includes(name.toLowerCase()) ? { name, value, comment: STALE_COMMENT } : { name, value }
  })
}

function headerValue(headers: readonly [string, string][], wanted: string): string | undefined {
  return headers.find(([name]) => name.toLowerCase() === wanted.toLowerCase())?.[1]
}

const byteLength = (text: string | undefined) =>
  text === undefined ? 0 : new TextEncoder().encode(text).length

function harEntry(entry: RequestLogEntry, origin: string, options: HarOptions) {
  const body = (text: string | undefined) => (text === undefined || !options.redact ? text : redactBody(text))
  const requestBody = body(entry.requestBody)
  const responseBody = body(entry.responseBody)
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
      headers: harHeaders(sent.headers, options, 'request'),
      queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
      ...(requestBody === undefined
        ? {}
        : {
            postData: {
              mimeType: headerValue(sent.headers, 'content-type') ?? 'application/json',
              text: requestBody,
            },
          }),
      headersSize: -1,
      // The sizes of the bodies this file holds: redacted, they are shorter than the ones sent.
      bodySize: byteLength(requestBody),
    },
    response: {
      status: entry.status ?? 0,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: harHeaders(entry.responseHeaders, options, 'response'),
      content: {
        size: byteLength(responseBody),
        mimeType: responseType,
        ...(responseBody === undefined ? {} : { text: responseBody }),
      },
      redirectURL: '',
      headersSize: -1,
      bodySize: byteLength(responseBody),
      ...(entry.failure ? { comment: `No answer: ${entry.failure}` } : {}),
    },
    cache: {},
    timings: { send: 0, wait: entry.durationMs, receive: 0 },
    ...(entry.condition ? { comment: `Shaped by the console's condition ${entry.condition}` } : {}),
  }
}

/**
 * The inspector's requests, oldest first as HAR lists them; the signer's key is never in the log. Redacted
 * (the default in the Share dialog), PSU ids, customer numbers and signatures read `[redacted]`.
 */
export function toHar(entries: readonly RequestLogEntry[], origin: string, options: HarOptions) {
  return {
    log: {
      version: '1.2',
      creator: { name: 'Sandbox Console', version: CONSOLE_VERSION },
      entries: [...entries].reverse().map((entry) => harEntry(entry, origin, options)),
    },
  }
}
