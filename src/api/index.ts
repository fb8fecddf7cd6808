export * from './account-book'
export * from './api-client'
export * from './api-context'
export type {
  CardAccountRead,
  CreatedTransactions,
  ReadOptions,
  SandboxClockRead,
  SettlementRead,
  TransactionsPage,
  TransactionsSummaryRead,
} from './client'
export { transactionsApiPath } from './client'
export type { FailureClass, Verdict } from './connection-test'
export { consoleFetch, consoleSecret, onConsoleSecretNeeded, rememberConsoleSecret } from './console-secret'
export * from './console-trace'
export * from './corporate-id'
export * from './deletion'
export * from './errors'
export * from './fixes'
export * from './hooks'
export { readJson, showJson } from './json'
export * from './keys'
export * from './links'
export * from './mode'
export * from './offline-data'
export * from './offline-personality'
export type { ProxyAnswers } from './proxy-answers'
export { useProxyAnswering } from './proxy-return'
export { readAgain, readAgainUnderSwitch } from './read-again'
export type { Creation, Reading } from './reading'
export * from './request-log'
export type * from './request-signer'
export * from './request-timeout'
export * from './sandbox-clock'
export * from './scenarios'
export * from './settings-store'
export * from './storage-notices'
export type { OfflineWorker, Transport } from './transport'
export type { Verification } from './verification'
