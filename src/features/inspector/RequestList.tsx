import { memo, useState } from 'react'
import type { AppErrorEntry, AppErrorReport, LogEntry, RequestLogEntry } from '../../api'
import { RequestBody } from './RequestBody'
import { ConditionBadge, Operation, Status, time } from './request-line'

/** The open panel's entries, newest first: loaded when the panel is first opened, not with the page. */
export function RequestList({ entries }: { entries: readonly LogEntry[] }) {
  return (
    <ol className="request-list">
      {entries.map((entry) => (
        <li key={entry.id}>
          {entry.kind === 'request' ? <RequestDetails entry={entry} /> : <AppErrorDetails entry={entry} />}
        </li>
      ))}
    </ol>
  )
}

/** Entries never change, so one renders once; its body only while it is open. */
const RequestDetails = memo(function RequestDetails({ entry }: { entry: RequestLogEntry }) {
  const [open, setOpen] = useState(false)
  return (
    <details className="request" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        <span className="muted">{time(entry)}</span> <Operation entry={entry} />{' '}
        <strong>{entry.method}</strong> {entry.url} <Status entry={entry} />{' '}
        <span className="muted">{entry.durationMs} ms</span>
        <ConditionBadge entry={entry} />
      </summary>
      {open ? <RequestBody entry={entry} /> : null}
    </details>
  )
})

const reportLabels: Record<AppErrorReport, string> = {
  caught: 'caught by an error boundary: the console showed what failed in its place',
  uncaught: 'not caught: the console stopped',
  recoverable: 'React recovered from it',
}

/** An error of the console itself: what it said in the summary, where React was rendering it folded. */
function AppErrorDetails({ entry }: { entry: AppErrorEntry }) {
  return (
    <details className="app-error">
      <summary>
        <span className="muted">{time(entry)}</span> <strong>App error</strong>{' '}
        <span className="status bad">{entry.message}</span>
      </summary>
      <div className="request-body">
        <p>{reportLabels[entry.report]}.</p>
        {entry.componentStack ? (
          <>
            <h3>Component stack</h3>
            <pre>{entry.componentStack.replace(/^\n+/, '')}</pre>
          </>
        ) : (
          <p className="muted">React gave no component stack.</p>
        )}
      </div>
    </details>
  )
}
