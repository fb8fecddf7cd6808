// The chart's public entry (docs/decisions.md#feature-folders): other features import it from here, never
// its files.
import { preloadedChunk } from '../../ui/lazy-chunk'

export { usePrefetchTransactionsSummary } from './summary-query'

// d3 and the chart load on their own, after the table: the first page stays small.
export const transactionsChart = preloadedChunk(() =>
  import('./TransactionsChart').then((module) => module.TransactionsChart),
)
