import { useId, useState } from 'react'
import type { SummaryBucket, TransactionsSummary } from '../../contract'
import { ViewChunkBoundary } from '../../ui/ChunkBoundary'
import { preloadedChunk } from '../../ui/lazy-chunk'
import { ApiErrorState } from '../ApiErrorState'
import { merchantCategories, signed } from '../transactions'
import { brushedWindow, bucketDays, currenciesOf, dayNumber, type Measure } from './chart-data'
import { BarsPlaceholder } from './chart-figure'
import { useChartOpen } from './chart-fold'
import {
  DEFAULT_SUMMARY_CAP,
  type SummaryOutcome,
  statusCounts,
  undatedOf,
  useTransactionsSummary,
} from './summary-query'

export interface TransactionsChartProps {
  accountId: string
  corporateId: string | undefined
  from: string | undefined
  to: string | undefined
  /** A brushed window (whole buckets), or undefined to clear the dates. */
  onWindow: (from: string | undefined, to: string | undefined) => void
  /** False until the table's first answer is on screen; the bars' code is fetched only then. */
  drawBars: boolean
}

// d3 and the bars load on their own, once the table's first answer is on screen (drawBars): the rows come
// first, and the figure's box is kept meanwhile so nothing moves when the bars arrive.
const bars = preloadedChunk(() => import('./ChartBars').then((module) => module.Bars))

/** The account's transactions over the view's date window: a chart with a brush, totals and top categories. */
export function TransactionsChart({
  accountId,
  corporateId,
  from,
  to,
  onWindow,
  drawBars,
}: TransactionsChartProps) {
  const [bucket, setBucket] = useState<SummaryBucket | undefined>()
  const [measure, setMeasure] = useState<Measure>('count')
  const [chosenCurrency, setCurrency] = useState<string>()
  const [cap, setCap] = useState(DEFAULT_SUMMARY_CAP)
  const { query, paged, progress } = useTransactionsSummary(
    accountId,
    { fromDate: from, toDate: to, bucket },
    corporateId,
    cap,
  )
  const headingId = useId()
  const [open, setOpen] = useChartOpen()
  // A read refused after one that answered: the answer kept is no longer what the sandbox says, so neither
  // the totals line nor the page-by-page notice shows it beside the refusal.
  const outcome = query.isError ? undefined : query.data
  const summary = outcome?.summary
  const currencies = summary ? currenciesOf(summary) : []
  // A currency chosen for an earlier window may not be in this one.
  const currency = currencies.find((c) => c === chosenCurrency) ?? currencies[0]
  // An account with nothing in it has nothing to chart: its empty state offers to add some instead (and a
  // refused read again is the table's to say).
  if (query.data?.summary.count === 0 && !from && !to && !paged) return null

  return (
    <section
      className={query.isPlaceholderData ? 'chart-panel busy' : 'chart-panel'}
      aria-labelledby={headingId}
      aria-busy={query.isPlaceholderData}
    >
      <details
        className="chart-fold"
        open={open}
        // The toggle event also follows a change React made: only the user's own click is a choice.
        onToggle={(event) => {
          if (event.currentTarget.open !== open) setOpen(event.currentTarget.open)
        }}
      >
        <summary>
          <h3 id={headingId}>Transactions over time</h3>
          {outcome ? <span className="chart-totals-line">{totalsLine(outcome)}</span> : null}
        </summary>
        <ChartControls
          bucket={bucket ?? summary?.bucket ?? 'day'}
          onBucket={setBucket}
          measure={measure}
          onMeasure={setMeasure}
          currencies={currencies}
          currency={currency}
          onCurrency={setCurrency}
          onWholeHistory={from || to ? () => onWindow(undefined, undefined) : undefined}
        />
        {paged && !query.isError ? (
          <PagedNotice outcome={outcome} progress={progress} cap={cap} onRaise={setCap} />
        ) : null}
        {query.isError ? (
          <ApiErrorState
            title={paged ? 'Could not read the pages' : 'Could not summarise the transactions'}
            error={query.error}
            onRetry={() => query.refetch()}
            // The rows below read the same sandbox: their failure is the one read out.
            quiet
          />
        ) : (
          <ChartFigures
            summary={summary}
            measure={measure}
            currency={currency}
            drawBars={drawBars}
            onWindow={onWindow}
          />
        )}
      </details>
    </section>
  )
}

/** How the chart counts: per day or week, count or sum in a currency; and the way back to the whole history. */
function ChartControls({
  bucket,
  onBucket,
  measure,
  onMeasure,
  currencies,
  currency,
  onCurrency,
  onWholeHistory,
}: {
  bucket: SummaryBucket
  onBucket: (bucket: SummaryBucket) => void
  measure: Measure
  onMeasure: (measure: Measure) => void
  currencies: readonly string[]
  currency: string | undefined
  onCurrency: (currency: string) => void
  /** Offered while the view has a date window. */
  onWholeHistory: (() => void) | undefined
}) {
  return (
    <div className="chart-header">
      <label>
        Per{' '}
        <select value={bucket} onChange={(e) => onBucket(e.target.value as SummaryBucket)}>
          <option value="day">day</option>
          <option value="week">week</option>
        </select>
      </label>
      <label>
        Show{' '}
        <select value={measure} onChange={(e) => onMeasure(e.target.value as Measure)}>
          <option value="count">count</option>
          <option value="sum">sum</option>
        </select>
      </label>
      {measure === 'sum' && currencies.length > 0 ? (
        <label>
          Currency{' '}
          <select value={currency} onChange={(e) => onCurrency(e.target.value)}>
            {currencies.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </label>
      ) : null}
      {onWholeHistory ? (
        <button type="button" className="link-button" onClick={onWholeHistory}>
          Whole history
        </button>
      ) : null}
    </div>
  )
}

/** The bars with their brush, the chart as a table, the totals and the top categories of a summary read. */
function ChartFigures({
  summary,
  measure,
  currency,
  drawBars,
  onWindow,
}: Pick<TransactionsChartProps, 'drawBars' | 'onWindow'> & {
  /** Undefined while the window is being read. */
  summary: TransactionsSummary | undefined
  measure: Measure
  currency: string | undefined
}) {
  if (summary === undefined) {
    return (
      <p className="loading" aria-busy="true">
        Summarising transactions…
      </p>
    )
  }
  if (summary.count === 0) return <p className="hint">No transactions in this window to chart.</p>
  const brush = brushInto(summary, onWindow)
  const buckets = summary.bucket === 'day' ? 'days' : 'weeks'
  return (
    <>
      {drawBars ? (
        // Their own boundary: bars that cannot be loaded are said so here, and the table goes on.
        <ViewChunkBoundary loading={<BarsPlaceholder />}>
          <bars.Component summary={summary} measure={measure} currency={currency ?? ''} onBrush={brush} />
        </ViewChunkBoundary>
      ) : (
        <BarsPlaceholder />
      )}
      <p className="hint chart-help">
        Drag across the chart, or pick a {summary.bucket} in the chart as a table, to filter the table to
        those {buckets}.
      </p>
      <ChartTable summary={summary} onPick={(start) => pickBucket(start, summary, brush)} />
      <div className="chart-facts">
        <Totals summary={summary} />
        <TopCategories summary={summary} />
      </div>
    </>
  )
}

/** What a drag from day `a` to day `b` does: its whole buckets become the view's From and To. */
function brushInto(summary: TransactionsSummary, onWindow: (from: string, to: string) => void) {
  return (a: number, b: number) => {
    const window = brushedWindow(a, b, summary)
    if (window) onWindow(window.from, window.to)
  }
}

/** The keyboard's way to a drag over one bucket: a click in the middle of its bars, as the pointer's. */
function pickBucket(start: string, summary: TransactionsSummary, brush: (a: number, b: number) => void) {
  const middle = dayNumber(start) + bucketDays(summary.bucket) / 2
  brush(middle, middle)
}

function PagedNotice({
  outcome,
  progress,
  cap,
  onRaise,
}: {
  outcome: SummaryOutcome | undefined
  progress: number
  cap: number
  onRaise: (cap: number) => void
}) {
  const done = outcome?.source === 'pages' ? outcome : undefined
  const read = done?.read ?? progress
  const undated = undatedOf(outcome)
  return (
    <div className="chart-paged">
      <p>
        This sandbox has no summary route, as a bank has none: the console reads the window page by page, up
        to {cap.toLocaleString('en')} transactions. Each page is a request that counts against the bank's
        limits like any other.
      </p>
      {done?.complete && read === 0 ? (
        // Not "Read all 0" beside a full bar: a tester took it for a read that failed.
        <p>No transactions in this window to read.</p>
      ) : done?.complete ? (
        <label>
          Read all {read.toLocaleString('en')} of this window <progress max={1} value={1} />
        </label>
      ) : (
        <label>
          Read {read.toLocaleString('en')} of at most {cap.toLocaleString('en')}{' '}
          <progress max={cap} value={Math.min(read, cap)} />
        </label>
      )}
      {undated > 0 ? (
        <p>
          {undated === 1 ? '1 of them has' : `${undated.toLocaleString('en')} of them have`} no date (a
          pending transaction sent as plain text) and {undated === 1 ? 'is' : 'are'} not in the chart.
        </p>
      ) : null}
      {done && !done.complete ? (
        <p>
          Stopped at the cap: the chart shows the newest {done.read.toLocaleString('en')} transactions only.{' '}
          <button type="button" onClick={() => onRaise(cap * 5)}>
            Read up to {(cap * 5).toLocaleString('en')}
          </button>
        </p>
      ) : null}
    </div>
  )
}

/**
 * The summary's line, read while the chart is folded: how many, and what came in and went out. It counts each
 * status: the chart shows them side by side whatever the table's status filter, and a tester comparing its
 * count with the table's rows (or a bank that books only, whose chart has no pending) must see why they differ.
 * Pending elements without a date count too: the note under the chart says they are not on it.
 */
function totalsLine(outcome: SummaryOutcome): string {
  const { both: all, booked, pending } = statusCounts(outcome)
  const count = `${all.toLocaleString('en')} ${all === 1 ? 'transaction' : 'transactions'}: ${booked.toLocaleString('en')} booked, ${pending.toLocaleString('en')} pending`
  const totals = outcome.summary.totals.map((t) => `${t.currency} in ${t.in}, out ${t.out}`)
  return [count, ...totals].join(' · ')
}

/** Sums with their sign, as the table writes each amount: `+100.00 NOK`, `-11.50 NOK`. */
const sumsText = (sums: Record<string, string>) =>
  Object.entries(sums)
    .map(([currency, amount]) => `${signed(amount)} ${currency}`)
    .join(', ') || '–'

/** The chart's figures for screen readers and for anyone who wants the numbers. */
function ChartTable({ summary, onPick }: { summary: TransactionsSummary; onPick: (start: string) => void }) {
  // Its rows only while open: a year of days is hundreds of rows, made again for every brush otherwise.
  const [open, setOpen] = useState(false)
  return (
    <details className="chart-table" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>The chart as a table</summary>
      {open ? <BucketTable summary={summary} onPick={onPick} /> : null}
    </details>
  )
}

/** Each day or week heads its row as a button that filters the table to it, as a drag over its bars does. */
function BucketTable({ summary, onPick }: { summary: TransactionsSummary; onPick: (start: string) => void }) {
  return (
    <table>
      <caption>
        Booked and pending transactions per {summary.bucket} (
        {summary.bucket === 'week' ? 'weeks start on Monday' : 'days with transactions'})
      </caption>
      <thead>
        <tr>
          <th scope="col">{summary.bucket === 'day' ? 'Day' : 'Week of'}</th>
          <th scope="col">Booked</th>
          <th scope="col">Booked sum</th>
          <th scope="col">Pending</th>
          <th scope="col">Pending sum</th>
        </tr>
      </thead>
      <tbody>
        {summary.buckets.map((b) => (
          <tr key={b.start}>
            <th scope="row">
              <button
                type="button"
                className="link-button"
                aria-label={`Show ${summary.bucket === 'day' ? b.start : `the week of ${b.start}`} in the table`}
                onClick={() => onPick(b.start)}
              >
                {b.start}
              </button>
            </th>
            <td>{b.booked.count}</td>
            <td>{sumsText(b.booked.sums)}</td>
            <td>{b.pending.count}</td>
            <td>{sumsText(b.pending.sums)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function Totals({ summary }: { summary: TransactionsSummary }) {
  return (
    <table className="chart-totals">
      <caption>Totals per currency</caption>
      <thead>
        <tr>
          <th scope="col">Currency</th>
          <th scope="col">Transactions</th>
          <th scope="col">In</th>
          <th scope="col">Out</th>
        </tr>
      </thead>
      <tbody>
        {summary.totals.map((t) => (
          <tr key={t.currency}>
            <th scope="row">{t.currency}</th>
            <td>{t.count.toLocaleString('en')}</td>
            <td className="amount">{t.in}</td>
            <td className="amount">{t.out}</td>
          </tr>
        ))}
      </tbody>
      {summary.unreadableAmounts > 0 ? (
        <tfoot>
          <tr>
            <td colSpan={4}>
              {summary.unreadableAmounts} amounts could not be read as decimals and are not summed.
            </td>
          </tr>
        </tfoot>
      ) : null}
    </table>
  )
}

const categoryName = (code: string) => {
  const name = merchantCategories.get(code)
  return name === undefined ? '' : ` ${name}`
}

function TopCategories({ summary }: { summary: TransactionsSummary }) {
  const headingId = useId()
  return (
    <div className="chart-categories">
      <h4 id={headingId}>Top merchant categories</h4>
      <ol aria-labelledby={headingId}>
        {summary.topCategories.map((c) => (
          <li key={c.merchantCategoryCode}>
            {/* A code the console cannot name is shown alone, as the table shows it. */}
            <span className="mcc">{c.merchantCategoryCode}</span>
            {categoryName(c.merchantCategoryCode)}: {c.count.toLocaleString('en')} ({sumsText(c.sums)})
          </li>
        ))}
      </ol>
    </div>
  )
}
