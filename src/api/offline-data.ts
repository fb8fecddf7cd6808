import type { IsoDate, Problem, SandboxSnapshot } from '../contract'
import type { OfflineScenarios } from './scenarios'

export type ImportOutcome =
  | { ok: true; value: { accounts: number; transactions: number } }
  | { ok: false; problem: Problem }

/** What is stored, to show before a reset or an import. */
export type OfflineStoreStatus =
  | { readable: true; accounts: number; transactions: number }
  | { readable: false; message: string; problems: readonly string[] }

/**
 * The export was not written: the stored data cannot be read, or Import would refuse the file. `details`
 * say what is wrong, one line each; what can be read is still available from `exportRaw`.
 */
export class OfflineExportError extends Error {
  constructor(
    message: string,
    readonly details: readonly string[],
  ) {
    super(message)
    this.name = 'OfflineExportError'
  }
}

/** Transactions dated after `day`: how many, in how many card accounts, the latest date among them. */
export interface DatedAfter {
  day: IsoDate
  transactions: number
  accounts: number
  latest: IsoDate
}

/**
 * The in-browser store's own tools (offline mode only: in proxy mode the data lives upstream). The offline
 * runtime provides them; the screens know them by this interface, never by the engine's type.
 */
export interface OfflineData {
  /** Throws `OfflineExportError` when the data cannot be read or would not import. */
  exportSnapshot(): Promise<SandboxSnapshot>
  /** Never throws: whatever can be read, with `damaged: true` and the unreadable records kept raw. */
  exportRaw(): Promise<SandboxSnapshot>
  /** Never throws. */
  storeStatus(): Promise<OfflineStoreStatus>
  /** Replaces all data with a valid snapshot; an invalid one changes nothing and says why. */
  importSnapshot(snapshot: unknown): Promise<ImportOutcome>
  reset(): Promise<void>
  /**
   * The transactions a clock moved back to `day` would leave dated after its today, for the clock panel to
   * say so and ask (docs/decisions.md#moving-the-clock-back); undefined when none would be.
   */
  datedAfter(day: IsoDate): Promise<DatedAfter | undefined>
  /** Deletes those transactions in every account; returns how many. */
  removeDatedAfter(day: IsoDate): Promise<number>
  /** Calls `listener` after another tab changed the data or the clock; returns the unsubscribe function. */
  onExternalChange(listener: () => void): () => void
  /** The named scenarios of this browser, where the runtime keeps them. */
  scenarios?: OfflineScenarios
}
