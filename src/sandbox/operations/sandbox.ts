import type {
  CardAccount,
  CardTransactionsResponse,
  IsoDate,
  KnownFix,
  SandboxSnapshot,
  SettlementAnswer,
  StoredTransaction,
  TransactionsSummary,
  transactionsQueryFor,
} from '../../contract'
import type { DatedAfter } from '../clock-move'
import type { Result } from '../result'
import type { AccountData } from '../storage/store'

/** A transaction dated after today: refused (the contract), or stored as a bank that allows it does. */
export type FutureDates = 'refused' | 'accepted'

/** How a listing's query is read: the largest `limit` taken, and a parameter it does not name. */
export type QueryRules = NonNullable<Parameters<typeof transactionsQueryFor>[0]>

/** The engine's operations, as the HTTP glue, the console and the tests call them. */
export interface Sandbox {
  createCardAccount(body: unknown, ctx: { fixes: Set<KnownFix> }): Promise<Result<CardAccount>>
  listCardAccounts(): Promise<CardAccount[]>
  /** Existence only, without the corporate rule: lets the HTTP glue answer 404 before a body error. */
  hasCardAccount(id: string): Promise<boolean>
  getCardAccount(id: string, ctx: { psuCorporateId?: string | undefined }): Promise<Result<CardAccount>>
  /**
   * `ctx`: the request's PSU-Corporate-ID, which a corporate account's writes need (spec §5.5). Without a
   * ctx there is no request, hence no header rule: the console loading a scenario into its own engine.
   */
  addTransactions(
    id: string,
    body: unknown,
    ctx?: { psuCorporateId: string | undefined; futureDates?: FutureDates },
  ): Promise<Result<StoredTransaction[]>>
  /**
   * `query`: the request's query parameters, e.g. Object.fromEntries(url.searchParams), read by `rules`
   * (the contract's: strict, `limit` up to MAX_LIMIT).
   */
  listTransactions(
    id: string,
    query: unknown,
    ctx: { fixes: Set<KnownFix>; psuCorporateId?: string | undefined; rules?: QueryRules },
  ): Promise<Result<CardTransactionsResponse>>
  /** Deletes one transaction; 404 for an unknown account or transaction id. */
  deleteTransaction(id: string, cardTransactionId: string): Promise<Result<StoredTransaction>>
  /** Deletes the account and every transaction of it; 404 for an unknown id. */
  deleteCardAccount(id: string): Promise<Result<CardAccount>>
  /**
   * Counts and exact sums of the transactions in the list's date window, per day or week
   * (docs/decisions.md#chart): what a chart needs, without sending every row.
   */
  summarizeTransactions(
    id: string,
    query: unknown,
    /** `bookedOnly`: a bank that lists only booked transactions; its summary counts what its list shows. */
    ctx: { psuCorporateId?: string | undefined; bookedOnly?: boolean },
  ): Promise<Result<TransactionsSummary>>
  /**
   * Books pending transactions (docs/decisions.md#booking-lifecycle): the listed ones, or every one pending
   * for more than N days; all or nothing.
   */
  settleTransactions(
    id: string,
    body: unknown,
    ctx?: { psuCorporateId: string | undefined },
  ): Promise<Result<SettlementAnswer>>
  /**
   * The automatic rule: in every account, each pending transaction at least `days` old as of today is
   * booked `days` after its transactionDate. Returns how many it booked.
   */
  settlePendingAfter(days: number): Promise<number>
  /**
   * The transactions a clock moved back to `day` would leave dated after its today (any of transaction,
   * booking or value date), which no create would store: for the clock panel to say so before it moves.
   */
  transactionsDatedAfter(day: IsoDate): Promise<DatedAfter | undefined>
  /** Deletes those transactions, in every account; returns how many. */
  removeTransactionsDatedAfter(day: IsoDate): Promise<number>
  /**
   * The data file (current version) of everything stored. Throws `StoreUnreadableError` when the store
   * cannot be read, and `ExportRefusedError` (with the messages) rather than return a file that
   * `importSnapshot` would refuse.
   */
  exportSnapshot(): Promise<SandboxSnapshot>
  /**
   * Best effort, never throws: the data file of whatever the store still holds readably. Where records
   * could not be read, or break the import rules, the file says `damaged: true` and keeps them raw under
   * `unreadable`; its `cardAccounts` import as they are.
   */
  exportRaw(): Promise<SandboxSnapshot>
  /** What is stored, to show before a reset or an import; never throws. */
  storeStatus(): Promise<StoreStatus>
  /**
   * Replaces all data with a validated data file (either version; of a damaged one, its `cardAccounts`:
   * `skipped` counts its unreadable records). Never reads the old data, so it works on a damaged store;
   * an invalid file changes nothing.
   */
  importSnapshot(data: unknown): Promise<Result<ImportCounts>>
  /**
   * Replaces all data with accounts the contract's schema passed when they were stored: a saved
   * scenario's (docs/decisions.md#scenarios). The import rules and caps are checked again, the schema
   * is not: its pass over every row is most of a large load. Nothing is kept in memory, so every row the
   * engine then uses is checked as the store reads it, as a new tab's are. A refusal changes nothing.
   */
  restoreSnapshot(cardAccounts: readonly AccountData[]): Promise<Result<ImportCounts>>
  /** Deletes everything without reading it, so it works on a damaged store. */
  reset(): Promise<void>
}

export interface ImportCounts {
  accounts: number
  transactions: number
  /** Unreadable records of a damaged file, left out. */
  skipped: number
}

export type StoreStatus =
  | { readable: true; accounts: number; transactions: number }
  | { readable: false; message: string; problems: readonly string[] }
