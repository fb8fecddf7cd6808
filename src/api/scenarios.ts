import type { Problem, ScenarioFile, TppMessage, UpstreamBook } from '../contract'
import { writeToStorage } from './settings-store'

/** One scenario as the list shows it; a shipped one is built on demand and cannot be renamed or deleted. */
export interface ScenarioSummary {
  name: string
  shipped: boolean
  /** What a shipped scenario holds, in a sentence. */
  description?: string
  accounts: number
  transactions: number
  /** ISO 8601 instant a saved scenario was saved (or imported). */
  savedAt?: string
}

/**
 * Why a scenario step did nothing. What the file's schema or the engine's import rules refused comes as
 * their messages (code, field, text); what this browser's list refused (a taken or empty name, a scenario
 * not there or shipped, offline data that cannot be saved) comes in words alone: no sandbox answered it,
 * so no Berlin Group code describes it.
 */
export type ScenarioRefusal = { ok: false; problem: Problem } | { ok: false; inWords: string }

export type ScenarioOutcome<T> = { ok: true; value: T } | ScenarioRefusal

/** A refusal as a form's alert shows it: the messages with their codes, or the sentence alone. */
export const refusalShown = (refusal: ScenarioRefusal): TppMessage[] | string =>
  'inWords' in refusal ? refusal.inWords : refusal.problem.messages

export interface LoadedScenario {
  file: ScenarioFile
  /** The scenario's bank personality differs from the one running: it applies once the page reloads. */
  reloadNeeded: boolean
}

/**
 * Named scenarios of the in-browser sandbox (offline mode only): each holds the whole offline state (data,
 * clock, conditions, personality), kept in this browser. The offline runtime provides them; the screens
 * know them by this interface. Every refusal changes nothing and says why.
 */
export interface OfflineScenarios {
  list(): Promise<ScenarioSummary[]>
  /** Saves the current state under a new name; `book`: the in-browser sandbox's account book. */
  save(name: string, book: UpstreamBook | undefined): Promise<ScenarioOutcome<ScenarioSummary>>
  /** Replaces the current state with the scenario's. */
  load(name: string): Promise<ScenarioOutcome<LoadedScenario>>
  duplicate(name: string, as: string): Promise<ScenarioOutcome<ScenarioSummary>>
  rename(name: string, to: string): Promise<ScenarioOutcome<ScenarioSummary>>
  remove(name: string): Promise<void>
  /** The scenario as one file in the console's format. */
  exportFile(name: string): Promise<ScenarioOutcome<ScenarioFile>>
  /** Validates a file and adds it to the list (under a free name when its own is taken); never loads it. */
  importFile(data: unknown): Promise<ScenarioOutcome<ScenarioSummary>>
}

/**
 * Adds a scenario made outside offline mode (Copy to offline, in proxy mode) to this browser's scenarios,
 * the same list offline mode shows, without loading it. Every refusal saves nothing and says why.
 */
export interface ScenarioSaver {
  /** The name as it would be saved (trimmed), or why it cannot be: empty, too long, taken. */
  checkName(name: string): Promise<ScenarioOutcome<string>>
  save(file: ScenarioFile): Promise<ScenarioOutcome<ScenarioSummary>>
}

const LOAD_KEY = 'sandbox-console.scenario-to-load'

/**
 * The scenario to offer loading once this tab has switched to offline mode: the switch is a reload, and
 * loading replaces the offline state, which only offline mode can name, so the question is asked there.
 */
export const scenarioToLoad = {
  ask: (name: string, storage: Pick<Storage, 'setItem'> = sessionStorage) =>
    writeToStorage('the scenario to load', () => storage.setItem(LOAD_KEY, name)),
  peek: (storage: Pick<Storage, 'getItem'> = sessionStorage) => storage.getItem(LOAD_KEY) ?? undefined,
  clear: (storage: Pick<Storage, 'removeItem'> = sessionStorage) => storage.removeItem(LOAD_KEY),
}
