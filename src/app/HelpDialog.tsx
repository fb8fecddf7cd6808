import type { MouseEvent } from 'react'
import { modeLabels } from '../api'
import { OPENAPI_PATH } from '../contract'
import { Dialog } from '../ui/Dialog'

/** The sections, in order: the list of topics leads to them. */
const topics = {
  modes: 'Modes',
  header: 'The header',
  url: 'The view is the URL',
  keyboard: 'Keyboard',
  presenter: 'Presenter mode and flows',
  requests: 'Requests',
} as const
type Topic = keyof typeof topics

const sectionId = (topic: Topic) => `help-${topic}`

function Section({ topic }: { topic: Topic }) {
  return (
    <h3 id={sectionId(topic)} tabIndex={-1}>
      {topics[topic]}
    </h3>
  )
}

/**
 * Opens at the top: its list of topics comes first, so that is where the dialog puts the focus (the first
 * control of a dialog without one would be the last link, and the dialog would open scrolled to the end).
 */
export function HelpDialog({ onClose }: { onClose: () => void }) {
  // In the dialog, not the address: a fragment would be a history entry, and Back a step inside Help.
  const goTo = (topic: Topic) => (event: MouseEvent) => {
    event.preventDefault()
    const heading = document.getElementById(sectionId(topic))
    heading?.scrollIntoView?.({ block: 'start' })
    heading?.focus()
  }
  return (
    <Dialog title="Help" onClose={onClose}>
      <div className="help">
        <nav aria-label="Help topics" className="help-topics">
          <ul>
            {(Object.keys(topics) as Topic[]).map((topic) => (
              <li key={topic}>
                <a href={`#${sectionId(topic)}`} onClick={goTo(topic)}>
                  {topics[topic]}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <Section topic="modes" />
        <p>
          <strong>{modeLabels.offline}</strong>: the sandbox runs in this browser (a service worker answers
          /api, data is kept in IndexedDB). Nothing leaves the machine. The data lives in this browser's
          storage, for this browser profile only: another browser, profile or private window has none of it
          (move it with Export JSON and Import JSON…).
        </p>
        <p>
          <strong>{modeLabels.proxy}</strong>: requests go to /api on this server, which signs them and
          forwards them to the configured sandbox; the data lives in that sandbox. The local one behind{' '}
          <code>npm start</code> keeps it across restarts, in <code>.sandbox-data/</code>.
        </p>
        <Section topic="header" />
        <p>
          The header has three groups. Anything under <strong>Test conditions</strong> that is not at its
          default shows as a yellow badge next to the mode switch; click a badge to change it back.
        </p>
        <h4 id="help-test-conditions">Test conditions</h4>
        <ul>
          <li>
            <strong>Signature</strong>: spoils every signed request on purpose (bad signature, missing Digest,
            a Date 10 minutes old, wrong certificate), to see the exact 401 the sandbox answers.
          </li>
          <li>
            <strong>Faults, delays and quotas (Conditions)</strong>: makes chosen operations slow, fail with
            500 or 503, time out, drop the connection, or answer 429 after N reads a day.
          </li>
          <li>
            <strong>Sandbox clock and bank</strong>: moves the sandbox's today forward or back, or freezes it;
            pending transactions can settle as the days pass. Offline it also picks the bank the in-browser
            sandbox behaves like: a personality, a bank profile a check learned, or a profile file you load.
          </li>
          <li>
            <strong>Swap the two amounts (accept-fix)</strong>: asks the sandbox for its fix that swaps the
            transaction and original amounts (the <code>accept-fix</code> header).
          </li>
          <li>
            <strong>Longer names (accept-fix)</strong>: new card accounts may have names of up to 70
            characters instead of 35.
          </li>
        </ul>
        <h4 id="help-explain-share">Explain & share</h4>
        <ul>
          <li>
            <strong>Explain a request</strong>: paste a request from another client (curl or a HAR file) to
            learn why the sandbox would refuse it.
          </li>
          <li>
            <strong>Share</strong>: copy a link to exactly what you see, or export the session as HAR or a
            Postman collection.
          </li>
          <li>
            <strong>Flows</strong> and <strong>Presenter mode</strong>: see below.
          </li>
        </ul>
        <h4 id="help-settings">Settings</h4>
        <p>
          <strong>Connection</strong> (proxy mode): which sandbox the proxy talks to and with which
          certificate. There, <strong>Check this sandbox…</strong> learns how the bank's sandbox behaves and
          sets it beside the offline sandbox, trait by trait; <strong>Save report</strong> writes that report
          as a file (signatures and customer numbers redacted), and{' '}
          <strong>Make offline behave like this bank</strong> makes offline take the bank's profile and saves
          it as a scenario. <strong>Theme</strong>: light, dark or as the system.
        </p>
        <Section topic="url" />
        <p>
          Account, status, dates, page and accept-fix are in the address: copy it to share the exact view.
        </p>
        <Section topic="keyboard" />
        <p>Tab moves between controls, Enter submits a form, Escape closes a dialog.</p>
        <p>
          <kbd>Alt</kbd>+<kbd>Shift</kbd>+<kbd>P</kbd> turns presenter mode on or off. While a flow is open,
          <kbd>→</kbd> runs its next step and <kbd>←</kbd> goes back one.
        </p>
        <Section topic="presenter" />
        <p>
          Presenter mode is for a shared screen: large type, high contrast, the card account list folded away,
          PSU ids and customer numbers masked, and the inspector showing one request at a time. A flow is a
          saved list of steps with captions, run against the current mode; record one from the requests you
          just sent, and export or import flows as a file.
        </p>
        <p>
          Picking a flow moves the focus to Run next step: <kbd>→</kbd> runs the next step, <kbd>←</kbd> goes
          back one, and the inspector shows the request that step sent (◀ Older and Newer ▶ step from it). In
          presenter mode the caption (Next, step N of M) stays in a bar at the bottom of the screen, and a
          field holding a PSU id shows it masked, as dots while typed; its Show button reveals it. Presenter
          mode changes no file. A share link and a HAR file hold PSU ids and customer numbers as [redacted]
          unless you tick Keep in the Share dialog; a Postman collection, a flow export and a data export keep
          them, since the requests they hold must still run (PSU-Corporate-ID is a signed header).
        </p>
        <Section topic="requests" />
        <p>
          The panel at the bottom lists every request with the headers as sent, the body and the answer. In
          Proxy mode, copy one as curl to replay it through the proxy. Offline a request is answered inside
          this tab, which no curl can reach: the panel copies it for Proxy mode instead.
        </p>
        <p>
          The operation as OpenAPI 3.1: <a href={OPENAPI_PATH}>{OPENAPI_PATH}</a> — import it into Postman,
          Swagger UI or Prism.
        </p>
      </div>
      <footer className="dialog-actions">
        <button type="button" onClick={onClose}>
          Close
        </button>
      </footer>
    </Dialog>
  )
}
