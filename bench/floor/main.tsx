// The least a page can be that shows the first rows of a transactions page with the stack the product's
// owner named: React and react-dom, a TanStack Query read, a TanStack Table, the answer parsed losslessly
// and checked with zod's mini API, as the console does. bench/floor.bench.ts builds it to measure what
// those libraries alone weigh, the floor under the console's initial JavaScript.
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query'
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table'
import { parse } from 'lossless-json'
import { createRoot } from 'react-dom/client'
import * as z from 'zod/mini'

const amount = z.object({
  amount: z.string().check(z.regex(/^-?\d{1,14}(\.\d{1,3})?$/)),
  currency: z.string().check(z.length(3)),
})
const transaction = z.object({
  transactionId: z.string(),
  transactionAmount: amount,
  bookingDate: z.optional(z.string()),
})
const transactionsPage = z.object({
  cardTransactions: z.object({ booked: z.array(transaction), pending: z.optional(z.array(transaction)) }),
})
type Transaction = z.infer<typeof transaction>

const features = tableFeatures({})
const column = createColumnHelper<typeof features, Transaction>()
const columns = column.columns([
  column.accessor('transactionId', { header: 'Id' }),
  column.accessor((row) => row.transactionAmount.amount, { id: 'amount', header: 'Amount' }),
])

function FirstRows() {
  const page = useQuery({
    queryKey: ['transactions'],
    queryFn: async () => transactionsPage.parse(parse(await (await fetch('/transactions')).text())),
  })
  const table = useTable({ features, columns, data: page.data?.cardTransactions.booked ?? [] })
  return (
    <table>
      <tbody>
        {table.getRowModel().rows.map((row) => (
          <tr key={row.id}>
            {row.getAllCells().map((cell) => (
              <td key={cell.id}>
                <table.FlexRender cell={cell} />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <QueryClientProvider client={new QueryClient()}>
      <FirstRows />
    </QueryClientProvider>,
  )
}
