import { useEffect, useMemo, useRef } from 'react'
import { type CardAccountRead, useRequestTransactionsPage, useTransactionsPage } from '../../api'
import type { BookingStatus, TransactionsParams } from '../../contract'
import { useAnnounce } from '../../ui/announcer'
import { ApiErrorState } from '../ApiErrorState'
import { useCorporateId } from '../card-accounts/corporate-id'
import { accountSummary } from '../card-accounts/format'
import { useView, viewSearch } from '../view-state'
import { Filters } from './Filters'
import { Pagination, rowsText } from './Pagination'
import { pageInfo, transactionRows } from './rows'
import { TransactionsTable } from './TransactionsTable'

export interface TransactionActions {
  onAdd: () => void
  onGenerate: () => void
  onFill: () => void
  filling: boolean
}

interface TransactionsViewProps extends TransactionActions {
  account: CardAccountRead
}

export function TransactionsView({ account, onAdd, onGenerate, onFill, filling }: TransactionsViewProps) {
  const [view, setView] = useView()
  const [corporateId, setCorporateId] = useCorporateId(account)
  const params: TransactionsParams = {
    bookingStatus: view.status,
    fromDate: view.from,
    toDate: view.to,
    offset: view.offset,
    limit: view.limit,
  }
  const headers = { corporateId, fix: view.fix }
  const query = useTransactionsPage(account.resourceId, params, headers)
  const requestPage = useRequestTransactionsPage()
  const rows = useMemo(() => (query.data ? transactionRows(query.data) : []), [query.data])
  const info = query.data ? pageInfo(query.data, view.limit, rows.length) : undefined
  const summary = accountSummary(account)

  useAnnouncePage(
    query.isSuccess && !query.isPlaceholderData,
    viewSearch(view),
    info ? `Page ${Math.floor(view.offset / view.limit) + 1} loaded: ${rowsText(view.offset, info)}` : '',
  )

  const filtered = view.status !== 'both' || view.from !== undefined || view.to !== undefined
  return (
    <section className="transactions-view" aria-labelledby="account-heading">
      <header className="view-header">
        <h2 id="account-heading">{summary}</h2>
        {corporateId !== undefined ? (
          <label className="corporate-id">
            PSU-Corporate-ID{' '}
            <input value={corporateId} onChange={(e) => setCorporateId(e.target.value)} size={13} />
          </label>
        ) : null}
        <button type="button" onClick={onGenerate}>
          Generate…
        </button>
        <button type="button" className="primary" onClick={onAdd}>
          + Add transactions
        </button>
      </header>
      <Filters />
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
      ) : rows.length === 0 && view.offset === 0 ? (
        <div className="empty-state">
          <p>{emptyText(view.status, view.from, view.to)}</p>
          <div className="actions">
            <button type="button" className="primary" onClick={onAdd}>
              + Add transaction
            </button>
            <button type="button" onClick={onFill} disabled={filling}>
              Fill test data
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
            busy={query.isPlaceholderData}
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
      {info && !query.isError ? (
        <Pagination
          info={info}
          loading={query.isPlaceholderData}
          onPage={(offset) => requestPage(account.resourceId, { ...params, offset }, headers)}
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

/** "Page 2 loaded: Rows 51–100 of ≥ 101", once per view the user moved to (not on every refetch). */
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
