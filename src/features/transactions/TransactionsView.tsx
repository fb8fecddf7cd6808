import { useEffect, useId, useMemo, useRef, useState } from 'react'
import {
  ApiError,
  isNoSandboxAnswer,
  useCardAccountsFailed,
  useRequestTransactionsPage,
  useTransactionsPage,
} from '../../api'
import { type BookingStatus, testCustomers } from '../../contract'
import { StatusMessage, useAnnounce } from '../../ui/announcer'
import { useIdleAfter } from '../../ui/use-idle-after'
import { ApiErrorState } from '../ApiErrorState'
import { type AccountView, accountSummary, useCorporateId } from '../card-accounts'
import { TransactionsChart, usePrefetchTransactionsSummary } from '../chart'
import { headerFieldProblem } from '../header-fields'
import { PersonalInput, useShownPersonal } from '../presenter'
import { UnexpectedAnswer } from '../UnexpectedAnswer'
import { useDeletion } from '../use-deletion'
import { transactionsParamsOf, useView, viewSearch } from '../view-state'
import { Filters, FROM, focusFilter } from './Filters'
import { useKnownTotal } from './known-total'
import { askedText, Pagination, rowsText } from './Pagination'
import {
  type DeletableRow,
  linkTarget,
  loweredPageSize,
  type PageInfo,
  pageInfo,
  type TransactionRow,
  transactionRows,
} from './rows'
import { type RowActions, TransactionsTable } from './TransactionsTable'
import type { TransactionFormRow } from './transaction-form'
import { ADD_TRANSACTIONS_ID, GENERATE_ID } from './view-action-ids'

export interface TransactionActions {
  onAdd: () => void
  /** Opens the transaction form filled with a copy of one transaction. */
  onDuplicate?: ((row: TransactionFormRow) => void) | undefined
  /** Asks to delete the account in the sandbox. */
  onDeleteAccount?: (() => void) | undefined
  onGenerate: () => void
  /**
   * The dialogs opened from the view: they belong to it (docs/decisions.md#navigation-and-dialogs), so
   * the composition root opens them in its one registry, with the PSU-Corporate-ID the table sends.
   */
  onSettle: (corporateId: string | undefined) => void
  onDeleteTransaction: (row: DeletableRow) => void
  /** Proxy mode: saves the account as read into a new offline scenario (absent offline). */
  onCopyToOffline?: ((corporateId: string | undefined) => void) | undefined
}

interface TransactionsViewProps extends TransactionActions {
  account: AccountView
  /** How the heading names the account: its summary, or one that tells it apart from a twin's. */
  name?: string | undefined
  /** What the console's book says of an account it could not read (shown under the heading). */
  note?: string | undefined
  /** Told when the table's first answer (rows, an empty page or an error) is on screen. */
  onFirstAnswer?: () => void
}

export function TransactionsView({
  account,
  name,
  note,
  onAdd,
  onGenerate,
  onDuplicate,
  onDeleteAccount,
  onSettle,
  onDeleteTransaction,
  onCopyToOffline,
  onFirstAnswer,
}: TransactionsViewProps) {
  const deletion = useDeletion()
  const [view, setView] = useView()
  const corporate = useSendableCorporateId(account)
  const { corporateId } = corporate
  usePrefetchTransactionsSummary(account.resourceId, { fromDate: view.from, toDate: view.to }, corporateId)
  const { query, link, viewKey, move } = useViewPage(account.resourceId, corporateId)
  // The chart's bars wait for the table's first answer (rows, an empty page or an error) to be on screen.
  const drawBars = useIdleAfter(!query.isPending)
  useEffect(() => {
    if (!query.isPending) onFirstAnswer?.()
  }, [query.isPending, onFirstAnswer])
  // Rows of another page kept while this one loads, or this page's rows from before a write, read again
  // now: either may be out of date, so the table says it is busy until the answer is in.
  const refreshing = query.isPlaceholderData || query.isRefetching
  const reading = query.data
  const rows = useMemo(
    () => (reading?.kind === 'read' ? transactionRows(reading.value, reading.raw) : []),
    [reading],
  )
  const info = reading?.kind === 'read' ? pageInfo(reading.value, view.limit, rows.length) : undefined
  const summary = name ?? accountSummary(account)

  const rowActions = onDuplicate && rowActionsOf(onDuplicate, onDeleteTransaction, deletion, view.fix)

  const empty = isEmptyAccount(query, rows.length, view.offset, link)
  return (
    <section className="transactions-view" aria-labelledby="account-heading">
      <header className="view-header">
        <h2 id="account-heading">{summary}</h2>
        {corporate.typed !== undefined ? <CorporateIdField corporate={corporate} /> : null}
        <ViewActions
          onSettle={() => onSettle(corporateId)}
          // The empty state offers these itself, in place of the header's: one button per action.
          onGenerate={empty ? undefined : onGenerate}
          onAdd={empty ? undefined : onAdd}
          onCopyToOffline={onCopyToOffline && (() => onCopyToOffline(corporateId))}
          onDeleteAccount={deletion.offered ? onDeleteAccount : undefined}
        />
      </header>
      {note ? (
        <AccountNote
          note={note}
          // Only the sandbox's own refusal of the read can be about a corporate id: a gateway's 502, the
          // proxy's 504 or no answer at all says nothing of the account.
          corporateIdEmpty={corporate.typed === '' && !(query.isError && isNoSandboxAnswer(query.error))}
        />
      ) : null}
      <StatusMessage place="main" />
      <Filters />
      {/* A reversed window is the table's error to show, once. */}
      {view.from && view.to && view.from > view.to ? null : (
        <TransactionsChart
          accountId={account.resourceId}
          corporateId={corporateId}
          from={view.from}
          to={view.to}
          onWindow={(from, to) => setView({ from, to, offset: 0 })}
          drawBars={drawBars}
        />
      )}
      <TransactionsBody
        query={query}
        rows={rows}
        empty={empty}
        caption={`Transactions of ${summary}`}
        busy={refreshing}
        rowActions={rowActions}
        onAdd={onAdd}
        onGenerate={onGenerate}
      />
      <Pager
        info={info}
        query={query}
        link={link}
        viewKey={viewKey}
        loading={refreshing}
        move={move}
        total={{ accountId: account.resourceId, corporateId }}
      />
    </section>
  )
}

/**
 * The page of transactions the view names, or a page link the view cannot express, followed as is until the
 * view changes; and `move`, to the page a `_links` href names, else to `fallback` by offset arithmetic.
 */
function useViewPage(accountId: string, corporateId: string | undefined) {
  const [view, setView] = useView()
  const params = transactionsParamsOf(view)
  const headers = { corporateId, fix: view.fix }
  const viewKey = `${accountId}${viewSearch(view)}`
  const [followed, setFollowed] = useState<{ href: string; viewKey: string }>()
  const link = followed?.viewKey === viewKey ? followed.href : undefined
  const query = useTransactionsPage(accountId, params, headers, link)
  const requestPage = useRequestTransactionsPage()
  const move = (href: string | undefined, fallback: number) => {
    const target = href === undefined ? undefined : linkTarget(href)
    if (target?.kind === 'href') {
      setFollowed({ href: target.href, viewKey })
      return
    }
    const next = { offset: target?.offset ?? fallback, limit: target?.limit ?? view.limit }
    requestPage(accountId, { ...params, ...next }, headers)
    setView(next)
  }
  return { query, link, viewKey, move }
}

/**
 * Below the table: the pager, and the page size the sandbox lowered, when it did. Each page the user moves
 * to is announced once it is in, in the pager's words.
 */
function Pager({
  info,
  query,
  link,
  viewKey,
  loading,
  move,
  total,
}: {
  info: PageInfo | undefined
  query: ReturnType<typeof useTransactionsPage>
  link: string | undefined
  viewKey: string
  loading: boolean
  move: (href: string | undefined, fallback: number) => void
  /** Whose rows the pager counts: the total the console holds of the view's filter is said. */
  total: { accountId: string; corporateId: string | undefined }
}) {
  const [view] = useView()
  const filter = { bookingStatus: view.status, fromDate: view.from, toDate: view.to }
  const known = useKnownTotal(total.accountId, filter, total.corporateId)
  const standIn = query.isPlaceholderData
  const offset = link === undefined ? view.offset : undefined
  const { onPrevious, onNext } = pageMoves(
    info,
    { standIn, link, offset: view.offset, limit: view.limit },
    move,
  )
  const pageCap = usePageCap(
    link === undefined && !standIn && info !== undefined ? loweredPageSize(info, view.limit) : undefined,
  )
  useAnnouncePage(
    query.isSuccess && !standIn,
    `${viewKey}${link ?? ''}`,
    info ? `Page ${Math.floor(view.offset / view.limit) + 1} loaded: ${rowsText(offset, info, known)}` : '',
  )
  return (
    <>
      {pageCap ? (
        <p className="note" role="status">
          {pageCapText(pageCap)}
        </p>
      ) : null}
      {info && !query.isError ? (
        <Pagination
          label={standIn ? askedText(offset, view.limit) : rowsText(offset, info, known)}
          loading={loading}
          onPrevious={onPrevious}
          onNext={onNext}
        />
      ) : null}
    </>
  )
}

/**
 * The pager's moves from the page shown. While another page's rows stand in for the one asked for, their
 * links lead on from that page, not from this one: following them would swallow a click. Moves then count
 * from the offset in the URL, so five quick clicks land five pages on; a linked page the view cannot say
 * has no offset to count from, so its moves wait for its answer.
 */
function pageMoves(
  info: PageInfo | undefined,
  at: { standIn: boolean; link: string | undefined; offset: number; limit: number },
  move: (href: string | undefined, fallback: number) => void,
): { onPrevious?: () => void; onNext?: () => void } {
  if (info === undefined || (at.standIn && at.link !== undefined)) return {}
  const links = at.standIn ? undefined : info
  const hasPrevious = links?.previous !== undefined || at.offset > 0 || at.link !== undefined
  return {
    ...(hasPrevious ? { onPrevious: () => move(links?.previous, Math.max(0, at.offset - at.limit)) } : {}),
    ...(info.hasMore ? { onNext: () => move(links?.next, at.offset + at.limit) } : {}),
  }
}

/** What a row offers: a copy into the form, and deletion where the sandbox has it (else why not). */
function rowActionsOf(
  onDuplicate: (row: TransactionFormRow) => void,
  onDelete: (row: DeletableRow) => void,
  deletion: ReturnType<typeof useDeletion>,
  swapped: boolean,
): RowActions {
  return {
    // The form's rules load with the dialog it opens, not with the table.
    duplicate: (row) =>
      void import('./transaction-form').then(({ rowFromTransaction }) =>
        onDuplicate(rowFromTransaction(row.raw, { pending: row.pending, swapped })),
      ),
    remove: deletion.offered
      ? (row) => {
          if (row.id !== undefined) onDelete({ ...row, id: row.id })
        }
      : undefined,
    cannotDelete: deletion.offered ? undefined : deletion.why,
  }
}

/** An answer of no rows at the first page the view can say: the account (or its filter) has none. */
function isEmptyAccount(
  query: ReturnType<typeof useTransactionsPage>,
  rows: number,
  offset: number,
  link: string | undefined,
): boolean {
  if (query.isError || query.isPending || query.data?.kind === 'unexpected') return false
  return rows === 0 && offset === 0 && link === undefined
}

const pageCapText = ({ asked, used }: { asked: number; used: number }) =>
  `The sandbox answers at most ${used} rows a page; asked for ${asked}. Page size is now ${used}.`

/** The account's actions in the view's header, each where it is offered. */
function ViewActions({
  onSettle,
  onGenerate,
  onAdd,
  onCopyToOffline,
  onDeleteAccount,
}: {
  onSettle: () => void
  onGenerate: (() => void) | undefined
  onAdd: (() => void) | undefined
  onCopyToOffline: (() => void) | undefined
  onDeleteAccount: (() => void) | undefined
}) {
  return (
    <>
      <button type="button" onClick={onSettle}>
        Settle pending…
      </button>
      {onGenerate ? (
        <button type="button" id={GENERATE_ID} onClick={onGenerate}>
          Generate…
        </button>
      ) : null}
      {onAdd ? (
        <button type="button" id={ADD_TRANSACTIONS_ID} className="primary" onClick={onAdd}>
          + Add transactions
        </button>
      ) : null}
      {onCopyToOffline ? (
        <button type="button" onClick={onCopyToOffline}>
          Copy to offline…
        </button>
      ) : null}
      {onDeleteAccount ? (
        <button type="button" className="danger-outline" onClick={onDeleteAccount}>
          Delete account…
        </button>
      ) : null}
    </>
  )
}

/** The table's place: the error, the first load, an answer of an unexpected shape, no rows, or the rows. */
function TransactionsBody({
  query,
  rows,
  empty,
  caption,
  busy,
  rowActions,
  onAdd,
  onGenerate,
}: {
  query: ReturnType<typeof useTransactionsPage>
  rows: TransactionRow[]
  empty: boolean
  caption: string
  busy: boolean
  rowActions: RowActions | undefined
  onAdd: () => void
  onGenerate: () => void
}) {
  const [view, setView] = useView()
  // The account list offers the ways out of an unreadable store when it cannot be read itself; when only
  // this account's transactions are damaged, the list reads fine and the table offers them.
  const accountsFailed = useCardAccountsFailed()
  const reading = query.data
  if (query.isError) {
    return (
      <ApiErrorState
        title="Could not load transactions"
        error={query.error}
        offerStoreRecovery={!accountsFailed}
        onRetry={() => query.refetch()}
        actions={<ViewWaysOut error={query.error} />}
      />
    )
  }
  if (query.isPending) {
    return (
      <p className="loading" aria-busy="true">
        Loading transactions…
      </p>
    )
  }
  if (reading?.kind === 'unexpected') {
    return <UnexpectedAnswer what="The transactions answer" problems={reading.problems} raw={reading.raw} />
  }
  if (empty) return <EmptyTransactions onAdd={onAdd} onGenerate={onGenerate} />
  return (
    <>
      <TransactionsTable rows={rows} caption={caption} busy={busy} actions={rowActions} swapped={view.fix} />
      {rows.length === 0 ? (
        <p>
          <button type="button" onClick={() => setView({ offset: 0 })}>
            Back to the first page
          </button>
        </p>
      ) : null}
    </>
  )
}

/**
 * What to change in the view when a sandbox refuses it: a window whose From is after its To, swapped; a
 * status a bank that books only does not list, booked. Decided by the view and the refusal's field, so a
 * bank's own words for either refusal get the same way out.
 */
function ViewWaysOut({ error }: { error: Error }) {
  const [view, setView] = useView()
  const names = (field: string) => error instanceof ApiError && error.messages.some((m) => m.path === field)
  const reversed = view.from !== undefined && view.to !== undefined && view.from > view.to
  return (
    <>
      {reversed ? (
        <button
          type="button"
          onClick={() => {
            setView({ from: view.to, to: view.from, offset: 0 })
            focusFilter(FROM)
          }}
        >
          Swap From and To
        </button>
      ) : null}
      {view.status !== 'booked' && names('bookingStatus') ? (
        <button
          type="button"
          onClick={() => {
            setView({ status: 'booked', offset: 0 })
            focusFilter('input[name="bookingStatus"][value="booked"]')
          }}
        >
          Show booked only
        </button>
      ) : null}
    </>
  )
}

/** What the console's book says of an account it could not read, and how to read it if it is corporate. */
function AccountNote({ note, corporateIdEmpty }: { note: string; corporateIdEmpty: boolean }) {
  const shownPersonal = useShownPersonal()
  return (
    <>
      <p className="hint account-note">{note}</p>
      {corporateIdEmpty ? (
        // A bank's sandbox would not show an account the console knows by id alone: if it is corporate, only
        // the tester knows whose it is (docs/decisions.md#corporate-accounts).
        <p className="hint account-note">
          If this is a corporate account, type its customer's corporate id (the customer number it was created
          for, e.g. the test customer {shownPersonal(testCustomers.corporate)}) in the PSU-Corporate-ID field
          above: the table reads with it.
        </p>
      ) : null}
    </>
  )
}

interface SendableCorporateId {
  /** What the field holds; undefined for an account that needs none. */
  typed: string | undefined
  setTyped: (value: string) => void
  /** Why `typed` cannot go in a header, if it cannot. */
  problem: string | undefined
  /** What the table sends: `typed`, or the last value typed that a header can carry. */
  corporateId: string | undefined
}

/** The account's PSU-Corporate-ID: a value a header cannot carry is never sent; the last one that can is. */
function useSendableCorporateId(account: AccountView): SendableCorporateId {
  const [typed, setTyped] = useCorporateId(account)
  const problem = typed === undefined ? undefined : headerFieldProblem('PSU-Corporate-ID', typed)
  const sendable = useRef(typed)
  if (problem === undefined) sendable.current = typed
  return { typed, setTyped, problem, corporateId: sendable.current }
}

/** The header's PSU-Corporate-ID field, with why a value is not sent and what the table uses instead. */
function CorporateIdField({ corporate }: { corporate: SendableCorporateId }) {
  const inputId = useId()
  const errorId = useId()
  const shownPersonal = useShownPersonal()
  const { typed = '', setTyped, problem, corporateId } = corporate
  return (
    <>
      <span className="corporate-id">
        <label htmlFor={inputId}>PSU-Corporate-ID</label>{' '}
        <PersonalInput
          id={inputId}
          value={typed}
          onChange={setTyped}
          size={13}
          aria-invalid={problem !== undefined}
          aria-describedby={problem === undefined ? undefined : errorId}
        />
      </span>
      {problem === undefined ? null : (
        <small id={errorId} className="field-error corporate-id-error">
          {problem}; the table still uses {corporateId ? `"${shownPersonal(corporateId)}"` : 'none'}.
        </small>
      )}
    </>
  )
}

/** A page with no rows at the first offset: said in the filter's words, with the actions to fill it. */
function EmptyTransactions({ onAdd, onGenerate }: { onAdd: () => void; onGenerate: () => void }) {
  const [view, setView] = useView()
  const filtered = view.status !== 'both' || view.from !== undefined || view.to !== undefined
  return (
    <div className="empty-state">
      <p>{emptyText(view.status, view.from, view.to)}</p>
      <div className="actions">
        <button type="button" id={ADD_TRANSACTIONS_ID} className="primary" onClick={onAdd}>
          + Add transactions
        </button>
        <button type="button" id={GENERATE_ID} onClick={onGenerate}>
          Generate…
        </button>
        {filtered ? (
          <button
            type="button"
            onClick={() => setView({ status: 'both', from: undefined, to: undefined, offset: 0 })}
          >
            Show all
          </button>
        ) : null}
      </div>
    </div>
  )
}

function emptyText(status: BookingStatus, from: string | undefined, to: string | undefined): string {
  if (status === 'both' && !from && !to) return 'This account has no transactions yet.'
  const range =
    from && to ? ` between ${from} and ${to}` : from ? ` from ${from} on` : to ? ` up to ${to}` : ''
  return `No ${status === 'both' ? '' : `${status} `}transactions${range}.`
}

/**
 * A page size the sandbox lowered (`used`, below the `asked` of the view) becomes the view's, so the
 * page size shown and the address say what the pages hold; what was asked is said on the page where the
 * sandbox lowered it, while that size is in use (a tester read it again on the next page as news).
 */
function usePageCap(used: number | undefined): { asked: number; used: number } | undefined {
  const [view, setView] = useView()
  const [cap, setCap] = useState<{ asked: number; used: number; offset: number }>()
  useEffect(() => {
    if (used === undefined) return
    setCap({ asked: view.limit, used, offset: view.offset })
    setView({ limit: used }, { replace: true })
  }, [used, view.limit, view.offset, setView])
  return cap?.used === view.limit && cap.offset === view.offset ? cap : undefined
}

/** "Page 2 loaded: Rows 51–100 of 101 or more", once per view the user moved to (not on every refetch). */
function useAnnouncePage(loaded: boolean, viewKey: string, text: string) {
  const announce = useAnnounce()
  const last = useRef<string>(undefined)
  useEffect(() => {
    if (!loaded || last.current === viewKey) return
    const first = last.current === undefined
    last.current = viewKey
    if (!first) announce(text, { minor: true })
  }, [loaded, viewKey, text, announce])
}
