import { lazy, Suspense, useRef, useState, useSyncExternalStore } from 'react'
import { type LogEntry, useApiClient } from '../../api'
import { ViewChunkBoundary } from '../../ui/ChunkBoundary'
import { preloadedChunk } from '../../ui/lazy-chunk'
import { useHeightProperty } from '../../ui/use-height-property'
import { usePresenter } from '../presenter'
import { ConditionBadge, Operation, Status } from './request-line'

export // Only a presenter needs it: loaded when presenter mode is first on, not with the page.
const PresenterInspector = lazy(() =>
  import('./PresenterInspector').then((m) => ({ default: m.PresenterInspector })),
)

// The entries' details (headers, bodies, verdicts, curl) load when the panel is first opened, fetched as
// the pointer or the focus reaches its line, so opening it does not wait.
const requestList = preloadedChunk(() => import('./RequestList').then((m) => m.RequestList))
const RequestList = requestList.Component

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
  const panel = useRef<HTMLElement>(null)
  useHeightProperty(panel, '--inspector-height')
  const last = entries[0]
  const requests = entries.filter((entry) => entry.kind === 'request').length
  const appErrors = entries.length - requests
  return (
    <section className="inspector" aria-label="Request inspector" ref={panel}>
      <details onToggle={(e) => setOpen(e.currentTarget.open)}>
        {/* biome-ignore lint/a11y/noStaticElementInteractions: a summary is its disclosure's own control; these only fetch code early */}
        <summary
          className="inspector-summary"
          onPointerEnter={requestList.preload}
          onFocus={requestList.preload}
        >
          <span className="inspector-title">Requests ({requests})</span>
          {appErrors > 0 ? (
            <span className="status bad">{appErrors === 1 ? '1 app error' : `${appErrors} app errors`}</span>
          ) : null}
          {last?.kind === 'request' ? (
            // Short of room, the path gives way: the status and the time stay in sight (WCAG 1.4.12).
            <span className="inspector-last inspector-last-request">
              <Operation entry={last} /> <span>{last.method}</span>{' '}
              <span className="inspector-last-url">{last.url}</span> <Status entry={last} />{' '}
              <span>{last.durationMs} ms</span>
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
            <ViewChunkBoundary
              loading={
                <p className="loading" aria-busy="true">
                  Loading the requests…
                </p>
              }
            >
              <RequestList entries={entries} />
            </ViewChunkBoundary>
          </div>
        ) : null}
      </details>
    </section>
  )
}
