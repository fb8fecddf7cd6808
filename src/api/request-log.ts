import type { UpstreamRequest } from './console-trace'
import type { SigningInfo } from './request-signer'
import type { Verification } from './verification'

/** One request as it went over the wire, for the inspector. */
export interface RequestLogEntry {
  kind: 'request'
  id: number
  startedAt: number
  method: string
  /** Path and query as sent, e.g. /api/v1/sandbox/card-accounts/abc/transactions?bookingStatus=booked */
  url: string
  /** Undefined when no HTTP answer came back (see `failure`). */
  status?: number
  failure?: string
  /** The console gave up waiting (the read it was for was replaced); it may still have reached the sandbox. */
  cancelled?: true
  durationMs: number
  requestHeaders: [string, string][]
  requestBody?: string
  responseHeaders: [string, string][]
  responseBody?: string
  signing?: SigningInfo
  verification?: Verification
  /** Proxy mode: the request as the proxy signed and forwarded it. */
  upstream?: UpstreamRequest
  /**
   * Proxy mode, when the proxy mapped the answer's `_links` hrefs to /api: how many, and the body as the
   * upstream sent it (undefined when the proxy's record of its edits did not come with the answer).
   */
  linksMapped?: { count: number; upstreamBody: string | undefined }
  /** The condition that shaped the answer (or dropped the request), as `X-Console-Condition` names it. */
  condition?: string
}

/**
 * How React reported an error: `caught` by an error boundary (the app shows a recovery screen or a
 * chunk's message), `uncaught` (nothing caught it: React unmounted the tree), `recoverable` (React
 * recovered on its own, e.g. by rendering again).
 */
export type AppErrorReport = 'caught' | 'uncaught' | 'recoverable'

/** An error in the app itself rather than on the wire, so that nothing fails silently. */
export interface AppErrorEntry {
  kind: 'app-error'
  id: number
  startedAt: number
  report: AppErrorReport
  /** "TypeError: …", as the error names itself. */
  message: string
  /** The components React was rendering, innermost first, when it has them. */
  componentStack?: string
}

export type LogEntry = RequestLogEntry | AppErrorEntry

/** Bodies of large batches run to megabytes: the inspector shows their start (copy as curl takes all). */
export const BODY_PREVIEW_CHARS = 20_000
const MAX_ENTRIES = 100

export function preview(body: string): string {
  return body.length <= BODY_PREVIEW_CHARS
    ? body
    : `${body.slice(0, BODY_PREVIEW_CHARS)}\n… (${body.length.toLocaleString('en')} characters in all)`
}

/** What the inspector lists: every request, and every error React reported, newest first. */
export interface RequestLog {
  addRequest(entry: Omit<RequestLogEntry, 'id' | 'kind'>): void
  addAppError(entry: Omit<AppErrorEntry, 'id' | 'kind'>): void
  clear(): void
  /** Newest first; a new array after every change, so it suits useSyncExternalStore. */
  snapshot(): readonly LogEntry[]
  subscribe(listener: () => void): () => void
}

export function createRequestLog(): RequestLog {
  let entries: readonly LogEntry[] = []
  let nextId = 1
  const listeners = new Set<() => void>()
  const publish = (next: readonly LogEntry[]) => {
    entries = next
    for (const listener of listeners) listener()
  }
  const add = (entry: LogEntry) => publish([entry, ...entries].slice(0, MAX_ENTRIES))
  return {
    addRequest(entry) {
      add({ ...entry, kind: 'request', id: nextId++ })
    },
    addAppError(entry) {
      add({ ...entry, kind: 'app-error', id: nextId++ })
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
