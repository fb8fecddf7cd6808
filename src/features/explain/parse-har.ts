import { base64ToBytes } from '../../signing/base64'
import type { BodySource } from '../../signing/diagnosis'
import { pathAndQuery, type Reading, utf8 } from './pasted-request'

interface HarRequest {
  method?: unknown
  url?: unknown
  headers?: unknown
  postData?: { text?: unknown; encoding?: unknown }
}

type HarHeader = { name?: unknown; value?: unknown }

/**
 * A HAR file (`log.entries`), one entry, or one entry's `request`. The body of a HAR entry is text, or
 * base64 with `encoding: "base64"`: then its bytes are exact.
 */
export function parseHar(text: string, entryIndex = 0): Reading {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    return { ok: false, reason: `it looks like a HAR file but is not JSON (${(error as Error).message})` }
  }
  const log = (json as { log?: { entries?: unknown; creator?: { name?: unknown } } })?.log
  const creator = log?.creator?.name
  const entries: unknown[] = Array.isArray(log?.entries) ? log.entries : [json]
  const requests = entries.map(
    (entry) => ((entry as { request?: HarRequest })?.request ?? entry) as HarRequest,
  )
  if (requests.length === 0) return { ok: false, reason: 'the HAR file has no entries' }
  const request = requests[Math.min(entryIndex, requests.length - 1)] as HarRequest
  if (!isComplete(request)) {
    return { ok: false, reason: 'the HAR entry has no request with method, url and headers' }
  }
  const body = readBody(request.postData)
  if ('reason' in body) return body
  return {
    ok: true,
    format: 'HAR',
    request: {
      method: request.method.toUpperCase(),
      url: pathAndQuery(request.url),
      headers: namedHeaders(request.headers),
      ...body,
    },
    notes: [],
    ...(typeof creator === 'string' ? { creator } : {}),
    ...(requests.length > 1 ? { entries: requests.map(entryLabel) } : {}),
  }
}

function isComplete(
  request: HarRequest,
): request is HarRequest & { method: string; url: string; headers: HarHeader[] } {
  return (
    typeof request.method === 'string' && typeof request.url === 'string' && Array.isArray(request.headers)
  )
}

/** The headers a HAR entry lists, without HTTP/2's pseudo-headers (`:authority`, `:path`…). */
function namedHeaders(headers: HarHeader[]): [string, string][] {
  return headers
    .filter((h) => typeof h.name === 'string' && typeof h.value === 'string' && !h.name.startsWith(':'))
    .map((h) => [h.name, h.value] as [string, string])
}

/** The entry's body and where its bytes come from, or why it cannot be read. */
type HarBody = { body?: Uint8Array; bodySource: BodySource } | { ok: false; reason: string }

function readBody(post: HarRequest['postData']): HarBody {
  if (typeof post?.text !== 'string' || post.text === '') return { bodySource: 'none' }
  if (post.encoding !== 'base64') return { body: utf8(post.text), bodySource: 'har-text' }
  const body = base64ToBytes(post.text)
  if (!body) return { ok: false, reason: 'the HAR entry says its body is base64 but it is not' }
  return { body, bodySource: 'exact' }
}

/** How the entry is listed when the file has several to pick from. */
const entryLabel = (request: HarRequest, i: number) =>
  `${i + 1}. ${String(request.method ?? '?')} ${String(request.url ?? '?')}`
