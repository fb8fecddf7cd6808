import { useEffect, useRef, useState } from 'react'
import { type Mode, modeLabels, scenarioToLoad, useApiClient, useOpenAccount } from '../api'
import { ApiErrorState } from '../features/ApiErrorState'
import { AccountList } from '../features/card-accounts/AccountList'
import type { KnownAccount } from '../features/card-accounts/account-view'
import { DeleteAccountDialog } from '../features/card-accounts/DeleteAccountDialog'
import { accountLabel } from '../features/card-accounts/format'
import type { CreatedAccount } from '../features/card-accounts/NewAccountDialog'
import { RemoveAccountDialog } from '../features/card-accounts/RemoveAccountDialog'
import { useKnownAccounts } from '../features/card-accounts/use-known-accounts'
import { DataTools } from '../features/data-tools/DataTools'
import { useFillTestData } from '../features/data-tools/fill'
import { Inspector } from '../features/inspector/Inspector'
import { isPresenterShortcut, usePresenterSetting } from '../features/presenter/presenter'
import { isSharedLinkFragment, useReloadOnSharedLink } from '../features/share/shared-link-fragment'
import { markRecent } from '../features/transactions/recent'
import type { TransactionFormRow } from '../features/transactions/transaction-form'
import { viewShowing } from '../features/transactions/view-showing'
import { UnexpectedAnswer } from '../features/UnexpectedAnswer'
import { useDeletion } from '../features/use-deletion'
import { parseView, useAppliedView, useView } from '../features/view-state'
import { AnnouncementRegion, StatusMessage, useAnnounce } from '../ui/announcer'
import { ChunkBoundary, ViewChunkBoundary } from '../ui/ChunkBoundary'
import { lazyChunk, preloadedChunk } from '../ui/lazy-chunk'
import { Header } from './Header'
import { switchMode } from './switch-mode'

// The form dialogs bring react-hook-form with them: loaded when first opened, not with the page.
const NewAccountDialog = lazyChunk(() =>
  import('../features/card-accounts/NewAccountDialog').then((m) => m.NewAccountDialog),
)
// The diagnosis brings the certificate parser and the verifier: loaded when the panel is first opened.
const ClockDialog = lazyChunk(() =>
  import('../features/sandbox-clock/ClockDialog').then((m) => m.ClockDialog),
)
const ConditionsDialog = lazyChunk(() =>
  import('../features/conditions/ConditionsDialog').then((m) => m.ConditionsDialog),
)
const ExplainDialog = lazyChunk(() =>
  import('../features/explain/ExplainDialog').then((m) => m.ExplainDialog),
)
// The exports bring the portable signer's source for the Postman collection: loaded when first opened.
const ShareDialog = lazyChunk(() => import('../features/share/ShareDialog').then((m) => m.ShareDialog))
// Flows are for demonstrations: their runner, recorder and shipped flows load when the panel first opens.
const FlowsPanel = lazyChunk(() => import('../features/flows/FlowsPanel').then((m) => m.FlowsPanel))
// Opened on demand, none is needed to paint the console: each loads when first opened.
const OpenAccountDialog = lazyChunk(() =>
  import('../features/card-accounts/OpenAccountDialog').then((m) => m.OpenAccountDialog),
)
const ConnectionDialog = lazyChunk(() =>
  import('../features/connection/ConnectionDialog').then((m) => m.ConnectionDialog),
)
const GenerateDialog = lazyChunk(() =>
  import('../features/data-tools/GenerateDialog').then((m) => m.GenerateDialog),
)
const HelpDialog = lazyChunk(() => import('./HelpDialog').then((m) => m.HelpDialog))
const AccountNotFound = lazyChunk(() =>
  import('../features/card-accounts/AccountNotFound').then((m) => m.AccountNotFound),
)
// Only a page opened from a shared link needs the link's reader.
const SharedLinkOpener = lazyChunk(() =>
  import('../features/share/SharedLinkOpener').then((m) => m.SharedLinkOpener),
)
// The table, its filters and TanStack Table are not needed to paint the console's frame: they load beside
// the account list, started as soon as the URL names an account (see usePreloadTransactionsView).
const transactionsView = preloadedChunk(() =>
  import('../features/transactions/TransactionsView').then((m) => m.TransactionsView),
)
const TransactionsView = transactionsView.Component
// A page opened on an account fetches it at once, while the offline sandbox starts, not after the first render.
if (new URLSearchParams(location.search).has('account')) transactionsView.preload()
const AddTransactionsDialog = lazyChunk(() =>
  import('../features/transactions/AddTransactionsDialog').then((m) => m.AddTransactionsDialog),
)

type OpenDialog =
  | 'new-account'
  | 'open-account'
  | 'add-transactions'
  | 'generate'
  | 'help'
  | 'connection'
  | 'explain'
  | 'clock'
  | 'conditions'
  | 'share'

interface AppProps {
  mode: Mode
  /** Set when the in-browser sandbox could not start (no service worker support, blocked storage…). */
  offlineError: Error | undefined
}

export function App({ mode, offlineError }: AppProps) {
  const api = useApiClient()
  const [view, setView] = useView()
  const corrections = useAppliedView()
  const known = useKnownAccounts()
  const announce = useAnnounce()
  const fill = useFillTestData()
  const [dialog, setDialog] = useState<OpenDialog>()
  const [removing, setRemoving] = useState<KnownAccount>()
  const [duplicate, setDuplicate] = useState<TransactionFormRow>()
  const [deletingAccount, setDeletingAccount] = useState(false)
  const deletion = useDeletion()
  const [flowsOpen, setFlowsOpen] = useState(false)
  usePresenterShortcut()
  usePreloadTransactionsView(view.account !== undefined)
  useReloadOnSharedLink()
  const [sharedLink, setSharedLink] = useState(() =>
    isSharedLinkFragment(location.hash) ? location.hash : undefined,
  )
  const close = () => {
    setDialog(undefined)
    setDuplicate(undefined)
  }
  const selected = known.accounts.find((a) => a.view.resourceId === view.account)
  const firstAccount = known.accounts[0]?.view.resourceId
  const missing = useOpenLinkedAccount(view.account, {
    known: selected !== undefined,
    waiting: known.pending,
  })
  // The empty state's buttons replace the sidebar's New, Open and Fill: one button per action on screen.
  const emptySandbox = view.account === undefined && !known.pending && known.accounts.length === 0

  // Without an account in the URL the first one is shown; the URL is corrected, not pushed.
  useEffect(() => {
    if (view.account === undefined && firstAccount !== undefined) {
      setView({ account: firstAccount }, { replace: true })
    }
  }, [view.account, firstAccount, setView])

  const onFilled = (first: string | undefined) => {
    if (first !== undefined && selected === undefined) setView({ account: first, offset: 0 })
  }
  const onAccountCreated = ({ id, maskedPan, note }: CreatedAccount) => {
    close()
    setView({ account: id, offset: 0 })
    announce(`Card account ${maskedPan ?? id} created${note ? `; ${note}` : ''}`, { place: 'accounts' })
  }
  const onAccountOpened = (id: string) => {
    close()
    setView({ account: id, offset: 0 })
    announce(`Card account ${id} opened and kept in the book`, { place: 'accounts' })
  }
  const remove = async () => {
    if (!removing || known.upstream === undefined) return
    const id = removing.view.resourceId
    api.book.remove(known.upstream, id, { hide: removing.listed })
    setRemoving(undefined)
    if (view.account === id) setView({ account: undefined, offset: 0 })
    announce(`${accountLabel(removing.view)} removed from the book; the sandbox still has it`, {
      place: 'accounts',
    })
  }

  const actions = {
    onAdd: () => setDialog('add-transactions'),
    onDuplicate: (row: TransactionFormRow) => {
      setDuplicate(row)
      setDialog('add-transactions')
    },
    onDeleteAccount: () => setDeletingAccount(true),
    onGenerate: () => setDialog('generate'),
    copyToOffline: mode === 'proxy' ? copyToOffline : undefined,
  }

  return (
    <div className={flowsOpen ? 'app flow-open' : 'app'}>
      <a className="skip-link" href="#main">
        Skip to the transactions
      </a>
      <AnnouncementRegion />
      <Header
        mode={mode}
        onHelp={() => setDialog('help')}
        onConnection={mode === 'proxy' ? () => setDialog('connection') : undefined}
        onExplain={() => setDialog('explain')}
        onClock={() => setDialog('clock')}
        onConditions={() => setDialog('conditions')}
        onShare={() => setDialog('share')}
        onFlows={() => setFlowsOpen(true)}
      />
      {offlineError ? (
        <div className="banner" role="alert">
          The in-browser sandbox ({modeLabels.offline}) could not start: {offlineError.message}. Reload the
          page, or switch to {modeLabels.proxy} in the header.
        </div>
      ) : null}
      <aside className="sidebar" aria-labelledby="accounts-heading">
        <div className="sidebar-head">
          <h2 id="accounts-heading">Card accounts</h2>
          {emptySandbox ? null : (
            <div className="sidebar-actions">
              <button type="button" onClick={() => setDialog('open-account')}>
                Open…
              </button>
              <button type="button" onClick={() => setDialog('new-account')}>
                + New
              </button>
            </div>
          )}
        </div>
        <StatusMessage place="accounts" />
        {known.pending ? <p className="muted">Loading…</p> : null}
        {known.noList ? (
          <p className="note">
            This sandbox does not list card accounts; the console keeps its own book of the ones you create or
            open, in this browser.
          </p>
        ) : known.list.isError ? (
          <ApiErrorState
            title="Could not load card accounts"
            error={known.list.error}
            onRetry={() => known.list.refetch()}
            offerStoreRecovery
          />
        ) : null}
        {known.list.data?.kind === 'unexpected' ? (
          <UnexpectedAnswer
            what="The card account list"
            problems={known.list.data.problems}
            raw={known.list.data.raw}
          />
        ) : null}
        {known.pending ? null : <AccountList accounts={known.accounts} onRemove={setRemoving} />}
        <DataTools fill={fill} onFilled={onFilled} offerFill={!emptySandbox} />
      </aside>
      <main className="main" id="main" tabIndex={-1}>
        {corrections.length > 0 ? (
          <div className="note link-corrections">
            <p>
              The link asked for a view the console cannot show as it stands; the address now says what is
              shown:
            </p>
            <ul>
              {corrections.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {selected ? (
          <ViewChunkBoundary
            loading={
              <p className="loading" aria-busy="true">
                Loading the transactions…
              </p>
            }
          >
            <TransactionsView account={selected.view} note={selected.entry?.note} {...actions} />
          </ViewChunkBoundary>
        ) : view.account !== undefined && missing === view.account ? (
          <ViewChunkBoundary loading={null}>
            <AccountNotFound id={view.account} mode={mode} onSwitchMode={(to) => void switchMode(to)} />
          </ViewChunkBoundary>
        ) : view.account !== undefined ? (
          <p className="loading" aria-busy="true">
            Opening card account <code>{view.account}</code>…
          </p>
        ) : emptySandbox ? (
          <div className="empty-state">
            <h2>No card accounts yet</h2>
            <p>
              {known.noList
                ? 'Create one, open one by its id or link, or fill the sandbox with the fixed test data set.'
                : 'Create one, or fill the sandbox with the fixed test data set.'}
            </p>
            <div className="actions">
              <button type="button" className="primary" onClick={() => setDialog('new-account')}>
                + New card account
              </button>
              <button type="button" onClick={() => setDialog('open-account')}>
                Open account…
              </button>
              <button type="button" onClick={async () => onFilled(await fill.fill())} disabled={fill.filling}>
                {fill.filling ? 'Filling…' : 'Fill test data'}
              </button>
            </div>
          </div>
        ) : null}
      </main>
      <Inspector />
      {flowsOpen ? (
        <ChunkBoundary title="Flow" onClose={() => setFlowsOpen(false)}>
          <FlowsPanel onClose={() => setFlowsOpen(false)} />
        </ChunkBoundary>
      ) : null}
      {dialog === 'new-account' ? (
        <ChunkBoundary title="New card account" onClose={close}>
          <NewAccountDialog onClose={close} onCreated={onAccountCreated} />
        </ChunkBoundary>
      ) : null}
      {dialog === 'open-account' ? (
        <ChunkBoundary title="Open card account" onClose={close}>
          <OpenAccountDialog onClose={close} onOpened={onAccountOpened} />
        </ChunkBoundary>
      ) : null}
      {removing && known.upstream !== undefined ? (
        <RemoveAccountDialog
          account={removing}
          upstream={known.upstream}
          onRemove={remove}
          onClose={() => setRemoving(undefined)}
          cannotDelete={deletion.offered ? undefined : deletion.why}
        />
      ) : null}
      {deletingAccount && selected ? (
        <DeleteAccountDialog
          account={selected.view}
          onClose={() => setDeletingAccount(false)}
          onDeleted={() => {
            setDeletingAccount(false)
            setView({ account: undefined, offset: 0 })
            announce(`${accountLabel(selected.view)} deleted, with its transactions`)
          }}
        />
      ) : null}
      {dialog === 'help' ? (
        <ChunkBoundary title="Help" onClose={close}>
          <HelpDialog onClose={close} />
        </ChunkBoundary>
      ) : null}
      {dialog === 'connection' ? (
        <ChunkBoundary title="Connection" onClose={close}>
          <ConnectionDialog onClose={close} />
        </ChunkBoundary>
      ) : null}
      {dialog === 'explain' ? (
        <ChunkBoundary title="Explain a request" onClose={close}>
          <ExplainDialog onClose={close} />
        </ChunkBoundary>
      ) : null}
      {dialog === 'clock' ? (
        <ChunkBoundary title="Sandbox clock" onClose={close}>
          <ClockDialog onClose={close} offline={mode === 'offline'} />
        </ChunkBoundary>
      ) : null}
      {dialog === 'conditions' ? (
        <ChunkBoundary title="Conditions" onClose={close}>
          <ConditionsDialog onClose={close} />
        </ChunkBoundary>
      ) : null}
      {dialog === 'share' ? (
        <ChunkBoundary title="Share what you see" onClose={close}>
          <ShareDialog onClose={close} />
        </ChunkBoundary>
      ) : null}
      {sharedLink !== undefined ? (
        <ChunkBoundary title="Open the shared view?" onClose={() => setSharedLink(undefined)}>
          <SharedLinkOpener fragment={sharedLink} onSwitchMode={switchMode} />
        </ChunkBoundary>
      ) : null}
      {dialog === 'add-transactions' && selected ? (
        <ChunkBoundary title="Add transactions" onClose={close}>
          <AddTransactionsDialog
            account={selected.view}
            initial={duplicate ? [duplicate] : undefined}
            onClose={close}
            onCreated={(created, sent) => {
              close()
              const count = `${sent} ${sent === 1 ? 'transaction' : 'transactions'} created`
              const stored = created.kind === 'read' ? created.value.transactions : undefined
              if (stored === undefined) {
                // Without the stored transactions in the answer: every status, from the first row.
                setView({ offset: 0, status: 'both' })
                const why =
                  created.kind === 'no-body'
                    ? 'the sandbox sent no body'
                    : 'its answer was not what the console expects'
                announce(`${count}; ${why}`)
                return
              }
              markRecent(
                stored.flatMap((tx) => (tx.cardTransactionId === undefined ? [] : [tx.cardTransactionId])),
              )
              setView(viewShowing(parseView(location.search), stored))
              announce(count)
            }}
          />
        </ChunkBoundary>
      ) : null}
      {dialog === 'generate' && selected ? (
        <ChunkBoundary title="Generate transactions" onClose={close}>
          <GenerateDialog account={selected.view} onClose={close} onDone={() => setView({ offset: 0 })} />
        </ChunkBoundary>
      ) : null}
    </div>
  )
}

/** The library and the import rules load when a copy is first saved: proxy mode does not need them before. */
const copyToOffline = {
  saver: () => import('./scenario-saver').then((module) => module.scenarioSaverOf()),
  onSwitchToOffline: (scenario: string) => {
    scenarioToLoad.ask(scenario)
    void switchMode('offline')
  },
}

/** Alt+Shift+P turns presenter mode on or off from anywhere, a dialog included. */
function usePresenterShortcut() {
  const presenter = usePresenterSetting()
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isPresenterShortcut(event)) return
      event.preventDefault()
      presenter.write(!presenter.read())
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [presenter])
}

/** Fetches the transactions view's chunk while the account list loads, rather than after it. */
function usePreloadTransactionsView(wanted: boolean) {
  useEffect(() => {
    if (wanted) transactionsView.preload()
  }, [wanted])
}

/**
 * An account named by the URL but not known here (a link from a colleague, a bookmark, an account removed
 * from the book) is fetched and added to the book. Returns the id the sandbox answered 404 for: only that
 * says the account does not exist here.
 */
function useOpenLinkedAccount(
  wanted: string | undefined,
  { known, waiting }: { known: boolean; waiting: boolean },
): string | undefined {
  const { mutate: open } = useOpenAccount()
  const [missing, setMissing] = useState<string>()
  const tried = useRef<string>(undefined)
  useEffect(() => {
    // Not before the list and the book are known: the account may be in them.
    if (waiting) return
    if (wanted === undefined || known) {
      tried.current = undefined
      return
    }
    if (tried.current === wanted) return
    tried.current = wanted
    open(
      { id: wanted },
      { onSuccess: (outcome) => setMissing(outcome.kind === 'not-found' ? outcome.id : undefined) },
    )
  }, [wanted, known, waiting, open])
  return missing
}
