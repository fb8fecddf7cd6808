import { createColumnHelper, metaHelper, tableFeatures, useTable } from '@tanstack/react-table'
import { Money } from './Money'
import { merchantCategories } from './mcc'
import { useRecent } from './recent'
import type { TransactionRow } from './rows'

// Server-side pagination and filtering: the table only lays out the page the sandbox sent.
const features = tableFeatures({ columnMeta: metaHelper<{ className?: string }>() })
const helper = createColumnHelper<typeof features, TransactionRow>()

const columns = helper.columns([
  helper.accessor('bookingDate', {
    header: 'Booked',
    cell: ({ row }) =>
      row.original.pending ? <span className="badge">Pending</span> : row.original.bookingDate,
    meta: { className: 'col-date' },
  }),
  helper.accessor('transactionDate', {
    header: 'Tx date',
    meta: { className: 'col-date' },
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
    meta: { className: 'num' },
  }),
  helper.accessor('originalAmount', {
    header: 'Original',
    cell: ({ getValue }) => {
      const amount = getValue()
      return amount ? <Money {...amount} /> : null
    },
    meta: { className: 'num' },
  }),
  helper.accessor('id', {
    header: 'Transaction id',
    meta: { className: 'col-id' },
  }),
])

const rowId = (row: TransactionRow) => row.key

interface TransactionsTableProps {
  rows: TransactionRow[]
  caption: string
  /** The previous page stays visible, dimmed, while the next loads. */
  busy: boolean
}

export function TransactionsTable({ rows, caption, busy }: TransactionsTableProps) {
  const recent = useRecent()
  const table = useTable({ features, columns, data: rows, getRowId: rowId })
  return (
    <div className="table-scroll">
      <table className={busy ? 'transactions busy' : 'transactions'} aria-busy={busy}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col" className={header.column.columnDef.meta?.className}>
                  <table.FlexRender header={header} />
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => {
            const { pending, id } = row.original
            const classes = [pending ? 'pending' : '', id !== undefined && recent.has(id) ? 'new' : '']
            return (
              <tr key={row.id} className={classes.join(' ').trim() || undefined}>
                {row.getAllCells().map((cell) => (
                  <td key={cell.id} className={cell.column.columnDef.meta?.className}>
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
