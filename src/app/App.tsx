import { useEffect, useState } from 'react'
import { type CardAccountRead, type Mode, modeLabels, useCardAccounts } from '../api'
import { ApiErrorState } from '../features/ApiErrorState'
import { AccountList } from '../features/card-accounts/AccountList'
import { DataTools } from '../features/data-tools/DataTools'
import { useFillTestData } from '../features/data-tools/fill'
import { GenerateDialog } from '../features/data-tools/GenerateDialog'
import { Inspector } from '../features/inspector/Inspector'
import { markRecent } from '../features/transactions/recent'
import { TransactionsView } from '../features/transactions/TransactionsView'
import { viewShowing } from '../features/transactions/transaction-form'
import { parseView, useView } from '../features/view-state'
import { useAnnounce } from '../ui/announcer'
import { ChunkBoundary } from './ChunkBoundary'
import { Header } from './Header'
import { HelpDialog } from './HelpDialog'
import { lazyChunk } from './lazy-chunk'

// The form dialogs bring react-hook-form with them: loaded when first opened, not with the page.
const NewAccountDialog = lazyChunk(() =>
  import('../features/card-accounts/NewAccountDialog').then((m) => m.NewAccountDialog),
)
const AddTransactionsDialog = lazyChunk(() =>
  import('../features/transactions/AddTransactionsDialog').then((m) => m.AddTransactionsDialog),
)

type OpenDialog = 'new-account' | 'add-transactions' | 'generate' | 'help'

interface AppProps {
  mode: Mode
  /** Set when the in-browser sandbox could not start (no service worker support, blocked storage…). */
  offlineError: Error | undefined
}

export function App({ mode, offlineError }: AppProps) {
  const [view, setView] = useView()
  const accounts = useCardAccounts()
  const announce = useAnnounce()
  const fill = useFillTestData()
  const [dialog, setDialog] = useState<OpenDialog>()
  const close = () => setDialog(undefined)
  const selected = accounts.data?.find((a) => a.resourceId === view.account)
  const firstAccount = accounts.data?.[0]?.resourceId

  // Without an account in the URL the first one is shown; the URL is corrected, not pushed.
  useEffect(() => {
    if (view.account === undefined && firstAccount !== undefined) {
      setView({ account: firstAccount }, { replace: true })
    }
  }, [view.account, firstAccount, setView])

  const onFilled = (first: string | undefined) => {
    if (first !== undefined && selected === undefined) setView({ account: first, offset: 0 })
  }
  const onAccountCreated = (account: CardAccountRead) => {
    close()
    setView({ account: account.resourceId, offset: 0 })
    announce(`Card account ${account.maskedPan} created`)
  }

  const actions = {
    onAdd: () => setDialog('add-transactions'),
    onGenerate: () => setDialog('generate'),
    onFill: async () => onFilled(await fill.fill()),
    filling: fill.filling,
  }

  return (
    <div className="app">
      <Header mode={mode} onHelp={() => setDialog('help')} />
      {offlineError ? (
        <div className="banner" role="alert">
          The in-browser sandbox ({modeLabels.offline}) could not start: {offlineError.message}. Reload the
          page, or switch to {modeLabels.proxy} in the header.
        </div>
      ) : null}
      <aside className="sidebar" aria-labelledby="accounts-heading">
        <div className="sidebar-head">
          <h2 id="accounts-heading">Card accounts</h2>
          <button type="button" onClick={() => setDialog('new-account')}>
            + New
          </button>
        </div>
        {accounts.isPending ? <p className="muted">Loading…</p> : null}
        {accounts.isError ? (
          <ApiErrorState
            title="Could not load card accounts"
            error={accounts.error}
            onRetry={() => accounts.refetch()}
          />
        ) : null}
        {accounts.data ? <AccountList accounts={accounts.data} /> : null}
        <DataTools fill={fill} onFilled={onFilled} onGenerate={selected ? actions.onGenerate : undefined} />
      </aside>
      <main className="main" id="main" tabIndex={-1}>
        {selected ? (
          <TransactionsView account={selected} {...actions} />
        ) : accounts.data?.length === 0 ? (
          <div className="empty-state">
            <h2>No card accounts yet</h2>
            <p>Create one, or fill the sandbox with the fixed test data set.</p>
            <div className="actions">
              <button type="button" className="primary" onClick={() => setDialog('new-account')}>
                + New card account
              </button>
              <button type="button" onClick={actions.onFill} disabled={fill.filling}>
                Fill test data
              </button>
            </div>
          </div>
        ) : accounts.data && view.account !== undefined ? (
          <div className="empty-state" role="alert">
            <h2>Card account not found</h2>
            <p>
              This sandbox has no card account <code>{view.account}</code>. Pick one from the list.
            </p>
          </div>
        ) : null}
      </main>
      <Inspector />
      {dialog === 'new-account' ? (
        <ChunkBoundary title="New card account" onClose={close}>
          <NewAccountDialog onClose={close} onCreated={onAccountCreated} />
        </ChunkBoundary>
      ) : null}
      {dialog === 'help' ? <HelpDialog onClose={close} /> : null}
      {dialog === 'add-transactions' && selected ? (
        <ChunkBoundary title="Add transactions" onClose={close}>
          <AddTransactionsDialog
            account={selected}
            onClose={close}
            onCreated={({ transactions }) => {
              close()
              markRecent(transactions.map((tx) => tx.cardTransactionId))
              setView(viewShowing(parseView(location.search), transactions))
              announce(
                `${transactions.length} ${transactions.length === 1 ? 'transaction' : 'transactions'} created`,
              )
            }}
          />
        </ChunkBoundary>
      ) : null}
      {dialog === 'generate' && selected ? (
        <GenerateDialog account={selected} onClose={close} onDone={() => setView({ offset: 0 })} />
      ) : null}
    </div>
  )
}
