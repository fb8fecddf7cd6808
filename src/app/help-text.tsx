import type { ReactNode } from 'react'
import { modeLabels } from '../api'
import { OPENAPI_PATH } from '../contract'
import type { HelpTopic } from '../ui/help'
import { SWAP_AMOUNTS_LABEL } from './Header'

/** Each topic's text: the Help dialog shows them all, a dialog's Help the one about it. */
const texts: Record<HelpTopic, ReactNode> = {
  modes: (
    <>
      <p>
        <strong>{modeLabels.offline}</strong>: the sandbox runs in this browser (a service worker answers
        /api, data is kept in IndexedDB). Nothing leaves the machine. The data lives in this browser's
        storage, for this browser profile only: another browser, profile or private window has none of it
        (move it with Export JSON and Import JSON…).
      </p>
      <p>
        <strong>{modeLabels.proxy}</strong>: requests go to /api on this server, which signs them and forwards
        them to the configured sandbox; the data lives in that sandbox. The local one behind{' '}
        <code>npm start</code> keeps it across restarts, in <code>.sandbox-data/</code>. Switching mode keeps
        the account you look at when the other mode has it, else opens that mode's account list.
      </p>
      <p>Each tab keeps its own mode across its reloads; a new tab starts in the mode chosen last.</p>
    </>
  ),
  header: (
    <p>
      The header has three groups: <strong>Test conditions</strong>, <strong>Explain & share</strong> and{' '}
      <strong>Settings</strong> (on a narrow window, all three fold into <strong>Tools</strong>). Anything
      under Test conditions that is not at its default shows as a yellow badge next to the mode switch; click
      a badge to go to the control or panel that changes it back.
    </p>
  ),
  accounts: (
    <ul>
      <li>
        <strong>+ New</strong> creates a mock card account: a masked PAN (the middle digits as *), an ISO 4217
        currency (NOK, EUR…; a code that names no currency is refused), and the customer number (PSU id) it
        belongs to. A corporate customer's account also needs its PSU-Corporate-ID on every request. A name
        has at most 35 characters (70 with Longer names), counted as you see them: an emoji is one.
      </li>
      <li>
        <strong>Open…</strong> opens an account by its id (proxy mode, where a bank lists none).{' '}
        <strong>Delete account…</strong> deletes it and its transactions from the sandbox;{' '}
        <strong>Remove</strong> only forgets it in this browser.
      </li>
      <li>
        Each field shows what will be sent once you leave it: spaces around, a plus sign, and the spaces
        between groups of digits go (<code>-1 200.50</code> is sent as <code>-1200.50</code>); a comma is not
        read as a decimal point.
      </li>
    </ul>
  ),
  transactions: (
    <ul>
      <li>
        <strong>+ Add transactions</strong>: one row per transaction, booked or pending, in the account's
        currency; the original amount is the amount unless you change it.
      </li>
      <li>
        <strong>Settle pending…</strong> books pending transactions on a date, all older than some days or the
        ones you tick (one alone may get a new id and amount). <strong>Duplicate and edit…</strong> and{' '}
        <strong>Delete transaction…</strong> act on one row.
      </li>
      <li>
        Booking status, From and To filter the table; the chart above it counts booked and pending alike and
        says so. The pager goes from page to page as the sandbox's links lead (Back to the first page starts
        again).
      </li>
    </ul>
  ),
  'test-data': (
    <ul>
      <li>
        <strong>Fill test data</strong> creates a few accounts with transactions; <strong>Generate…</strong>{' '}
        adds many transactions to one account (up to 100,000). Against a sandbox that offers no delete (a
        bank's, or the local one shaped like it), Fill test data asks first and Generate says so: what they
        write stays there.
      </li>
      <li>
        <strong>Export JSON</strong> and <strong>Import JSON…</strong> move the offline data between browsers;
        in proxy mode <strong>Export book</strong> saves the accounts this browser knows.
      </li>
      <li>
        <strong>Scenarios…</strong> load a ready-made set of accounts, conditions and clock (offline), or save
        yours; <strong>Copy to offline…</strong> copies a proxy account with its transactions into the offline
        sandbox.
      </li>
    </ul>
  ),
  'test-conditions': (
    <ul>
      <li>
        <strong>Signature</strong>: spoils every signed request on purpose (bad signature, missing Digest, a
        Date 10 minutes old, wrong certificate), to see the exact 401 the sandbox answers.
      </li>
      <li>
        <strong>Faults, delays and quotas (Conditions)</strong>: makes chosen operations slow, fail with 500
        or 503, time out, drop the connection, or answer 429 after N reads a day. A change applies from the
        next request. A quota counts every read that reaches the sandbox, as a bank counts them: showing an
        account is one; the chart's summary reads no transactions and is not.
      </li>
      <li>
        <strong>Sandbox clock and bank</strong>: moves the sandbox's today forward or back, or freezes it;
        pending transactions can settle as the days pass. Offline it also picks the bank the in-browser
        sandbox behaves like: a personality, a bank profile a check learned, or a profile file you load.
      </li>
      <li>
        <strong>{SWAP_AMOUNTS_LABEL}</strong>: asks the sandbox for its fix that swaps the transaction and
        original amounts (the <code>accept-fix</code> header).
      </li>
      <li>
        <strong>Longer names (accept-fix)</strong>: new card accounts may have names of up to 70 characters
        instead of 35.
      </li>
    </ul>
  ),
  'explain-share': (
    <ul>
      <li>
        <strong>Explain a request</strong>: paste a request from another client (curl or a HAR file, the
        console's own exports too) to learn why the sandbox would refuse it. A value an export redacted is
        reported as redacted, never as a fault.
      </li>
      <li>
        <strong>Share</strong>: copy a link to exactly what you see, or export the session as a HAR file or a
        Postman collection. Offline data lives in your browser only: the dialog says so before you share.
      </li>
      <li>
        <strong>Flows</strong> and <strong>Presenter mode</strong>: see Presenter mode and flows.
      </li>
    </ul>
  ),
  presenter: (
    <>
      <p>
        Presenter mode is for a shared screen: large type, high contrast, the card account list folded above
        the table (List opens it), PSU ids and customer numbers masked, and the inspector showing one request
        at a time. A flow is a saved list of steps with captions, run against the current mode; record one
        from the requests you just sent (Record from requests lists them, each ticked: untick those to leave
        out), and export or import flows as a file. On a small screen these three are under Record, export,
        import, the inspector starts folded to its request line (Headers and bodies opens it), and each step
        scrolls the table into sight.
      </p>
      <p>
        Picking a flow moves the focus to Run next step: <kbd>→</kbd> runs the next step, <kbd>←</kbd> goes
        back one, and the inspector shows the request that step sent (◀ Older and Newer ▶ step from it). In
        presenter mode the caption (Next, step N of M) stays in a bar at the bottom of the screen, and a field
        holding a PSU id shows it masked, as dots while typed; its Show button reveals it. Presenter mode
        changes no file. A share link and a HAR file hold PSU ids and customer numbers as [redacted] unless
        you tick Keep in the Share dialog; a Postman collection, a flow export and a data export keep them,
        since the requests they hold must still run (PSU-Corporate-ID is a signed header).
      </p>
    </>
  ),
  settings: (
    <ul>
      <li>
        <strong>Connection</strong> (proxy mode): which sandbox the proxy talks to and with which certificate;
        Test connection sends one signed request. <strong>Check this sandbox…</strong> learns how the bank's
        sandbox behaves (a few requests, one probe account) and sets it beside the offline sandbox, trait by
        trait; <strong>Save report</strong> writes that report as a file (signatures and customer numbers
        redacted), and <strong>Make offline behave like this bank</strong> makes offline take the bank's
        profile and saves it as a scenario.
      </li>
      <li>
        <strong>Console token</strong>: a proxy started with a token asks for it once; it stays in this tab.
      </li>
      <li>
        <strong>Theme</strong>: light, dark or as the system.
      </li>
    </ul>
  ),
  url: (
    <p>Account, status, dates, page and accept-fix are in the address: copy it to share the exact view.</p>
  ),
  keyboard: (
    <>
      <p>
        Tab moves between controls, Enter submits a form, Escape closes a dialog (asking first when it holds
        what you typed). The first Tab on the page offers Skip to the transactions, and the Tab after + New
        offers Skip to Add transactions, past the account list, the data tools and the filters.
      </p>
      <p>
        <kbd>Alt</kbd>+<kbd>Shift</kbd>+<kbd>P</kbd> turns presenter mode on or off. While a flow is open,
        <kbd>→</kbd> runs its next step and <kbd>←</kbd> goes back one.
      </p>
    </>
  ),
  requests: (
    <>
      <p>
        The panel at the bottom lists every request with the headers as sent, the body and the answer. In
        Proxy mode, copy one as curl to replay it through the proxy. Offline a request is answered inside this
        tab, which no curl can reach: the panel copies it for Proxy mode instead.
      </p>
      <p>
        The operation as OpenAPI 3.1: <a href={OPENAPI_PATH}>{OPENAPI_PATH}</a> — import it into Postman,
        Swagger UI or Prism.
      </p>
    </>
  ),
}

export function HelpText({ topic }: { topic: HelpTopic }) {
  return texts[topic]
}
