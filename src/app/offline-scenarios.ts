import {
  type OfflineScenarios,
  readOfflinePersonality,
  type ScenarioOutcome,
  type ScenarioRefusal,
  type ScenarioSummary,
  type SettingsStore,
  sameBehaviour,
  writeOfflinePersonality,
} from '../api'
import {
  boundedSafeParse,
  CONSOLE_FILE_FORMAT,
  CONSOLE_FILE_VERSION,
  type ConditionSet,
  type IsoDate,
  localToday,
  OFFLINE_UPSTREAM,
  problemFromZod,
  type QuotaReads,
  type SandboxBehaviour,
  type SandboxClockState,
  type ScenarioFile,
  sameScenarioName,
  scenarioFile,
  scenarioName,
} from '../contract'
import { offlineQuotaStore, readOfflineConditions, writeOfflineConditions } from '../features/conditions'
import { capitalised } from '../features/form-errors'
import type { Sandbox } from '../sandbox'
// The errors module alone, not the engine's index: the engine stays in its lazily loaded chunk.
import { isExportRefusedError, isStoreUnreadableError } from '../sandbox/errors'
import { readSnapshot } from '../sandbox/snapshots'
import type { ScenarioLibrary } from './scenario-library'
import type { ShippedScenario } from './shipped-scenarios'

/** The offline state kept beside the data: in this browser's localStorage. */
export interface OfflineState {
  clock(): SandboxClockState
  setClock(state: SandboxClockState): void
  conditions(): ConditionSet
  setConditions(set: ConditionSet): void
  quotaReads(): QuotaReads | undefined
  setQuotaReads(reads: QuotaReads | undefined): void
  personality(): SandboxBehaviour
  setPersonality(behaviour: SandboxBehaviour): void
}

/** The state as the offline sandbox reads it: the same keys, so what a load writes is what it runs on. */
export function browserOfflineState(clock: SettingsStore<SandboxClockState>): OfflineState {
  return {
    clock: () => clock.read(),
    setClock: (state) => clock.write(state),
    conditions: () => readOfflineConditions(),
    setConditions: (set) => writeOfflineConditions(set),
    quotaReads: () => offlineQuotaStore.load(),
    setQuotaReads: (reads) => (reads ? offlineQuotaStore.save(reads) : offlineQuotaStore.clear()),
    personality: () => readOfflinePersonality(),
    setPersonality: (behaviour) => writeOfflinePersonality(behaviour),
  }
}

interface ScenariosOptions {
  sandbox: Sandbox
  library: ScenarioLibrary
  state: OfflineState
  shipped: readonly ShippedScenario[]
  /** The sandbox clock's today: shipped scenarios are dated from it. */
  today?: () => IsoDate
  now?: () => string
}

/** A refusal of this browser's own list: in words, with no sandbox's code (see ScenarioRefusal). */
const refused = (inWords: string): ScenarioRefusal => ({ ok: false, inWords })

export function offlineScenariosOf({
  sandbox,
  library,
  state,
  shipped,
  today = localToday,
  now = () => new Date().toISOString(),
}: ScenariosOptions): OfflineScenarios {
  const shippedNamed = (name: string) => shipped.find((scenario) => scenario.name === name)
  const freeName = (input: string, own?: string) => freeScenarioName(input, library, shipped, own)

  /** The scenario `name` means: exactly that name first, else the one it is in other letters' case. */
  async function fileOf(name: string): Promise<ScenarioFile | undefined> {
    const ship = shippedNamed(name)
    if (ship) return ship.build(today())
    const saved = await library.named(name)
    if (saved !== undefined) return library.get(saved)
    return shipped.find((scenario) => sameScenarioName(scenario.name, name))?.build(today())
  }

  const unknown = (name: string) => refused(`There is no scenario named "${name}".`)

  return {
    async list() {
      const saved = await library.list()
      const shippedLines: ScenarioSummary[] = shipped.map(
        ({ name, description, accounts, transactions }) => ({
          name,
          description,
          accounts,
          transactions,
          shipped: true,
        }),
      )
      return [
        ...shippedLines,
        ...saved
          .sort((a, b) => a.name.localeCompare(b.name))
          .map((summary) => ({ ...summary, shipped: false })),
      ]
    },

    async save(input, book) {
      const name = await freeName(input)
      if (!name.ok) return name
      let cardAccounts: ScenarioFile['cardAccounts']
      try {
        cardAccounts = (await sandbox.exportSnapshot()).cardAccounts
      } catch (error) {
        if (isStoreUnreadableError(error) || isExportRefusedError(error)) {
          return refused(`The offline data cannot be saved as it is: ${error.message}`)
        }
        throw error
      }
      const quotaReads = state.quotaReads()
      const file: ScenarioFile = {
        format: CONSOLE_FILE_FORMAT,
        version: CONSOLE_FILE_VERSION,
        kind: 'scenario',
        name: name.value,
        clock: state.clock(),
        conditions: state.conditions(),
        ...(quotaReads ? { quotaReads } : {}),
        personality: state.personality(),
        cardAccounts,
        ...(book ? { accountBook: { books: { [OFFLINE_UPSTREAM]: book } } } : {}),
      }
      return { ok: true, value: { ...(await library.put(file, now())), shipped: false } }
    },

    async load(name) {
      const file = await fileOf(name)
      if (!file) return unknown(name)
      // The data goes first: it is the part that can be refused, and a refusal must change nothing. The
      // library holds only files the schema passed (see ScenarioLibrary), as do the shipped ones' builds.
      const imported = await sandbox.restoreSnapshot(file.cardAccounts)
      if (!imported.ok) return { ok: false, problem: imported.problem }
      const reloadNeeded = !sameBehaviour(state.personality(), file.personality)
      state.setClock(file.clock)
      state.setConditions(file.conditions)
      state.setQuotaReads(file.quotaReads)
      state.setPersonality(file.personality)
      return { ok: true, value: { file, reloadNeeded } }
    },

    async duplicate(name, as) {
      const file = await fileOf(name)
      if (!file) return unknown(name)
      const copy = await freeName(as)
      if (!copy.ok) return copy
      return {
        ok: true,
        value: { ...(await library.put({ ...file, name: copy.value }, now())), shipped: false },
      }
    },

    async rename(name, to) {
      if (shippedNamed(name)) return refused(`"${name}" ships with the console: duplicate it to rename.`)
      const target = await freeName(to, name)
      if (!target.ok) return target
      const moved = await library.rename(name, target.value)
      return moved ? { ok: true, value: { ...moved, shipped: false } } : unknown(name)
    },

    async remove(name) {
      if (!shippedNamed(name)) await library.remove(name)
    },

    async exportFile(name) {
      const file = await fileOf(name)
      return file ? { ok: true, value: { ...file, exportedAt: now() } } : unknown(name)
    },

    async importFile(data) {
      // Bounded: a file of 130,000 bad rows lists the first problems instead of overflowing the stack.
      const parsed = boundedSafeParse(scenarioFile, data)
      if (!parsed.success) return { ok: false, problem: problemFromZod(parsed.error) }
      // The data must import as it is, or loading it later would fail: checked now, with the engine's rules.
      const rules = readSnapshot(dataPart(parsed.data))
      if (!rules.ok) return { ok: false, problem: rules.problem }
      let name = parsed.data.name
      for (let n = 2; await takenName(name, library, shipped); n++) name = `${parsed.data.name} (${n})`
      return {
        ok: true,
        value: { ...(await library.put({ ...parsed.data, name }, now())), shipped: false },
      }
    },
  }
}

/** The name of the scenario, saved or shipped, that holds `name` whatever its case; undefined when free. */
async function takenName(
  name: string,
  library: Pick<ScenarioLibrary, 'named'>,
  shipped: readonly Pick<ShippedScenario, 'name'>[],
): Promise<string | undefined> {
  return (
    shipped.find((scenario) => sameScenarioName(scenario.name, name))?.name ?? (await library.named(name))
  )
}

/**
 * A name the list does not hold yet (saved or shipped, whatever its case), or why not. `own`: the name of
 * the scenario being renamed, which may take its own name in other letters' case.
 */
export async function freeScenarioName(
  input: string,
  library: Pick<ScenarioLibrary, 'named'>,
  shipped: readonly Pick<ShippedScenario, 'name'>[],
  own?: string,
): Promise<ScenarioOutcome<string>> {
  const parsed = scenarioName.safeParse(input)
  if (!parsed.success) return refused(capitalised(parsed.error.issues[0]?.message ?? ''))
  const name = parsed.data
  const taken = await takenName(name, library, shipped)
  if (taken !== undefined && taken !== own) {
    return refused(`A scenario named "${taken}" exists already: choose another name.`)
  }
  return { ok: true, value: name }
}

/** The scenario's data as the data file the engine imports. */
export function dataPart(file: ScenarioFile) {
  return {
    format: file.format,
    version: file.version,
    kind: 'data' as const,
    cardAccounts: file.cardAccounts,
  }
}
