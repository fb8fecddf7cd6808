import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import {
  type Mode,
  modeLabels,
  OFFLINE_UPSTREAM,
  otherMode,
  queryKeys,
  UNKNOWN_UPSTREAM,
  useApiClient,
  useConnection,
  useUpstream,
} from '../../api'
import type { AccountBooks } from '../../contract'
import { useView } from '../view-state'

interface AccountNotFoundProps {
  /** The account the URL names, shown as it is: never dropped. */
  id: string
  mode: Mode
  /** Reloads the page, URL and all, in the other mode. */
  onSwitchMode: (to: Mode) => void
}

/**
 * The sandbox answered 404 for the URL's account. An account whose transactions this page read is gone
 * from the sandbox (deleted, perhaps in another tab, or reset away). One the other mode's book holds is
 * that mode's (Back to a page from before a mode switch): say so. One the book holds for another sandbox
 * the proxy served before (a restart onto another upstream, personality or data file) is that sandbox's.
 * Otherwise, offline, the link was most often made in another browser (offline data lives in the browser
 * that made it), or its data was replaced here, or it is the proxy's: say so and what to do.
 */
export function AccountNotFound({ id, mode, onSwitchMode }: AccountNotFoundProps) {
  const client = useQueryClient()
  const { book } = useApiClient()
  // The book forgets an account deleted (in any tab) or reset away; the page's answers still hold it. Read
  // once: the words must not change when those answers are dropped later.
  const [readHere] = useState(() =>
    client.getQueriesData({ queryKey: queryKeys.transactions(id) }).some(([, data]) => data !== undefined),
  )
  const [holding] = useState(() => otherModeHolding(book.exportBook(), id, mode))
  const upstreamRead = useUpstream()
  const connection = useConnection()
  // Which sandbox the proxy serves decides the words below: none until it is known, not the wrong ones.
  if (mode === 'proxy' && (upstreamRead.isPending || connection.isPending)) return null
  const upstream = upstreamRead.data
  if (readHere) return <AccountGone id={id} mode={mode} />
  if (holding !== undefined) return <OtherModes id={id} mode={holding} onSwitchMode={onSwitchMode} />
  const before =
    mode === 'proxy' && upstream !== undefined
      ? proxySandboxHolding(book.exportBook(), id, upstream)
      : undefined
  if (before !== undefined && upstream !== undefined) {
    return (
      <div className="empty-state" role="alert">
        <h2>Card account of another sandbox</h2>
        <p>
          The console created or opened card account <code>{id}</code> when the proxy served {before}. It now
          serves {upstream}, which has no card account with this id (it answered 404).
        </p>
        <p>
          To see it again, start the console's server on that sandbox again (the same upstream, personality
          and data file). Accounts of this sandbox are in the list.
        </p>
        <div className="actions">
          <BackToList />
        </div>
      </div>
    )
  }
  if (mode === 'offline') {
    return (
      <div className="empty-state" role="alert">
        <h2>Card account not in this browser</h2>
        <p>
          The offline sandbox in this browser has no card account <code>{id}</code>. Offline, data lives in
          this browser's storage, for this browser profile only: a link opened in another browser, another
          profile or a private window finds none of it. In this browser, an account goes with the data a
          scenario, an import or a reset replaced.
        </p>
        <p>To see this account:</p>
        <ul>
          <li>open the link in the browser that created it</li>
          <li>
            or, in that browser, use <strong>Export JSON</strong> (under Data) and bring the file here with{' '}
            <strong>Import JSON…</strong>
          </li>
          <li>or, if it was created in Proxy mode (the sandbox behind the console's server), switch mode</li>
        </ul>
        <div className="actions">
          <button type="button" onClick={() => onSwitchMode('proxy')}>
            Switch to {modeLabels.proxy}
          </button>
        </div>
      </div>
    )
  }
  return (
    <div className="empty-state" role="alert">
      <h2>Card account not found</h2>
      <p>
        The sandbox behind the proxy has no card account <code>{id}</code> (it answered 404). Pick one from
        the list, or open another by its id.
      </p>
      {connection.data?.local && connection.data.dataFile === undefined ? (
        // Its book went with the sandbox it was made on (a new in-memory one starts with none): the console
        // cannot tell a restart's loss from an account made elsewhere, so it says the likelier first.
        <p>
          This sandbox keeps its data in memory only (the console's server runs with SANDBOX_DATA=memory):
          each start of the server begins it empty, so a card account created before the last restart is gone
          with it.
        </p>
      ) : null}
      <p>
        If it was created in {modeLabels.offline} mode, it lives in the storage of the browser that created
        it, not in this sandbox: open the link there, or switch mode in that browser.
      </p>
      <div className="actions">
        <BackToList />
        <button type="button" onClick={() => onSwitchMode('offline')}>
          Switch to {modeLabels.offline}
        </button>
      </div>
    </div>
  )
}

/** The mode other than `mode` whose book (of any of its upstreams) names `id`; undefined if none does. */
function otherModeHolding(books: AccountBooks, id: string, mode: Mode): Mode | undefined {
  const other = otherMode(mode)
  const held = upstreamHolding(
    books,
    id,
    (upstream) => (upstream === OFFLINE_UPSTREAM) === (other === 'offline'),
  )
  return held === undefined ? undefined : other
}

/** The first other proxy upstream whose book names `id` (the book's key says which sandbox it was). */
function proxySandboxHolding(books: AccountBooks, id: string, current: string): string | undefined {
  return upstreamHolding(
    books,
    id,
    (upstream) => ![OFFLINE_UPSTREAM, UNKNOWN_UPSTREAM, current].includes(upstream),
  )
}

/** The first upstream `wanted` takes whose book names `id`. */
function upstreamHolding(
  books: AccountBooks,
  id: string,
  wanted: (upstream: string) => boolean,
): string | undefined {
  return Object.entries(books).find(
    ([upstream, { entries }]) => wanted(upstream) && entries.some((entry) => entry.id === id),
  )?.[0]
}

/** An account the console created or opened in the other mode: that mode's sandbox keeps it. */
function OtherModes({
  id,
  mode,
  onSwitchMode,
}: {
  id: string
  mode: Mode
  onSwitchMode: (to: Mode) => void
}) {
  const here = otherMode(mode)
  return (
    <div className="empty-state" role="alert">
      <h2>Card account of {modeLabels[mode]} mode</h2>
      <p>
        The console created or opened card account <code>{id}</code> in {modeLabels[mode]} mode, in{' '}
        {sandboxOf[mode]}. {capitalised(sandboxOf[here])} keeps its own accounts and has none with this id (it
        answered 404).
      </p>
      <div className="actions">
        <button type="button" onClick={() => onSwitchMode(mode)}>
          Switch to {modeLabels[mode]}
        </button>
      </div>
    </div>
  )
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

const sandboxOf: Record<Mode, string> = {
  offline: "this browser's offline sandbox",
  proxy: 'the sandbox behind the proxy',
}

/** An account this browser had, which its sandbox no longer has: no other browser or mode will find it. */
function AccountGone({ id, mode }: { id: string; mode: Mode }) {
  return (
    <div className="empty-state" role="alert">
      <h2>Card account no longer in the sandbox</h2>
      <p>
        This page showed card account <code>{id}</code> (the console created or opened it in this browser),
        and {sandboxOf[mode]} no longer has it (it answered 404): it was deleted, perhaps in another tab of
        this browser, or the sandbox's data was reset. The console no longer lists it either.
      </p>
      <div className="actions">
        <BackToList />
      </div>
    </div>
  )
}

/** The way out every not-found page offers: the list of this sandbox's accounts, the URL's id dropped. */
function BackToList() {
  const [, setView] = useView()
  return (
    <button type="button" onClick={() => setView({ account: undefined, offset: 0 })}>
      Back to the account list
    </button>
  )
}
