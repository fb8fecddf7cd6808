import type { UpstreamRequest } from './console-trace'
import type { SigningInfo } from './transport'
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

type Listener = () => void
let entries: readonly RequestLogEntry[] = []
let nextId = 1
const listeners = new Set<Listener>()

export const requestLog = {
  add(entry: Omit<RequestLogEntry, 'id'>): void {
    entries = [{ ...entry, id: nextId++ }, ...entries].slice(0, MAX_ENTRIES)
    for (const listener of listeners) listener()
  },
  clear(): void {
    entries = []
    for (const listener of listeners) listener()
  },
  /** Newest first; a new array after every change, so it suits useSyncExternalStore. */
  snapshot(): readonly RequestLogEntry[] {
    return entries
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
}
