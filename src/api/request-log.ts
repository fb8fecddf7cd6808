import type { UpstreamRequest } from './console-trace'
import type { SigningInfo } from './request-signer'
import type { Verification } from './verification'

/** One request as it went over the wire, for the inspector. */
export interface RequestLogEntry {
  id: number
  startedAt: number
  method: string
  /** Path and query as sent, e.g. /api/v1/sandbox/card-accounts/abc/transactions?bookingStatus=booked */
  url: string
  /** Undefined when no HTTP answer came back (see `failure`). */
  status?: number
  failure?: string
  durationMs: number
  requestHeaders: [string, string][]
  requestBody?: string
  responseHeaders: [string, string][]
  responseBody?: string
  signing?: SigningInfo
  verification?: Verification
  /** Proxy mode: the request as the proxy signed and forwarded it. */
  upstream?: UpstreamRequest
}

/** Bodies of large batches run to megabytes: the inspector shows their start (copy as curl takes all). */
export const BODY_PREVIEW_CHARS = 20_000
const MAX_ENTRIES = 100

export function preview(body: string): string {
  return body.length <= BODY_PREVIEW_CHARS
    ? body
    : `${body.slice(0, BODY_PREVIEW_CHARS)}\n… (${body.length.toLocaleString('en')} characters in all)`
}

/** What the inspector lists: every request, newest first. */
export interface RequestLog {
  add(entry: Omit<RequestLogEntry, 'id'>): void
  clear(): void
  /** Newest first; a new array after every change, so it suits useSyncExternalStore. */
  snapshot(): readonly RequestLogEntry[]
  subscribe(listener: () => void): () => void
}

export function createRequestLog(): RequestLog {
  let entries: readonly RequestLogEntry[] = []
  let nextId = 1
  const listeners = new Set<() => void>()
  const publish = (next: readonly RequestLogEntry[]) => {
    entries = next
    for (const listener of listeners) listener()
  }
  return {
    add(entry) {
      publish([{ ...entry, id: nextId++ }, ...entries].slice(0, MAX_ENTRIES))
    },
    clear() {
      publish([])
    },
    snapshot: () => entries,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
