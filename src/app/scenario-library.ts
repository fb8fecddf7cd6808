import { type DBSchema, openDB } from 'idb'
import { type ScenarioFile, sameScenarioName } from '../contract'

/** A saved scenario's line in the list, kept apart from its file so listing reads no transactions. */
export interface SavedScenario {
  name: string
  accounts: number
  transactions: number
  savedAt: string
}

interface LibraryDb extends DBSchema {
  summaries: { key: string; value: SavedScenario }
  files: { key: string; value: ScenarioFile }
}

/**
 * Where saved scenarios live: beside the sandbox's data, never in it, so a reset or an import keeps them.
 * Only files the contract's schema and the import rules passed are put here (a save from the engine's
 * export, an import, a copy from proxy mode), so a load does not check the schema again.
 */
export interface ScenarioLibrary {
  list(): Promise<SavedScenario[]>
  get(name: string): Promise<ScenarioFile | undefined>
  /** The saved scenario's name that is `name` whatever its case (exactly `name` first), if one is saved. */
  named(name: string): Promise<string | undefined>
  /** Stores `file` under its name, replacing any scenario of that name. */
  put(file: ScenarioFile, savedAt: string): Promise<SavedScenario>
  /** Moves a scenario to a new name in one transaction. */
  rename(name: string, to: string): Promise<SavedScenario | undefined>
  remove(name: string): Promise<void>
}

export function summaryOf(file: ScenarioFile, savedAt: string): SavedScenario {
  return {
    name: file.name,
    accounts: file.cardAccounts.length,
    transactions: file.cardAccounts.reduce((sum, a) => sum + a.transactions.length, 0),
    savedAt,
  }
}

/** The library in this browser's IndexedDB, a database of its own. */
export function openScenarioLibrary(name = 'sandbox-console-scenarios'): ScenarioLibrary {
  let opening: ReturnType<typeof openDB<LibraryDb>> | undefined
  const db = () => {
    opening ??= openDB<LibraryDb>(name, 1, {
      upgrade(database) {
        database.createObjectStore('summaries', { keyPath: 'name' })
        database.createObjectStore('files')
      },
    })
    return opening
  }
  return {
    list: async () => (await db()).getAll('summaries'),
    get: async (scenario) => (await db()).get('files', scenario),
    async named(scenario) {
      // Names saved before they were one whatever their case may differ in case alone: the exact one first.
      const names = await (await db()).getAllKeys('summaries')
      return names.find((name) => name === scenario) ?? names.find((name) => sameScenarioName(name, scenario))
    },
    async put(file, savedAt) {
      const summary = summaryOf(file, savedAt)
      const tx = (await db()).transaction(['summaries', 'files'], 'readwrite')
      await Promise.all([
        tx.objectStore('summaries').put(summary),
        tx.objectStore('files').put(file, file.name),
        tx.done,
      ])
      return summary
    },
    async rename(from, to) {
      const tx = (await db()).transaction(['summaries', 'files'], 'readwrite')
      const [summary, file] = await Promise.all([
        tx.objectStore('summaries').get(from),
        tx.objectStore('files').get(from),
      ])
      if (summary === undefined || file === undefined) {
        await tx.done
        return undefined
      }
      const moved = { ...summary, name: to }
      await Promise.all([
        tx.objectStore('summaries').delete(from),
        tx.objectStore('files').delete(from),
        tx.objectStore('summaries').put(moved),
        tx.objectStore('files').put({ ...file, name: to }, to),
        tx.done,
      ])
      return moved
    },
    async remove(scenario) {
      const tx = (await db()).transaction(['summaries', 'files'], 'readwrite')
      await Promise.all([
        tx.objectStore('summaries').delete(scenario),
        tx.objectStore('files').delete(scenario),
        tx.done,
      ])
    },
  }
}
