import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { type Mode, modeLabels, queryKeys } from '../../api'
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
 * from the sandbox (deleted, perhaps in another tab, or reset away). Otherwise, offline, the link was most
 * often made in another browser (offline data lives in the browser that made it), or in Proxy mode: say so
 * and what to do.
 */
export function AccountNotFound({ id, mode, onSwitchMode }: AccountNotFoundProps) {
  const client = useQueryClient()
  // The book forgets an account deleted (in any tab) or reset away; the page's answers still hold it. Read
  // once: the words must not change when those answers are dropped later.
  const [readHere] = useState(() =>
    client.getQueriesData({ queryKey: queryKeys.transactions(id) }).some(([, data]) => data !== undefined),
  )
  if (readHere) return <AccountGone id={id} mode={mode} />
  if (mode === 'offline') {
    return (
      <div className="empty-state" role="alert">
        <h2>Card account not in this browser</h2>
        <p>
          The offline sandbox in this browser has no card account <code>{id}</code>. Offline, data lives in
          this browser's storage, for this browser profile only: a link opened in another browser, another
          profile or a private window finds none of it.
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
      <p>
        If it was created in {modeLabels.offline} mode, it lives in the storage of the browser that created
        it, not in this sandbox: open the link there, or switch mode in that browser.
      </p>
      <div className="actions">
        <button type="button" onClick={() => onSwitchMode('offline')}>
          Switch to {modeLabels.offline}
        </button>
      </div>
    </div>
  )
}

const sandboxOf: Record<Mode, string> = {
  offline: "this browser's offline sandbox",
  proxy: 'the sandbox behind the proxy',
}

/** An account this browser had, which its sandbox no longer has: no other browser or mode will find it. */
function AccountGone({ id, mode }: { id: string; mode: Mode }) {
  const [, setView] = useView()
  return (
    <div className="empty-state" role="alert">
      <h2>Card account no longer in the sandbox</h2>
      <p>
        This page showed card account <code>{id}</code> (the console created or opened it in this browser),
        and {sandboxOf[mode]} no longer has it (it answered 404): it was deleted, perhaps in another tab of
        this browser, or the sandbox's data was reset. The console no longer lists it either.
      </p>
      <div className="actions">
        <button type="button" onClick={() => setView({ account: undefined, offset: 0 })}>
          Back to the account list
        </button>
      </div>
    </div>
  )
}
