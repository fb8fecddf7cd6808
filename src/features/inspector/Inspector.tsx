import { lazy, memo, Suspense, useState, useSyncExternalStore } from 'react'
import {
  type AppErrorEntry,
  type AppErrorReport,
  type LogEntry,
  preview,
  type RequestLogEntry,
  useApiClient,
  type Verification,
} from '../../api'
import { operationOf } from '../../contract'
import { consoleTime } from '../../ui/dates'
import { usePresenter } from '../presenter'
import { CopyAsCurl } from './CopyAsCurl'

export // Only a presenter needs it: loaded when presenter mode is first on, not with the page.
const PresenterInspector = lazy(() =>
  import('./PresenterInspector').then((m) => ({ default: m.PresenterInspector })),
)

const outcome = (entry: RequestLogEntry) =>
  entry.cancelled ? 'cancelled' : entry.status === undefined ? 'failed' : String(entry.status)
const time = (entry: LogEntry) => consoleTime(entry.startedAt)

/** The bottom panel: every request as it went over the wire, and every error of the app, newest first. */
export function Inspector() {
  const { log } = useApiClient()
  const entries = useSyncExternalStore(log.subscribe, log.snapshot)
  const presenting = usePresenter()
  if (presenting) {
    return (
      <Suspense fallback={<RequestsPanel entries={entries} />}>
        <PresenterInspector entries={entries} />
      </Suspense>
    )
  }
  return <RequestsPanel entries={entries} />
}

function RequestsPanel({ entries }: { entries: readonly LogEntry[] }) {
  const { log } = useApiClient()
  const [open, setOpen] = useState(false)
  const last = entries[0]
  const requests = entries.filter((entry) => entry.kind === 'request').length
  const appErrors = entries.length - requests
  return (
    <section className="inspector" aria-label="Request inspector">
      <details onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary className="inspector-summary">
          <span className="inspector-title">Requests ({requests})</span>
          {appErrors > 0 ? (
            <span className="status bad">{appErrors === 1 ? '1 app error' : `${appErrors} app errors`}</span>
          ) : null}
          {last?.kind === 'request' ? (
            <span className="inspector-last">
              <Operation entry={last} /> {last.method} {last.url} <Status entry={last} /> {last.durationMs} ms
              <ConditionBadge entry={last} />
            </span>
          ) : last?.kind === 'app-error' ? (
            <span className="inspector-last">App error: {last.message}</span>
          ) : (
            <span className="muted">none yet</span>
          )}
        </summary>
        {/* Closed, the panel renders nothing more: a new request must not cost a render of all the others. */}
        {open ? (
          <div className="inspector-body">
            <p>
              <button type="button" onClick={() => log.clear()} disabled={entries.length === 0}>
                Clear
              </button>
            </p>
            <ol className="request-list">
              {entries.map((entry) => (
                <li key={entry.id}>
                  {entry.kind === 'request' ? (
                    <RequestDetails entry={entry} />
                  ) : (
                    <AppErrorDetails entry={entry} />
                  )}
                </li>
              ))}
            </ol>
          </div>
        ) : null}
      </details>
    </section>
  )
}

/** The name of the operation in the contract's table the request is, e.g. listTransactions. */
function Operation({ entry }: { entry: RequestLogEntry }) {
  const name = operationOf(entry.method, entry.url)
  return name === undefined ? null : <span className="operation-name">{name}</span>
}

function Status({ entry }: { entry: RequestLogEntry }) {
  const ok = entry.status !== undefined && entry.status < 400
  return <span className={ok ? 'status ok' : 'status bad'}>{outcome(entry)}</span>
}

/** A condition shaped this answer, or dropped the request: which rule, so nobody takes it for the sandbox's. */
function ConditionBadge({ entry }: { entry: RequestLogEntry }) {
  if (entry.condition === undefined) return null
  return (
    <>
      {' '}
      <span className="condition-badge">Condition {entry.condition}</span>
    </>
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

export function RequestBody({ entry }: { entry: RequestLogEntry }) {
  const { verification } = entry
  return (
    <div className="request-body">
      <CopyAsCurl entry={entry} />
      <Headers title="Request headers (as sent)" headers={entry.requestHeaders} verification={verification} />
      {entry.upstream ? (
        <>
          <h3>Forwarded by the proxy</h3>
          <p>
            <code>{entry.upstream.url}</code>
          </p>
          <Headers
            title="Headers as sent upstream"
            headers={entry.upstream.headers}
            verification={verification}
          />
        </>
      ) : null}
      {entry.signing ? (
        <>
          <h3>Signing</h3>
          <p>
            keyId <code>{entry.signing.keyId}</code>
          </p>
          <pre>{entry.signing.signingString}</pre>
        </>
      ) : null}
      {verification ? <Verdict verification={verification} /> : null}
      {entry.requestBody !== undefined ? <Body title="Request body" body={entry.requestBody} /> : null}
      {entry.failure ? <p className="field-error">{entry.failure}</p> : null}
      {entry.status !== undefined ? (
        <Headers title={`Response ${entry.status} headers`} headers={entry.responseHeaders} />
      ) : null}
      {entry.responseBody !== undefined ? <Body title="Response body" body={entry.responseBody} /> : null}
      {entry.linksMapped ? <UpstreamAnswer {...entry.linksMapped} /> : null}
    </div>
  )
}

/** Proxy mode: the answer before the proxy mapped its `_links` hrefs onto /api (docs/decisions.md#links-through-the-proxy). */
function UpstreamAnswer({ count, upstreamBody }: NonNullable<RequestLogEntry['linksMapped']>) {
  const mapped = `the proxy mapped ${count} _links ${count === 1 ? 'href' : 'hrefs'} onto /api`
  return upstreamBody === undefined ? (
    <p className="hint">
      In the body above {mapped}; its record of them was too large to come with the answer, so the body as the
      upstream sent it cannot be shown.
    </p>
  ) : (
    <Body title={`Response body as the upstream sent it: ${mapped} in the one above`} body={upstreamBody} />
  )
}

function Verdict({ verification }: { verification: Verification }) {
  return (
    <>
      <h3>Verification</h3>
      {verification.verified ? (
        <p className="verdict ok">✓ {verification.text}</p>
      ) : (
        <p className="verdict bad">
          ✗ Refused: <code>{verification.code}</code>
          {verification.part ? (
            <>
              {' '}
              at <code>{verification.part}</code>
            </>
          ) : null}{' '}
          — {verification.text}
        </p>
      )}
    </>
  )
}

/** A refusal names the header at fault; that row says so, in words and not only in colour. */
/** Past this a header (the proxy's multi-KB X-Console-Trace) is folded, so the others stay readable. */
const LONG_HEADER = 1000

function Headers({
  title,
  headers,
  verification,
}: {
  title: string
  headers: [string, string][]
  verification?: Verification | undefined
}) {
  const atFault = verification && !verification.verified ? verification.part?.toLowerCase() : undefined
  return (
    <>
      <h3>{title}</h3>
      <dl className="headers">
        {headers.map(([name, value]) => {
          const faulty = name.toLowerCase() === atFault
          return (
            <div key={name} className={faulty ? 'at-fault' : undefined}>
              <dt>{name}</dt>
              <dd>
                {value.length > LONG_HEADER ? (
                  <details className="long-header">
                    <summary>
                      {value.slice(0, 120)}… ({value.length.toLocaleString('en')} characters)
                    </summary>
                    {value}
                  </details>
                ) : (
                  value
                )}
                {faulty ? <strong className="fault-note"> ← did not verify</strong> : null}
              </dd>
            </div>
          )
        })}
      </dl>
    </>
  )
}

function Body({ title, body }: { title: string; body: string }) {
  return (
    <>
      <h3>{title}</h3>
      <pre>{preview(pretty(body))}</pre>
    </>
  )
}

/** Small JSON bodies indented for reading; large ones shown as sent, so the preview stays cheap. */
function pretty(body: string): string {
  if (body.length > 50_000) return body
  try {
    return JSON.stringify(JSON.parse(body), null, 2)
  } catch {
    return body
  }
}
