import { base64ToBytes } from '../../signing/base64'
import { pathAndQuery, type Reading, utf8 } from './pasted-request'

interface HarRequest {
  method?: unknown
  url?: unknown
  headers?: unknown
  postData?: { text?: unknown; encoding?: unknown }
}

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
  if (
    typeof request.method !== 'string' ||
    typeof request.url !== 'string' ||
    !Array.isArray(request.headers)
  ) {
    return { ok: false, reason: 'the HAR entry has no request with method, url and headers' }
  }
  const headers = (request.headers as { name?: unknown; value?: unknown }[])
    .filter((h) => typeof h.name === 'string' && typeof h.value === 'string' && !h.name.startsWith(':'))
    .map((h) => [h.name, h.value] as [string, string])
  const post = request.postData
  const notes: string[] = []
  let body: Uint8Array | undefined
  if (typeof post?.text === 'string' && post.text !== '') {
    body = post.encoding === 'base64' ? base64ToBytes(post.text) : utf8(post.text)
    if (!body) return { ok: false, reason: 'the HAR entry says its body is base64 but it is not' }
  }
  return {
    ok: true,
    format: 'HAR',
    request: {
      method: request.method.toUpperCase(),
      url: pathAndQuery(request.url),
      headers,
      ...(body ? { body } : {}),
      bodySource: body ? (post?.encoding === 'base64' ? 'exact' : 'har-text') : 'none',
    },
    notes,
    ...(typeof creator === 'string' ? { creator } : {}),
    ...(requests.length > 1
      ? { entries: requests.map((r, i) => `${i + 1}. ${String(r.method ?? '?')} ${String(r.url ?? '?')}`) }
      : {}),
  }
}
