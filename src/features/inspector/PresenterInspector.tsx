import { useId, useRef, useState } from 'react'
import type { LogEntry, RequestLogEntry } from '../../api'
import { operationOf } from '../../contract'
import { useHeightProperty } from '../../ui/use-height-property'
import { maskBody, maskHeaders, useShortScreen } from '../presenter'
import { isAbsentOffering } from './absent-offering'
import { prettyJson } from './pretty-json'
import { useShownRequest } from './shown-request'

/**
 * The inspector on a shared screen: one request at a time in large print, with every person's identifier
 * masked. It shows the newest, or the one a flow's step sent (./shown-request.ts), until the presenter steps
 * older or newer; stepping back to the newest follows new requests again. The console's own asking what the
 * sandbox offers, answered "none", is left to the full inspector (./absent-offering.ts).
 */
export function PresenterInspector({ entries }: { entries: readonly LogEntry[] }) {
  const requests = entries.filter(
    (entry): entry is RequestLogEntry => entry.kind === 'request' && !isAbsentOffering(entry),
  )
  const asked = useShownRequest()
  // The presenter's own step, kept by entry id so new requests do not move it; a step's ask replaces it.
  const [own, setOwn] = useState<{ asked: number | undefined; id: number | undefined }>()
  const shownId = own !== undefined && own.asked === asked ? own.id : asked
  const index = Math.max(0, shownId === undefined ? 0 : requests.findIndex((entry) => entry.id === shownId))
  const entry = requests[index]
  const goTo = (to: number) => setOwn({ asked, id: to === 0 ? undefined : requests[to]?.id })
  // A short screen for presenter type (1280×800 too) has no room for headers and bodies beside the table:
  // the request starts folded to its one line there, and opens on demand.
  const short = useShortScreen()
  // The presenter's own choice, once made, whatever the screen's height.
  const [opened, setOpened] = useState<boolean>()
  const open = opened ?? !short
  const partsId = useId()
  // Stuck to the bottom of the one-column page (styles.css): focus scrolls clear of it.
  const panel = useRef<HTMLElement>(null)
  useHeightProperty(panel, '--inspector-height')
  return (
    <section className="inspector presenter-inspector" aria-label="Request inspector" ref={panel}>
      <div className="presenter-inspector-bar">
        {/* A narrow bar shows "3 of 11" and "Headers ▾" (styles.css); screen readers hear the whole words. */}
        <h2>
          {/* The space outside the span: an accessible name drops one that ends an element's text. */}
          <span className="presenter-wide-words">Request</span>{' '}
          {requests.length === 0 ? 0 : requests.length - index} of {requests.length}
        </h2>
        {entry ? (
          <button type="button" aria-expanded={open} aria-controls={partsId} onClick={() => setOpened(!open)}>
            Headers <span className="presenter-wide-words">and bodies</span>
            <span aria-hidden="true">{open ? ' ▴' : ' ▾'}</span>
          </button>
        ) : null}
        <button type="button" disabled={index >= requests.length - 1} onClick={() => goTo(index + 1)}>
          ◀ Older
        </button>
        <button type="button" disabled={index === 0} onClick={() => goTo(index - 1)}>
          Newer ▶
        </button>
      </div>
      {entry ? <OneRequest entry={entry} partsId={partsId} folded={!open} /> : <p>No request yet.</p>}
    </section>
  )
}

interface OneRequestProps {
  entry: RequestLogEntry
  /** The id of what folds: the headers, the bodies and a signature's ✓. */
  partsId: string
  /** The request on one line, and what went wrong (a refusal, a failure) under it. */
  folded: boolean
}

function OneRequest({ entry, partsId, folded }: OneRequestProps) {
  const ok = entry.status !== undefined && entry.status < 400
  const { verification } = entry
  const verdict = verification ? <Verdict verification={verification} /> : null
  return (
    <div className="presenter-request">
      <p className={folded ? 'presenter-request-line folded' : 'presenter-request-line'}>
        <span className="operation-name">{operationOf(entry.method, entry.url)}</span>{' '}
        <strong>{entry.method}</strong> <code>{entry.url}</code>{' '}
        <span className={ok ? 'status ok' : 'status bad'}>{entry.status ?? 'failed'}</span>
      </p>
      {verification?.verified ? null : verdict}
      {entry.failure ? <p className="field-error">{entry.failure}</p> : null}
      <div id={partsId} hidden={folded}>
        {verification?.verified ? verdict : null}
        <div className="presenter-request-parts">
          <div>
            <h3>Request headers</h3>
            <dl className="headers">
              {maskHeaders(entry.requestHeaders).map(([name, value]) => (
                <div key={name}>
                  <dt>{name}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
            {entry.requestBody !== undefined ? (
              <>
                <h3>Request body</h3>
                <pre>{maskBody(pretty(entry.requestBody))}</pre>
              </>
            ) : null}
          </div>
          {entry.responseBody !== undefined ? (
            <div>
              <h3>Answer {entry.status}</h3>
              <pre>{maskBody(pretty(entry.responseBody))}</pre>
            </div>
          ) : null}
        </div>
      </div>
    </div>
  )
}

function Verdict({ verification }: { verification: NonNullable<RequestLogEntry['verification']> }) {
  return (
    <p className={verification.verified ? 'verdict ok' : 'verdict bad'}>
      {verification.verified
        ? '✓ '
        : `✗ Refused: ${verification.code}${verification.part ? ` at ${verification.part}` : ''} — `}
      {verification.text}
    </p>
  )
}

/** A shared screen shows the start of a large answer: the audience reads a page, not megabytes. */
const SHOWN_CHARS = 4_000

function pretty(body: string): string {
  const text = prettyJson(body)
  return text.length <= SHOWN_CHARS ? text : `${text.slice(0, SHOWN_CHARS)}\n…`
}
