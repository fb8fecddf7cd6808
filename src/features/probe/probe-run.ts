import { useSyncExternalStore } from 'react'
import { ApiError, type RequestLog, type RequestLogEntry } from '../../api'
import { consoleFetch } from '../../api/console-secret'
import { API_BASE, headerNames } from '../../contract'
import type { BankProfileFile } from '../../contract/bank-profile'
import {
  CONSOLE_PROBE_PATH,
  type ProbeExchange,
  type ProbeOutcome,
  type ProbeRequest,
  probeMaxRequests,
} from '../../contract/probe'
import { keepLastCheck } from './last-check'
import { runUnderWay } from './leaving'
import { probeEvents } from './probe-stream'

/** A check of the proxy's upstream ("Check this sandbox…"), from its start to its report. */
export type ProbeRun =
  | { phase: 'idle' }
  | {
      phase: 'running'
      customerNumber: string
      exchanges: ProbeExchange[]
      cancelling: boolean
      /** The most it will send: more with the bad-signature opt-in. */
      maxRequests: number
    }
  | {
      phase: 'done'
      customerNumber: string
      exchanges: ProbeExchange[]
      outcome: ProbeOutcome
      profile: BankProfileFile
      /** The same sandbox's last check before this one, if this browser made one. */
      previous: BankProfileFile | undefined
    }
  | { phase: 'failed'; customerNumber: string; exchanges: ProbeExchange[]; error: Error }

// One per page, outside any component: closing the Connection panel during a run, or Back and Forward
// (which stay in this page), do not lose it.
let run: ProbeRun = { phase: 'idle' }
const listeners = new Set<() => void>()
const publish = (next: ProbeRun) => {
  run = next
  runUnderWay(next.phase === 'running' ? { sent: next.exchanges.length, of: next.maxRequests } : undefined)
  for (const listener of listeners) listener()
}

export function useProbeRun(): ProbeRun {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => run,
  )
}

/**
 * Runs the probe in the proxy and follows it: each of its requests goes to the inspector as it ends, the
 * report comes last. A run that is already going is not started twice.
 */
export async function startProbeRun(
  { customerNumber, badSignatures }: ProbeRequest,
  log: RequestLog,
): Promise<void> {
  if (run.phase === 'running') return
  const exchanges: ProbeExchange[] = []
  const maxRequests = probeMaxRequests(badSignatures)
  publish({ phase: 'running', customerNumber, exchanges, cancelling: false, maxRequests })
  try {
    const response = await consoleFetch(CONSOLE_PROBE_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/x-ndjson' },
      body: JSON.stringify({ customerNumber, ...(badSignatures ? { badSignatures } : {}) }),
    })
    if (!response.ok || response.body === null) {
      throw ApiError.fromText(response.status, await response.text(), response.headers)
    }
    for await (const event of probeEvents(response.body)) {
      if (event.event === 'exchange') {
        exchanges.push(event.exchange)
        log.addRequest(logEntryOf(event.exchange))
        // Read again: a cancel may have been asked for since the start.
        const now = run as ProbeRun
        if (now.phase === 'running') publish({ ...now, exchanges: [...exchanges] })
      } else if (event.event === 'done') {
        const { outcome, profile } = event
        const previous = keepLastCheck(outcome, profile)
        publish({ phase: 'done', customerNumber, exchanges, outcome, profile, previous })
        return
      }
    }
    throw new Error('The proxy ended the check without its report: was the console server stopped?')
  } catch (error) {
    const failure = error instanceof Error ? error : new Error(String(error))
    publish({ phase: 'failed', customerNumber, exchanges, error: failure })
  }
}

/** Asks the proxy to stop: the run ends with a report of what it learned so far. */
export async function cancelProbeRun(): Promise<void> {
  if (run.phase !== 'running') return
  publish({ ...run, cancelling: true })
  await consoleFetch(CONSOLE_PROBE_PATH, { method: 'DELETE' })
}

/** Back to the start, for another check. */
export function resetProbeRun(): void {
  if (run.phase !== 'running') publish({ phase: 'idle' })
}

/** What the proxy's signer adds: the inspector lists them as sent upstream, not as the request's own. */
const addedBySigning = new Set(
  [headerNames.date, headerNames.digest, headerNames.signature, headerNames.tppSignatureCertificate].map(
    (name) => name.toLowerCase(),
  ),
)

/**
 * A probe request as the inspector lists a proxied one: the operation's path under /api with its own
 * headers, and as the proxy signed and sent it to the bank.
 */
export function logEntryOf(exchange: ProbeExchange): Omit<RequestLogEntry, 'id' | 'kind'> {
  return {
    startedAt: exchange.startedAt,
    durationMs: exchange.durationMs,
    method: exchange.method,
    url: `${API_BASE}${exchange.path}`,
    ...(exchange.status === undefined ? {} : { status: exchange.status }),
    ...(exchange.failure === undefined ? {} : { failure: exchange.failure }),
    requestHeaders: exchange.requestHeaders.filter(([name]) => !addedBySigning.has(name.toLowerCase())),
    ...(exchange.requestBody === undefined ? {} : { requestBody: exchange.requestBody }),
    responseHeaders: exchange.responseHeaders,
    ...(exchange.responseBody === undefined ? {} : { responseBody: exchange.responseBody }),
    upstream: {
      url: exchange.url,
      headers: exchange.requestHeaders,
      signing: { signingString: exchange.signingString, keyId: exchange.keyId },
    },
  }
}
