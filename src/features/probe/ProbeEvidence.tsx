import type { RequestLogEntry } from '../../api'
import type { BankTraitName, ProbeExchange } from '../../contract/bank-profile'
import { RequestBody } from '../inspector/Inspector'
import { maskBody, maskHeaders } from '../presenter/mask'
import { usePresenter } from '../presenter/presenter'
import { logEntryOf } from './probe-run'

/**
 * The requests whose answers settled a trait, each opening as the inspector shows it (the inspector's list
 * holds them too). In presenter mode every person's identifier in them is masked, as the inspector masks.
 */
export function ProbeEvidence({
  trait,
  indexes,
  exchanges,
  unsettled,
}: {
  trait: BankTraitName
  indexes: readonly number[]
  exchanges: readonly ProbeExchange[]
  /** Why there is none, when there is none. */
  unsettled: string
}) {
  const presenting = usePresenter()
  const shown = exchanges.filter((exchange) => indexes.includes(exchange.index))
  if (shown.length === 0) return <span className="muted">{unsettled}</span>
  return (
    <ul className="probe-evidence" aria-label={`Evidence for ${trait}`}>
      {shown.map((exchange) => {
        const entry = { ...logEntryOf(exchange), kind: 'request', id: exchange.index } as RequestLogEntry
        return (
          <li key={exchange.index}>
            <details className="request">
              <summary>
                #{exchange.index} <strong>{exchange.method}</strong> {exchange.path}{' '}
                <span
                  className={
                    exchange.status !== undefined && exchange.status < 400 ? 'status ok' : 'status bad'
                  }
                >
                  {exchange.status ?? 'failed'}
                </span>
              </summary>
              <RequestBody entry={presenting ? masked(entry) : entry} />
            </details>
          </li>
        )
      })}
    </ul>
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
