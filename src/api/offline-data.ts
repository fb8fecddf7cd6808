import type { Problem, SandboxSnapshot } from '../contract'

export type ImportOutcome =
  | { ok: true; value: { accounts: number; transactions: number } }
  | { ok: false; problem: Problem }

/**
 * The in-browser store's own tools (offline mode only: in proxy mode the data lives upstream). The offline
 * runtime provides them; the screens know them by this interface, never by the engine's type.
 */
export interface OfflineData {
  exportSnapshot(): Promise<SandboxSnapshot>
  /** Replaces all data with a valid snapshot; an invalid one changes nothing and says why. */
  importSnapshot(snapshot: unknown): Promise<ImportOutcome>
  reset(): Promise<void>
}
