import { useEffect, useRef } from 'react'
import type { RequestLogEntry } from '../../api'
import type { ProbeExchange } from '../../contract/probe'
import { RequestBody } from '../inspector'
import { maskBody, maskHeaders, usePresenter } from '../presenter'
import { logEntryOf } from './probe-run'

/** `#6 GET /v1/…/(probe account)/transactions?… 200`: the probe account's id runs to 90 characters. */
export function requestLine(exchange: ProbeExchange, accountId: string | undefined): string {
  const path =
    accountId === undefined
      ? exchange.path
      : exchange.path.replace(`/${encodeURIComponent(accountId)}`, '/(probe account)')
  return `#${exchange.index} ${exchange.method} ${path} ${exchange.status ?? 'failed'}`
}

/** A trait's evidence in its row: the requests whose answers settled it, each a button that shows it. */
export function EvidenceLinks({
  exchanges,
  accountId,
  shown,
  onShow,
  unsettled,
}: {
  exchanges: readonly ProbeExchange[]
  accountId: string | undefined
  /** The exchange shown below the report, if any. */
  shown: number | undefined
  onShow: (index: number) => void
  /** Why there is none, when there is none. */
  unsettled: string
}) {
  if (exchanges.length === 0) return <span className="muted">{unsettled}</span>
  return (
    <ul className="probe-evidence">
      {exchanges.map((exchange) => (
        <li key={exchange.index}>
          <button
            type="button"
            className="link-button"
            aria-pressed={shown === exchange.index}
            onClick={() => onShow(exchange.index)}
          >
            {requestLine(exchange, accountId)}
          </button>
        </li>
      ))}
    </ul>
  )
}

/**
 * One request of the probe as the inspector shows a proxied request (the inspector's list holds it too). In
 * presenter mode every person's identifier in it is masked, as the inspector masks.
 */
export function EvidenceRequest({
  exchange,
  accountId,
}: {
  exchange: ProbeExchange
  accountId: string | undefined
}) {
  const presenting = usePresenter()
  const ref = useRef<HTMLElement>(null)
  // Below a long table: brought into sight when a row's request is chosen (each one mounts it anew).
  // A block, not an arrow's value: Chromium's scrollIntoView returns a promise, which React would take for
  // the effect's cleanup and call when the request is closed.
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'start' })
  }, [])
  const entry: RequestLogEntry = { ...logEntryOf(exchange), kind: 'request', id: exchange.index }
  return (
    <section className="probe-evidence-request" aria-label="Evidence" ref={ref}>
      <h4>Evidence: {requestLine(exchange, accountId)}</h4>
      <RequestBody entry={presenting ? masked(entry) : entry} />
    </section>
  )
}

function masked(entry: RequestLogEntry): RequestLogEntry {
  return {
    ...entry,
    requestHeaders: maskHeaders(entry.requestHeaders),
    responseHeaders: maskHeaders(entry.responseHeaders),
    ...(entry.requestBody === undefined ? {} : { requestBody: maskBody(entry.requestBody) }),
    ...(entry.responseBody === undefined ? {} : { responseBody: maskBody(entry.responseBody) }),
    ...(entry.upstream === undefined
      ? {}
      : { upstream: { ...entry.upstream, headers: maskHeaders(entry.upstream.headers) } }),
  }
}
