import { useCallback, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react'
import {
  type ApiError,
  hasStorageTrouble,
  isNoSandboxAnswer,
  type Mode,
  modeLabels,
  type OpenOutcome,
  otherMode,
  scenarioToLoad,
  storageTrouble,
  useApiClient,
  useOpenAccount,
  useTamper,
} from '../api'
import { ApiErrorState } from '../features/ApiErrorState'
import { AccountList } from '../features/card-accounts/AccountList'
// By path, not by their features' entries: what an entry cannot export without growing the page's
// JavaScript (measured: docs/benchmarks.md, initial JavaScript) or without an import cycle (Scenarios'
// entry leads back to the data tools, the chart's to the transactions): the account list and its screens,
// the data tools, the inspector, the shared link's reader and the table.
import type { AccountView, KnownAccount } from '../features/card-accounts/account-view'
import { accountLabel, accountNameAmong } from '../features/card-accounts/format'
import { type KnownAccounts, useKnownAccounts } from '../features/card-accounts/use-known-accounts'
import { FillButton } from '../features/data-tools/FillButton'
import { type FillTestData, useFillTestData } from '../features/data-tools/fill'
import { dropFlowRun, FlowsPanel, flowRunKept } from '../features/flows'
import { Inspector } from '../features/inspector/Inspector'
import {
  isPresenterShortcut,
  useFirstRowsInSight,
  usePresenter,
  useTogglePresenter,
} from '../features/presenter'
import { isSharedLinkFragment, useReloadOnSharedLink } from '../features/share/shared-link-fragment'
import { ADD_TRANSACTIONS_ID, type DeletableRow, type TransactionFormRow } from '../features/transactions'
import { UnexpectedAnswer } from '../features/UnexpectedAnswer'
import { useAppliedView, useView } from '../features/view-state'
import { AnnouncementRegion, StatusMessage, useAnnounce } from '../ui/announcer'
import { ChunkBoundary, ViewChunkBoundary } from '../ui/ChunkBoundary'
import { lazyChunk, preloadedChunk } from '../ui/lazy-chunk'
import { useIdleAfter } from '../ui/use-idle-after'
import { useMediaQuery } from '../ui/use-media-query'
import { DataTools, useDataToolsBesideEmptyState } from './data-tools-chunk'
import { ConsoleDialogs, useConsoleDialogs } from './dialogs'
import { Header } from './Header'
import { offlineProfiles } from './offline-profiles'
import { switchMode, takeCarriedAccount } from './switch-mode'

/** Where the page turns to one column (styles.css): keep the two in step. */
const ONE_COLUMN = '(max-width: 720px)'

// The empty sandbox's + New card account and Open account… stand in for the sidebar's + New and Open…: the
// same ids, so a dialog opened from the first gives the focus back to the second (src/ui/Dialog.tsx).
const NEW_ACCOUNT_ID = 'new-account'
const OPEN_ACCOUNT_ID = 'open-account'

const SharedLinkOpener = lazyChunk(() =>
  import('../features/share/SharedLinkOpener').then((m) => m.SharedLinkOpener),
)
const AccountNotFound = lazyChunk(() =>
  import('../features/card-accounts/AccountNotFound').then((m) => m.AccountNotFound),
)
// The table, its filters and TanStack Table are not needed to paint the console's frame: they load beside
// the account list, started as soon as the URL names an account (see usePreloadTransactionsView).
const transactionsView = preloadedChunk(() =>
  import('../features/transactions/TransactionsView').then((m) => m.TransactionsView),
)
const TransactionsView = transactionsView.Component
// Said only when the browser's storage refused or garbled one of the console's values.
const StorageNotices = lazyChunk(() => import('../features/StorageNotices').then((m) => m.StorageNotices))
// A page opened on an account fetches it at once, while the offline sandbox starts, not after the first render.
if (new URLSearchParams(location.search).has('account')) transactionsView.preload()
// Read once per page load, and answered once (useCarriedAccountMissing): a later Open of it is a request.
let carriedAccount = takeCarriedAccount()

interface AppProps {
  mode: Mode
  /** Set when the in-browser sandbox could not start (no service worker support, blocked storage…). */
  offlineError: Error | undefined
}

export function App({ mode, offlineError }: AppProps) {
  const [view, setView] = useView()
  const known = useKnownAccounts()
  // Without an account in the URL the first one is shown; the URL is corrected, not pushed.
  const corrections = useAppliedView(known.accounts[0]?.view.resourceId)
  const fill = useFillTestData()
  const dialogs = useConsoleDialogs()
  const { settings } = useApiClient()
  const storage = useSyncExternalStore(storageTrouble.subscribe, storageTrouble.read)
  // A flow this tab was running comes back with its reload (src/features/flows/flow-run.ts).
  const [flowsOpen, setFlowsOpen] = useState(flowRunKept)
  usePresenterShortcut()
  usePreloadTransactionsView(view.account !== undefined)
  useFirstRowsInSight(view.account)
  useReloadOnSharedLink()
  const [sharedLink, setSharedLink] = useState(() =>
    isSharedLinkFragment(location.hash) ? location.hash : undefined,
  )
  const selected = known.accounts.find((a) => a.view.resourceId === view.account)
  const { missing, spoiled, unanswered } = useOpenLinkedAccount(view.account, selected !== undefined, known)
  const carriedMissing = useCarriedAccountMissing(mode, view.account, missing, known.accounts)
  const [viewAnswered, setViewAnswered] = useState(false)
  const onViewAnswered = useCallback(() => setViewAnswered(true), [])
  // The main area has what it was opened for: the account's first page, the account's absence, or the list.
  const mainShown =
    view.account === undefined ? !known.pending : selected ? viewAnswered : missing === view.account
  // The empty state's buttons replace the sidebar's New, Open and Fill: one button per action on screen.
  const emptySandbox = view.account === undefined && !known.pending && known.accounts.length === 0
  const oneColumn = useOneColumn()
  const { dataToolsDue, emptyStateShown } = useDataToolsBesideEmptyState(useIdleAfter(mainShown), {
    emptySandbox,
    oneColumn,
  })

  const onFilled = (first: string | undefined) => {
    if (first === undefined || selected !== undefined) return
    setView({ account: first, offset: 0 })
    keepFocusInMain()
  }
  return (
    <div className={flowsOpen ? 'app flow-open' : 'app'}>
      <a className="skip-link" href="#main">
        Skip to the transactions
      </a>
      <AnnouncementRegion />
      <Header
        mode={mode}
        onSwitchMode={(to) => void switchMode(to, selected?.view)}
        onHelp={() => dialogs.open('help')}
        onConnection={mode === 'proxy' ? () => dialogs.open('connection') : undefined}
        onExplain={() => dialogs.open('explain')}
        onClock={() => dialogs.open('clock', { offline: mode === 'offline' })}
        onConditions={() => dialogs.open('conditions')}
        onShare={() => dialogs.open('share')}
        onFlows={() => setFlowsOpen(true)}
      />
      <div className="banners">
        {offlineError ? (
          <div className="banner" role="alert">
            The in-browser sandbox ({modeLabels.offline}) could not start: {offlineError.message}. Reload the
            page, or switch to {modeLabels.proxy} in the header.
          </div>
        ) : null}
        {hasStorageTrouble(storage) ? (
          <ViewChunkBoundary loading={null}>
            <StorageNotices trouble={storage} />
          </ViewChunkBoundary>
        ) : null}
      </div>
      <Sidebar
        known={known}
        account={view.account}
        accountShown={selected !== undefined}
        listFailureInMain={unanswered !== undefined}
        emptySandbox={emptySandbox}
        oneColumn={oneColumn}
        dataToolsDue={dataToolsDue}
        fill={fill}
        onFilled={onFilled}
      />
      <main className="main" id="main" tabIndex={-1}>
        {corrections.length > 0 ? <LinkCorrections corrections={corrections} /> : null}
        {view.account !== undefined ? (
          <AccountArea
            id={view.account}
            selected={selected}
            accounts={known.accounts}
            notFound={missing === view.account && !carriedMissing}
            spoiled={spoiled}
            unanswered={unanswered}
            onRetryList={() => void known.list.refetch()}
            mode={mode}
            onFirstAnswer={onViewAnswered}
          />
        ) : emptyStateShown ? (
          <EmptySandbox
            noList={known.noList}
            onNew={() => dialogs.open('new-account')}
            onOpen={() => dialogs.open('open-account')}
            fill={fill}
            onFilled={onFilled}
          />
        ) : null}
      </main>
      <Inspector />
      {flowsOpen ? (
        <ChunkBoundary
          title="Flow"
          onClose={() => {
            dropFlowRun(settings.tamper)
            setFlowsOpen(false)
          }}
        >
          <FlowsPanel onClose={() => setFlowsOpen(false)} />
        </ChunkBoundary>
      ) : null}
      <ConsoleDialogs />
      {sharedLink !== undefined ? (
        <ChunkBoundary title="Open the shared view?" onClose={() => setSharedLink(undefined)}>
          <SharedLinkOpener fragment={sharedLink} onSwitchMode={switchMode} />
        </ChunkBoundary>
      ) : null}
    </div>
  )
}

/**
 * The main area for the account the address names: its transactions once it is known, the not-found page
 * once the sandbox said it has none, and a line while it is being opened.
 */
function AccountArea({
  id,
  selected,
  accounts,
  notFound,
  spoiled,
  unanswered,
  onRetryList,
  mode,
  onFirstAnswer,
}: {
  id: string
  selected: KnownAccount | undefined
  /** Every account listed: one alike in every shown word is named apart from `selected`. */
  accounts: readonly KnownAccount[]
  notFound: boolean
  /** The Signature switch spoiled the account's read: it opens once the switch is set back. */
  spoiled: ApiError | undefined
  /** The list got no answer, so the account was not asked for: it opens once the list answers. */
  unanswered: Error | undefined
  onRetryList: () => void
  mode: Mode
  onFirstAnswer: () => void
}) {
  const dialogs = useConsoleDialogs()
  if (selected) {
    return (
      <ViewChunkBoundary
        loading={
          <p className="loading" aria-busy="true">
            Loading the transactions…
          </p>
        }
      >
        <TransactionsView
          account={selected.view}
          name={accountNameAmong(selected.view, accounts)}
          note={selected.entry?.note}
          onFirstAnswer={onFirstAnswer}
          {...accountActions(dialogs, selected.view, mode)}
        />
      </ViewChunkBoundary>
    )
  }
  if (spoiled) return <ApiErrorState title={`Could not open card account ${id}`} error={spoiled} />
  if (unanswered)
    return (
      <ApiErrorState title={`Could not open card account ${id}`} error={unanswered} onRetry={onRetryList} />
    )
  if (notFound) {
    return (
      <ViewChunkBoundary loading={null}>
        <AccountNotFound id={id} mode={mode} onSwitchMode={(to) => void switchMode(to)} />
      </ViewChunkBoundary>
    )
  }
  return (
    <p className="loading" aria-busy="true">
      Opening card account <code>{id}</code>…
    </p>
  )
}

/** What the transactions view's buttons open, for the account shown; Copy to offline only by proxy. */
function accountActions(dialogs: ReturnType<typeof useConsoleDialogs>, account: AccountView, mode: Mode) {
  return {
    onAdd: () => dialogs.open('add-transactions', { account }),
    onDuplicate: (row: TransactionFormRow) => dialogs.open('add-transactions', { account, initial: [row] }),
    onDeleteAccount: () => dialogs.open('delete-account', { account }),
    onGenerate: () => dialogs.open('generate', { account }),
    onSettle: (corporateId: string | undefined) => dialogs.open('settle', { account, corporateId }),
    onDeleteTransaction: (row: DeletableRow) => dialogs.open('delete-transaction', { account, row }),
    onCopyToOffline:
      mode === 'proxy'
        ? (corporateId: string | undefined) =>
            dialogs.open('copy-to-offline', { account, corporateId, ...copyToOffline })
        : undefined,
  }
}

const FOLD_ID = 'sidebar-fold'

/** The account list with its actions and, once the main area has its first answer, the Data tools. */
function Sidebar({
  known,
  account,
  accountShown,
  listFailureInMain,
  emptySandbox,
  oneColumn,
  dataToolsDue,
  fill,
  onFilled,
}: {
  known: KnownAccounts
  /** The account the address names. */
  account: string | undefined
  accountShown: boolean
  /** The list's failure is the main area's too (an account it would have named was not asked for). */
  listFailureInMain: boolean
  emptySandbox: boolean
  /** A narrow window, 200 % zoom or presenter mode: the account list sits above the table. */
  oneColumn: boolean
  dataToolsDue: boolean
  fill: FillTestData
  onFilled: (first: string | undefined) => void
}) {
  const dialogs = useConsoleDialogs()
  // One column: the account list sits above the table, folded to its head row, so it is one click away
  // rather than below the whole table or, in front of an audience, gone. Choosing an account folds it again.
  const [listOpenAt, setListOpenAt] = useState<string | null>(null)
  const listFolded = oneColumn && !emptySandbox && listOpenAt !== (account ?? '')
  // An account chosen by keyboard folds away with the list: the focus follows it to the main area rather
  // than fall to the page's body, so the next Tab reaches the account's first action.
  useLayoutEffect(() => {
    if (listFolded && document.getElementById(FOLD_ID)?.contains(document.activeElement)) {
      document.getElementById('main')?.focus({ preventScroll: true })
    }
  }, [listFolded])
  return (
    <aside className="sidebar" aria-labelledby="accounts-heading">
      <div className="sidebar-head">
        <h2 id="accounts-heading">Card accounts</h2>
        {emptySandbox ? null : (
          <SidebarActions
            onOpen={() => dialogs.open('open-account')}
            onNew={() => dialogs.open('new-account')}
            fold={
              oneColumn
                ? {
                    folded: listFolded,
                    count: known.accounts.length,
                    onToggle: () => setListOpenAt(listFolded ? (account ?? '') : null),
                  }
                : undefined
            }
          />
        )}
        {accountShown ? <SkipToAddTransaction /> : null}
      </div>
      <StatusMessage place="accounts" />
      <div id={FOLD_ID} className="sidebar-fold" hidden={listFolded}>
        <AccountListState known={known} besideAnAccount={accountShown || listFailureInMain} />
        {known.pending ? null : (
          <AccountList
            accounts={known.accounts}
            onRemove={(account) => {
              if (known.upstream !== undefined)
                dialogs.open('remove-account', { account, upstream: known.upstream })
            }}
          />
        )}
        {dataToolsDue ? (
          <ViewChunkBoundary loading={null}>
            <DataTools fill={fill} onFilled={onFilled} offerFill={!emptySandbox} />
          </ViewChunkBoundary>
        ) : null}
      </div>
    </aside>
  )
}

/** Open and New, and in one column the list's fold with its count. */
function SidebarActions({
  onOpen,
  onNew,
  fold,
}: {
  onOpen: () => void
  onNew: () => void
  fold: { folded: boolean; count: number; onToggle: () => void } | undefined
}) {
  return (
    <div className="sidebar-actions">
      <button type="button" id={OPEN_ACCOUNT_ID} onClick={onOpen}>
        Open…
      </button>
      <button type="button" id={NEW_ACCOUNT_ID} onClick={onNew}>
        + New
      </button>
      {fold ? (
        <button type="button" aria-expanded={!fold.folded} aria-controls={FOLD_ID} onClick={fold.onToggle}>
          {fold.folded ? `List (${fold.count}) ▾` : 'Hide list ▴'}
        </button>
      ) : null}
    </div>
  )
}

/**
 * The empty state's Fill test data goes as the accounts it made come in, and the focus with it, to the
 * page's start: the main area takes it, so the next Tab reaches the account's first action.
 */
function keepFocusInMain() {
  const main = document.getElementById('main')
  const focused = document.activeElement
  if (main !== null && (focused === null || focused === document.body || main.contains(focused))) {
    main.focus({ preventScroll: true })
  }
}

/**
 * Focus comes back to + New after an account is made: the next stop goes straight to its main action, past
 * every account, the data tools and the filters (docs/decisions.md#header).
 */
function SkipToAddTransaction() {
  return (
    <a
      className="skip-link sidebar-skip"
      href={`#${ADD_TRANSACTIONS_ID}`}
      onClick={(event) => {
        event.preventDefault()
        ;(document.getElementById(ADD_TRANSACTIONS_ID) ?? document.getElementById('main'))?.focus()
      }}
    >
      Skip to Add transactions
    </a>
  )
}

/** Why the sidebar's list is not (or not all) there: loading, a sandbox without a list, an error, a strange answer. */
/** `besideAnAccount`: an account's page is the main content, and its own failure is the one read out. */
function AccountListState({ known, besideAnAccount }: { known: KnownAccounts; besideAnAccount: boolean }) {
  const { list } = known
  return (
    <>
      {known.pending ? <p className="muted">Loading…</p> : null}
      {known.noList ? (
        <p className="note">
          This sandbox does not list card accounts; the console keeps its own book of the ones you create or
          open, in this browser.
        </p>
      ) : list.isError ? (
        <ApiErrorState
          title="Could not load card accounts"
          error={list.error}
          onRetry={() => list.refetch()}
          offerStoreRecovery
          quiet={besideAnAccount}
        />
      ) : null}
      {list.data?.kind === 'unexpected' ? (
        <UnexpectedAnswer what="The card account list" problems={list.data.problems} raw={list.data.raw} />
      ) : null}
    </>
  )
}

/**
 * The list's failure when no sandbox answered it (the proxy's timeout, an unreachable bank): a read of one
 * account would wait as long, so none is sent until the list answers. Not while it is being read again.
 */
function unansweredList({ list }: KnownAccounts): Error | undefined {
  return list.isError && !list.isFetching && isNoSandboxAnswer(list.error) ? list.error : undefined
}

/** What the address was changed to, when a link asked for a view the console cannot show as it stands. */
function LinkCorrections({ corrections }: { corrections: readonly string[] }) {
  return (
    <div className="note link-corrections">
      <p>
        The link asked for a view the console cannot show as it stands; the address now says what is shown:
      </p>
      <ul>
        {corrections.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
    </div>
  )
}

/** The main area of a sandbox with no accounts: the three ways to get one, in place of the sidebar's. */
function EmptySandbox({
  noList,
  onNew,
  onOpen,
  fill,
  onFilled,
}: {
  noList: boolean
  onNew: () => void
  onOpen: () => void
  fill: FillTestData
  onFilled: (first: string | undefined) => void
}) {
  return (
    <div className="empty-state">
      <h2>No card accounts yet</h2>
      <p>
        {noList
          ? 'Create one, open one by its id or link, or fill the sandbox with the fixed test data set.'
          : 'Create one, or fill the sandbox with the fixed test data set.'}
      </p>
      <div className="actions">
        <button type="button" id={NEW_ACCOUNT_ID} className="primary" onClick={onNew}>
          + New card account
        </button>
        <button type="button" id={OPEN_ACCOUNT_ID} onClick={onOpen}>
          Open account…
        </button>
        <FillButton fill={fill} onFilled={onFilled} />
      </div>
    </div>
  )
}

/** The library and the import rules load when a copy is first saved: proxy mode does not need them before. */
const copyToOffline = {
  saver: offlineProfiles.saver,
  onSwitchToOffline: (scenario: string) => {
    scenarioToLoad.ask(scenario)
    void switchMode('offline')
  },
}

/** Alt+Shift+P turns presenter mode on or off from anywhere, a dialog included. */
/** A narrow window, 200 % zoom or presenter mode: one column, the account list above the main area. */
function useOneColumn(): boolean {
  const narrow = useMediaQuery(ONE_COLUMN)
  return usePresenter() || narrow
}

function usePresenterShortcut() {
  const togglePresenter = useTogglePresenter()
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isPresenterShortcut(event)) return
      event.preventDefault()
      togglePresenter()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [togglePresenter])
}

const sandboxNames: Record<Mode, string> = {
  offline: "this browser's offline sandbox",
  proxy: "the proxy's sandbox",
}

/**
 * After a mode switch the same account is shown when this mode's sandbox has it; when it answers 404,
 * the account list with a note, never the not-found page: the tester did not ask for that account here.
 * Returns whether that is under way (the not-found page must not flash first).
 */
function useCarriedAccountMissing(
  mode: Mode,
  account: string | undefined,
  missing: string | undefined,
  accounts: readonly KnownAccount[],
) {
  const [, setView] = useView()
  const announce = useAnnounce()
  const carried = carriedAccount?.id === account && missing === account ? carriedAccount : undefined
  // The same test data in both modes: this sandbox's account of that masked PAN, shown beside the note, is
  // another one (a tester read the note as saying the account on screen did not exist).
  const twin = carried !== undefined && accounts.some(({ view }) => accountLabel(view) === carried.label)
  useEffect(() => {
    if (carried === undefined) return
    carriedAccount = undefined
    setView({ account: undefined }, { replace: true })
    // Named by the sandbox it came from: the other mode may hold an account with the same masked PAN.
    const from = sandboxNames[otherMode(mode)]
    const another = twin ? ` (its own ${carried.label} is another account)` : ''
    announce(
      `Account ${carried.label} of ${from} is not in ${sandboxNames[mode]}, which keeps its own accounts: showing those${another}`,
      { place: 'accounts' },
    )
  }, [carried, twin, mode, setView, announce])
  const carriedMissing = carried !== undefined
  return carriedMissing
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
  known: boolean,
  accounts: KnownAccounts,
): { missing: string | undefined; spoiled: ApiError | undefined; unanswered: Error | undefined } {
  const { mutate: open } = useOpenAccount()
  const [outcome, setOutcome] = useState<OpenOutcome>()
  const tried = useRef<string>(undefined)
  // A read the Signature switch spoiled is tried again once the switch is set otherwise.
  const tamper = useTamper()
  // Not asked for while the list that may name it got no answer: it is its failure the page shows.
  const unanswered = wanted !== undefined && !known ? unansweredList(accounts) : undefined
  // Not before the list and the book are known (the account may be in them), nor while the list is read again.
  const waiting = accounts.pending || accounts.list.isFetching || unanswered !== undefined
  useEffect(() => {
    if (waiting) return
    if (wanted === undefined || known) {
      tried.current = undefined
      return
    }
    const attempt = `${wanted} ${tamper ?? ''}`
    if (tried.current === attempt) return
    tried.current = attempt
    open({ id: wanted }, { onSuccess: setOutcome })
  }, [wanted, known, waiting, open, tamper])
  return {
    missing: outcome?.kind === 'not-found' ? outcome.id : undefined,
    spoiled: outcome?.kind === 'spoiled' && outcome.id === wanted ? outcome.error : undefined,
    unanswered,
  }
}
