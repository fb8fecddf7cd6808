// The chart's public entry (docs/decisions.md#feature-folders): other features import it from here, never
// its files. Beyond this folder: the summary route (summarizeTransactions in src/contract/operations.ts), the
// fold it shares with the engine (src/contract/transactions-summary.ts), the engine's summary
// (src/sandbox/sandbox.ts) and its query key, under the transactions' (src/api/keys.ts).
import { preloadedChunk } from '../../ui/lazy-chunk'

export { usePrefetchTransactionsSummary } from './summary-query'

// d3 and the chart load on their own, after the table: the first page stays small.
export const transactionsChart = preloadedChunk(() =>
  import('./TransactionsChart').then((module) => module.TransactionsChart),
)
