import { createColumnHelper, metaHelper, tableFeatures, useTable } from '@tanstack/react-table'
import { Fragment, useEffect, useId, useRef, useState } from 'react'
import { showJson } from '../../api'
import { Money } from './Money'
import { merchantCategories } from './mcc'
import { useRecent } from './recent'
import type { TransactionRow } from './rows'

// Server-side pagination and filtering: the table only lays out the page the sandbox sent.
const features = tableFeatures({ columnMeta: metaHelper<{ className?: string; amount?: boolean }>() })
const helper = createColumnHelper<typeof features, TransactionRow>()

const columns = helper.columns([
  helper.accessor('bookingDate', {
    header: 'Booked',
    cell: ({ row }) =>
      row.original.pending ? (
        <>
          <span className="badge">Pending</span>
          {/* A narrow screen hides the Tx date column: a pending row would show no date at all. */}
          {row.original.transactionDate ? (
            <span className="pending-tx-date">Tx date {row.original.transactionDate}</span>
          ) : null}
        </>
      ) : (
        row.original.bookingDate
      ),
    meta: { className: 'col-date' },
  }),
  helper.accessor('transactionDate', {
    header: 'Tx date',
    // Behind the row's detail on a narrow screen (styles.css), as is the transaction id.
    meta: { className: 'col-date col-tx-date' },
  }),
  helper.accessor('merchantCategoryCode', {
    header: 'MCC',
    cell: ({ getValue }) => {
      const code = getValue()
      const name = code === undefined ? undefined : merchantCategories.get(code)
      return (
        <>
          {code} {name ? <span className="muted">{name}</span> : null}
        </>
      )
    },
    meta: { className: 'col-mcc' },
  }),
  helper.accessor('details', {
    header: 'Details',
    cell: ({ row }) => row.original.details ?? row.original.text,
    meta: { className: 'col-details' },
  }),
  helper.accessor('transactionAmount', {
    header: 'Amount',
    cell: ({ getValue }) => {
      const amount = getValue()
      return amount ? <Money {...amount} /> : null
    },
    meta: { className: 'num col-amount', amount: true },
  }),
  helper.accessor('originalAmount', {
    header: 'Original',
    cell: ({ getValue }) => {
      const amount = getValue()
      return amount ? <Money {...amount} /> : null
    },
    meta: { className: 'num col-original', amount: true },
  }),
  helper.accessor('id', {
    header: 'Transaction id',
    meta: { className: 'col-id' },
  }),
])

const rowId = (row: TransactionRow) => row.key

/** What a row's detail offers to do with its transaction. */
export interface RowActions {
  /** Opens the transaction form filled with this one. */
  duplicate(row: TransactionRow): void
  /** Asks to delete it; absent where the sandbox cannot, with `cannotDelete` saying why. */
  remove: ((row: TransactionRow) => void) | undefined
  cannotDelete: string | undefined
}

interface TransactionsTableProps {
  rows: TransactionRow[]
  caption: string
  /** The previous page stays visible, dimmed, while the next loads. */
  busy: boolean
  actions?: RowActions | undefined
  /** The accept-fix swap is on: the sandbox sent the two amounts swapped. */
  swapped?: boolean
}

/** Every row opens to its detail: the fields no column shows, and the element's raw JSON. */
export function TransactionsTable({ rows, caption, busy, actions, swapped = false }: TransactionsTableProps) {
  const recent = useRecent()
  const table = useTable({ features, columns, data: rows, getRowId: rowId })
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set())
  const baseId = useId()
  const tableRef = useStickyAmounts()
  const toggle = (key: string) =>
    setOpen((now) => {
      const next = new Set(now)
      if (!next.delete(key)) next.add(key)
      return next
    })
  const width = columns.length + 1
  return (
    // Focusable, so that the keyboard scrolls it sideways to the columns a narrow screen keeps out of view.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by keyboard to be scrolled
    <section className="table-scroll" tabIndex={0} aria-label={caption}>
      <table
        ref={tableRef}
        className={['transactions', busy ? 'busy' : '', swapped ? 'swapped' : ''].join(' ').trim()}
        aria-busy={busy}
      >
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {/* What its buttons do, in their words ("Details of transaction …"), and not the name of
                  the Details column, which holds the transaction's own text. */}
              <th scope="col" className="col-expand">
                <span className="visually-hidden">Show details</span>
              </th>
              {group.headers.map((header) => (
                <th key={header.id} scope="col" className={header.column.columnDef.meta?.className}>
                  <table.FlexRender header={header} />
                  {swapped && header.column.columnDef.meta?.amount ? (
                    <>
                      {' '}
                      <span
                        className="badge swap-badge"
                        title="accept-fix: the sandbox swapped Amount and Original"
                      >
                        ⇄ swapped
                      </span>
                    </>
                  ) : null}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row, index) => {
            const { pending, id, key } = row.original
            const classes = [pending ? 'pending' : '', id !== undefined && recent.has(id) ? 'new' : '']
            const expanded = open.has(key)
            const detailId = `${baseId}-${index}`
            // One keyed fragment per row, not an array: React matches arrays by place, so a row coming in
            // above would make every row below a new one, closing its detail under the focus.
            return (
              <Fragment key={row.id}>
                <tr className={classes.join(' ').trim() || undefined}>
                  <td className="col-expand">
                    <button
                      type="button"
                      className="expand-button"
                      aria-expanded={expanded}
                      aria-controls={expanded ? detailId : undefined}
                      aria-label={`Details of ${rowName(row.original, index)}`}
                      // Where a deleted row's place is (row-place.ts).
                      data-row={key}
                      onClick={() => toggle(key)}
                    >
                      {expanded ? '▾' : '▸'}
                    </button>
                  </td>
                  {row.getAllCells().map((cell) => (
                    <td key={cell.id} className={cell.column.columnDef.meta?.className}>
                      <table.FlexRender cell={cell} />
                    </td>
                  ))}
                </tr>
                {expanded ? (
                  <tr className="row-detail" id={detailId}>
                    <td colSpan={width}>
                      <RowDetail row={row.original} actions={actions} />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            )
          })}
        </tbody>
      </table>
    </section>
  )
}

/**
 * Amount and Original stick to the right edge of a table wider than the screen (styles.css); Amount sits
 * left of Original, so it needs Original's width, which depends on the longest amount on the page.
 */
function useStickyAmounts() {
  const ref = useRef<HTMLTableElement>(null)
  useEffect(() => {
    const table = ref.current
    const original = table?.querySelector('th.col-original')
    if (!table || !original || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => {
      table.style.setProperty('--original-width', `${original.getBoundingClientRect().width}px`)
    })
    observer.observe(original)
    return () => observer.disconnect()
  }, [])
  return ref
}

function rowName(row: TransactionRow, index: number): string {
  if (row.id !== undefined) return `transaction ${row.id}`
  if (row.text !== undefined) return `pending row ${index + 1}: ${row.text}`
  return `row ${index + 1}`
}

function RowDetail({ row, actions }: { row: TransactionRow; actions: RowActions | undefined }) {
  // A pending element sent as a plain string has nothing to copy, and no id to delete it by.
  const known = row.id !== undefined
  return (
    <div className="row-detail-body">
      <dl className="extra-fields narrow-columns">
        <div>
          <dt>Tx date</dt>
          <dd>{row.transactionDate ?? <span className="muted">(none)</span>}</dd>
        </div>
        <div>
          <dt>Transaction id</dt>
          <dd>{row.id ?? <span className="muted">(none)</span>}</dd>
        </div>
      </dl>
      {actions && known ? (
        <div className="row-actions">
          <button type="button" onClick={() => actions.duplicate(row)}>
            Duplicate and edit…
          </button>
          {actions.remove ? (
            <button type="button" className="danger" onClick={() => actions.remove?.(row)}>
              Delete transaction {row.id}…
            </button>
          ) : (
            <p className="hint">{actions.cannotDelete}</p>
          )}
        </div>
      ) : null}
      {row.extra.length > 0 ? (
        <>
          <h3>Other fields</h3>
          <dl className="extra-fields">
            {row.extra.map(([name, value]) => (
              <div key={name}>
                <dt>{name}</dt>
                <dd>
                  {typeof value === 'string'
                    ? value || <span className="muted">(empty)</span>
                    : showJson(value)}
                </dd>
              </div>
            ))}
          </dl>
        </>
      ) : (
        <p className="muted">No fields beyond the columns.</p>
      )}
      <h3>Raw JSON</h3>
      <pre className="raw-json">{showJson(row.raw)}</pre>
    </div>
  )
}
