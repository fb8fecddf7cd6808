export { swapped } from './accept-fix'
export { defaultStoreCaps, type StoreCaps } from './caps'
export {
  type ClockStorage,
  createSandboxClock,
  type SandboxClock,
  type SandboxClockOptions,
} from './clock'
export {
  DuplicateTransactionIdError,
  ExportRefusedError,
  isExportRefusedError,
  isStoreFullError,
  isStoreUnreadableError,
  StoreFullError,
  StoreUnreadableError,
} from './errors'
export { parseBody, unknownCardAccount } from './problems'
export { fail, ok, type Result } from './result'
export {
  createSandbox,
  type FutureDates,
  type ImportCounts,
  type QueryRules,
  type Sandbox,
  type SandboxOptions,
  type StoreStatus,
} from './sandbox'
export { createMemoryStore } from './storage/memory-store'
export type {
  AccountData,
  Generation,
  Salvage,
  SandboxStore,
  StoredAccounts,
  StoredPage,
  StoredTransactions,
  TransactionChange,
} from './storage/store'
