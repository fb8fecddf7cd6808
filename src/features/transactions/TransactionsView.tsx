import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { useRequestTransactionsPage, useTransactionsPage } from '../../api'
import { type BookingStatus, type TransactionsParams, testCustomers } from '../../contract'
import { StatusMessage, useAnnounce } from '../../ui/announcer'
import { useIdleAfter } from '../../ui/use-idle-after'
import { ApiErrorState } from '../ApiErrorState'
import { type AccountView, accountSummary, useCorporateId } from '../card-accounts'
import { TransactionsChart, usePrefetchTransactionsSummary } from '../chart'
import { headerFieldProblem } from '../header-fields'
import { PersonalInput, useShownPersonal } from '../presenter'
import { UnexpectedAnswer } from '../UnexpectedAnswer'
import { useDeletion } from '../use-deletion'
import { useView, viewSearch } from '../view-state'
import { ADD_TRANSACTIONS_ID } from './add-transactions-button'
import { Filters } from './Filters'
import { askedText, Pagination, rowsText } from './Pagination'
import { type DeletableRow, linkTarget, loweredPageSize, pageInfo, transactionRows } from './rows'
import { type RowActions, TransactionsTable } from './TransactionsTable'
import type { TransactionFormRow } from './transaction-form'

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
  /** What the console's book says of an account it could not read (shown under the heading). */
  note?: string | undefined
  /** Told when the table's first answer (rows, an empty page or an error) is on screen. */
  onFirstAnswer?: () => void
}

export function TransactionsView({
  account,
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
  const [typedCorporateId, setCorporateId] = useCorporateId(account)
  const corporateIdProblem =
    typedCorporateId === undefined ? undefined : headerFieldProblem('PSU-Corporate-ID', typedCorporateId)
  // A value a header cannot carry is never sent: the table keeps the last one that can be.
  const sendable = useRef(typedCorporateId)
  if (corporateIdProblem === undefined) sendable.current = typedCorporateId
  const corporateId = corporateIdProblem === undefined ? typedCorporateId : sendable.current
  const params: TransactionsParams = {
    bookingStatus: view.status,
    fromDate: view.from,
    toDate: view.to,
    offset: view.offset,
    limit: view.limit,
  }
  const headers = { corporateId, fix: view.fix }
  usePrefetchTransactionsSummary(account.resourceId, { fromDate: view.from, toDate: view.to }, corporateId)
  // A page link the view cannot express is followed as is, until the view changes.
  const viewKey = `${account.resourceId}${viewSearch(view)}`
  const [followed, setFollowed] = useState<{ href: string; viewKey: string }>()
  const link = followed?.viewKey === viewKey ? followed.href : undefined
  const query = useTransactionsPage(account.resourceId, params, headers, link)
  // The chart's bars wait for the table's first answer (rows, an empty page or an error) to be on screen.
  const drawBars = useIdleAfter(!query.isPending)
  useEffect(() => {
    if (!query.isPending) onFirstAnswer?.()
  }, [query.isPending, onFirstAnswer])
  // Rows of another page kept while this one loads, or this page's rows from before a write, read again
  // now: either may be out of date, so the table says it is busy until the answer is in.
  const refreshing = query.isPlaceholderData || query.isRefetching
  const requestPage = useRequestTransactionsPage()
  const reading = query.data
  const rows = useMemo(
    () => (reading?.kind === 'read' ? transactionRows(reading.value, reading.raw) : []),
    [reading],
  )
  const info = reading?.kind === 'read' ? pageInfo(reading.value, view.limit, rows.length) : undefined
  const offset = link === undefined ? view.offset : undefined
  const summary = accountSummary(account)
  const corporateIdErrorId = useId()
  const shownPersonal = useShownPersonal()
  const corporateIdInputId = useId()

  /** To the page a `_links` href names, else to `fallback` by offset arithmetic. */
  const move = (href: string | undefined, fallback: number) => {
    const target = href === undefined ? undefined : linkTarget(href)
    if (target?.kind === 'href') {
      setFollowed({ href: target.href, viewKey })
      return
    }
    const next = { offset: target?.offset ?? fallback, limit: target?.limit ?? view.limit }
    requestPage(account.resourceId, { ...params, ...next }, headers)
    setView(next)
  }
  // While another page's rows stand in for the one asked for, their links lead on from that page, not from
  // this one: following them would swallow a click. Moves then count from the offset in the URL, so five
  // quick clicks land five pages on; a linked page the view cannot say has no offset to count from, so its
  // moves wait for its answer.
  const standIn = query.isPlaceholderData
  const links = standIn ? undefined : info
  const movable = info !== undefined && !(standIn && link !== undefined)
  const onPrevious =
    movable && (links?.previous !== undefined || view.offset > 0 || link !== undefined)
      ? () => move(links?.previous, Math.max(0, view.offset - view.limit))
      : undefined
  const onNext = movable && info.hasMore ? () => move(links?.next, view.offset + view.limit) : undefined

  const pageCap = usePageCap(
    link === undefined && !standIn && info !== undefined ? loweredPageSize(info, view.limit) : undefined,
  )

  useAnnouncePage(
    query.isSuccess && !query.isPlaceholderData,
    `${viewKey}${link ?? ''}`,
    info ? `Page ${Math.floor(view.offset / view.limit) + 1} loaded: ${rowsText(offset, info)}` : '',
  )

  const rowActions: RowActions | undefined = onDuplicate && {
    // The form's rules load with the dialog it opens, not with the table.
    duplicate: (row) =>
      void import('./transaction-form').then(({ rowFromTransaction }) =>
        onDuplicate(rowFromTransaction(row.raw, { pending: row.pending, swapped: view.fix })),
      ),
    remove: deletion.offered
      ? (row) => {
          if (row.id !== undefined) onDeleteTransaction({ ...row, id: row.id })
        }
      : undefined,
    cannotDelete: deletion.offered ? undefined : deletion.why,
  }

  const filtered = view.status !== 'both' || view.from !== undefined || view.to !== undefined
  // The empty state offers the actions itself, in place of the header's: one button per action.
  const empty =
    !query.isError &&
    !query.isPending &&
    reading?.kind !== 'unexpected' &&
    rows.length === 0 &&
    view.offset === 0 &&
    link === undefined
  return (
    <section className="transactions-view" aria-labelledby="account-heading">
      <header className="view-header">
        <h2 id="account-heading">{summary}</h2>
        {typedCorporateId !== undefined ? (
          <span className="corporate-id">
            <label htmlFor={corporateIdInputId}>PSU-Corporate-ID</label>{' '}
            <PersonalInput
              id={corporateIdInputId}
              value={typedCorporateId}
              onChange={setCorporateId}
              size={13}
              aria-invalid={corporateIdProblem !== undefined}
              aria-describedby={corporateIdProblem === undefined ? undefined : corporateIdErrorId}
            />
          </span>
        ) : null}
        {typedCorporateId === undefined || corporateIdProblem === undefined ? null : (
          <small id={corporateIdErrorId} className="field-error corporate-id-error">
            {corporateIdProblem}; the table still uses{' '}
            {sendable.current ? `"${shownPersonal(sendable.current)}"` : 'none'}.
          </small>
        )}
        <button type="button" onClick={() => onSettle(corporateId)}>
          Settle pending…
        </button>
        {empty ? null : (
          <>
            <button type="button" onClick={onGenerate}>
              Generate…
            </button>
            <button type="button" id={ADD_TRANSACTIONS_ID} className="primary" onClick={onAdd}>
              + Add transactions
            </button>
          </>
        )}
        {onCopyToOffline ? (
          <button type="button" onClick={() => onCopyToOffline(corporateId)}>
            Copy to offline…
          </button>
        ) : null}
        {onDeleteAccount && deletion.offered ? (
          <button type="button" className="danger-outline" onClick={onDeleteAccount}>
            Delete account…
          </button>
        ) : null}
      </header>
      {note ? <p className="hint account-note">{note}</p> : null}
      {note && typedCorporateId === '' ? (
        // A bank's sandbox would not show an account the console knows by id alone: if it is corporate, only
        // the tester knows whose it is (docs/decisions.md#corporate-accounts).
        <p className="hint account-note">
          If this is a corporate account, type its customer's corporate id (the customer number it was created
          for, e.g. the test customer {shownPersonal(testCustomers.corporate)}) in the PSU-Corporate-ID field
          above: the table reads with it.
        </p>
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
      {query.isError ? (
        <ApiErrorState
          title="Could not load transactions"
          error={query.error}
          onRetry={() => query.refetch()}
        />
      ) : query.isPending ? (
        <p className="loading" aria-busy="true">
          Loading transactions…
        </p>
      ) : reading?.kind === 'unexpected' ? (
        <UnexpectedAnswer what="The transactions answer" problems={reading.problems} raw={reading.raw} />
      ) : empty ? (
        <div className="empty-state">
          <p>{emptyText(view.status, view.from, view.to)}</p>
          <div className="actions">
            <button type="button" id={ADD_TRANSACTIONS_ID} className="primary" onClick={onAdd}>
              + Add transaction
            </button>
            <button type="button" onClick={onGenerate}>
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
      ) : (
        <>
          <TransactionsTable
            rows={rows}
            caption={`Transactions of ${summary}`}
            busy={refreshing}
            actions={rowActions}
            swapped={view.fix}
          />
          {rows.length === 0 ? (
            <p>
              <button type="button" onClick={() => setView({ offset: 0 })}>
                Back to the first page
              </button>
            </p>
          ) : null}
        </>
      )}
      {pageCap ? (
        <p className="note" role="status">
          The sandbox answers at most {pageCap.used} rows a page; asked for {pageCap.asked}. Page size is now{' '}
          {pageCap.used}.
        </p>
      ) : null}
      {info && !query.isError ? (
        <Pagination
          label={standIn ? askedText(offset, view.limit) : rowsText(offset, info)}
          loading={refreshing}
          onPrevious={onPrevious}
          onNext={onNext}
        />
      ) : null}
    </section>
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
 * page size shown and the address say what the pages hold; what was asked stays said while it is in use.
 */
function usePageCap(used: number | undefined): { asked: number; used: number } | undefined {
  const [view, setView] = useView()
  const [cap, setCap] = useState<{ asked: number; used: number }>()
  useEffect(() => {
    if (used === undefined) return
    setCap({ asked: view.limit, used })
    setView({ limit: used }, { replace: true })
  }, [used, view.limit, setView])
  return cap?.used === view.limit ? cap : undefined
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
