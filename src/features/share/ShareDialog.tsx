import { type ReactNode, useId, useState, useSyncExternalStore } from 'react'
import { type RequestLogEntry, useApiClient } from '../../api'
import { MAX_SHARE_FRAGMENT_CHARS } from '../../contract'
import { Dialog } from '../../ui/Dialog'
import { downloadJson } from '../../ui/download'
import { parseView, viewSearch } from '../view-state'
import { toHar } from './har'
import { encodeShareLink } from './link-codec'
import { OfflineDataNotice } from './OfflineDataNotice'
import { identityOf, KEY_PLACE, postmanBaseUrl, toPostmanCollection } from './postman'
import { buildShareLink } from './share-link'
import { tableReadOf } from './table-read'
import { useShownShareSettings } from './use-share-settings'

type LinkState = { kind: 'idle' } | { kind: 'copied' } | { kind: 'too-long'; chars: number }

/** Copy a link to what this tab shows, or export the inspector's requests as HAR or a Postman collection. */
export function ShareDialog({ onClose }: { onClose: () => void }) {
  const { log } = useApiClient()
  const entries = useSyncExternalStore(log.subscribe, log.snapshot)
  const requests = entries.filter((entry): entry is RequestLogEntry => entry.kind === 'request')
  const { ready: _, ...settings } = useShownShareSettings()
  // The request behind the table, the view the link shares; the newest was often the chart's or a 405.
  const [chosen, setChosen] = useState(() => {
    const behindTable = tableReadOf(requests, parseView(location.search))
    return behindTable ? String(behindTable.id) : ''
  })
  const [keepIds, setKeepIds] = useState(false)
  const [keepInHar, setKeepInHar] = useState(false)
  const [link, setLink] = useState<LinkState>({ kind: 'idle' })
  const requestId = useId()
  const selected = requests.find((entry) => String(entry.id) === chosen)

  const copyLink = async () => {
    const payload = buildShareLink(settings, viewSearch(parseView(location.search)), selected, {
      redact: !keepIds,
    })
    const encoded = await encodeShareLink(payload)
    if (!encoded.ok) {
      setLink({ kind: 'too-long', chars: encoded.chars })
      return
    }
    await navigator.clipboard.writeText(`${location.origin}${location.pathname}${encoded.fragment}`)
    setLink({ kind: 'copied' })
  }
  const exportHar = (keep: boolean) =>
    downloadJson(toHar(requests, location.origin, { redact: !keep }), 'session', 'har')
  const exportPostman = () =>
    downloadJson(
      toPostmanCollection(requests, {
        baseUrl: postmanBaseUrl(requests, location.origin),
        identity: identityOf(requests),
      }),
      'session.postman_collection',
    )

  return (
    <Dialog help="explain-share" title="Share what you see" onClose={onClose}>
      {/* One scroll for the notice and both sections: squeezed apart, a short screen hid Copy link in a box
          of its own, and the notice opened scrolled in its own, its first line out of sight. */}
      <div className="share-body">
        <OfflineDataNotice />
        <section className="share-section" aria-labelledby={`${requestId}-heading`}>
          <h3 id={`${requestId}-heading`}>Link</h3>
          <p className="muted">
            The link reopens this view (account, filters, page, accept-fix), the mode, the clock, the
            conditions and the Signature switch, with one request and its answer. It lives after the # and is
            never sent to a server; it never holds a key or the proxy's secret.
          </p>
          <label htmlFor={requestId}>Request to include</label>
          <select id={requestId} value={chosen} onChange={(e) => setChosen(e.target.value)}>
            <option value="">None</option>
            {requests.map((entry) => (
              <option key={entry.id} value={String(entry.id)}>
                {entry.method} {entry.url} ({entry.status ?? 'failed'})
              </option>
            ))}
          </select>
          <CheckboxLine checked={keepIds} onChange={setKeepIds}>
            Keep PSU ids and customer numbers (redacted otherwise)
          </CheckboxLine>
          <p>
            <button type="button" className="primary" onClick={copyLink}>
              Copy link
            </button>{' '}
            <span role="status">{link.kind === 'copied' ? 'Link copied' : ''}</span>
          </p>
          {link.kind === 'too-long' ? (
            <p className="form-alert" role="alert">
              The link would be {link.chars.toLocaleString('en')} characters, over the{' '}
              {MAX_SHARE_FRAGMENT_CHARS.toLocaleString('en')} a link may hold (a large answer, most often).
              Choose another request or none, or{' '}
              <button type="button" onClick={() => exportHar(keepIds)}>
                Export instead
              </button>
            </p>
          ) : null}
        </section>
        <section className="share-section" aria-labelledby={`${requestId}-export`}>
          <h3 id={`${requestId}-export`}>Export session</h3>
          <p className="muted">
            The inspector's {requests.length} {requests.length === 1 ? 'request' : 'requests'}. A HAR file
            holds each request and answer whole: URLs, headers and bodies. PSU ids, customer numbers and the
            signature of each Signature header read [redacted] unless you keep them; a signature kept is live
            for 5 minutes after its Date, and anyone with the file can resend its request until then. Never a
            cookie, a key or the proxy's secret. The Postman collection signs every request itself, with the
            certificate and keyId of these requests, and keeps PSU ids and customer numbers as sent, so that
            its requests run as they did. {KEY_PLACE}
          </p>
          <CheckboxLine checked={keepInHar} onChange={setKeepInHar}>
            Keep PSU ids, customer numbers and live signatures in the HAR
          </CheckboxLine>
          <p>
            <button type="button" onClick={() => exportHar(keepInHar)} disabled={requests.length === 0}>
              Export HAR
            </button>{' '}
            <button type="button" onClick={exportPostman} disabled={requests.length === 0}>
              Export Postman collection
            </button>
          </p>
        </section>
      </div>
    </Dialog>
  )
}

/** A checkbox and its label on a line of their own. */
function CheckboxLine({
  checked,
  onChange,
  children,
}: {
  checked: boolean
  onChange: (checked: boolean) => void
  children: ReactNode
}) {
  const id = useId()
  return (
    <p>
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />{' '}
      <label htmlFor={id}>{children}</label>
    </p>
  )
}
