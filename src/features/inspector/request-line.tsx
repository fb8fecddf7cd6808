// A request's one-line summary, shared by the folded panel's line and each entry of the open list.
import type { LogEntry, RequestLogEntry } from '../../api'
import { conditionNamed, operationOf } from '../../contract'
import { consoleTime } from '../../ui/dates'

const outcome = (entry: RequestLogEntry) =>
  entry.cancelled ? 'cancelled' : entry.status === undefined ? 'failed' : String(entry.status)
export const time = (entry: LogEntry) => consoleTime(entry.startedAt)

/** The name of the operation in the contract's table the request is, e.g. listTransactions. */
export function Operation({ entry }: { entry: RequestLogEntry }) {
  const name = operationOf(entry.method, entry.url)
  return name === undefined ? null : <span className="operation-name">{name}</span>
}

export function Status({ entry }: { entry: RequestLogEntry }) {
  const ok = entry.status !== undefined && entry.status < 400
  return <span className={ok ? 'status ok' : 'status bad'}>{outcome(entry)}</span>
}

/** A condition shaped this answer, or dropped the request: which rule, so nobody takes it for the sandbox's. */
export function ConditionBadge({ entry }: { entry: RequestLogEntry }) {
  if (entry.condition === undefined) return null
  return (
    <>
      {' '}
      <span className="condition-badge">{conditionNamed(entry.condition)}</span>
    </>
  )
}
