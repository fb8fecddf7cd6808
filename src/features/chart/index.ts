// The chart's public entry (docs/decisions.md#feature-folders): other features import it from here, never
// its files. Beyond this folder: the summary route (summarizeTransactions in src/contract/operations.ts), the
// fold it shares with the engine (src/contract/transactions-summary.ts), the engine's summary
// (src/sandbox/sandbox.ts) and its query key, under the transactions' (src/api/keys.ts).
// The panel comes with the table; its bars (with d3) load on their own once the table's rows are on screen.
export { heldSummaries, statusCounts, usePrefetchTransactionsSummary } from './summary-query'
export { TransactionsChart } from './TransactionsChart'
