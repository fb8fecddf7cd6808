import type { ScenarioSaver } from '../api'
import { problemFromZod, type ScenarioFile, scenarioFile } from '../contract'
// The import rules alone, not the engine's index: this module loads only when a copy is saved.
import { readSnapshot } from '../sandbox/snapshots'
import { dataPart, freeScenarioName } from './offline-scenarios'
import { openScenarioLibrary, type ScenarioLibrary } from './scenario-library'
import { shippedScenarios } from './shipped-scenarios'

/**
 * Saves a scenario made in proxy mode into this browser's scenario library, checked as an imported file
 * is (the whole file, then the engine's import rules), so that it loads once offline. A taken name is
 * refused rather than changed: the tester chose it.
 */
export function scenarioSaverOf(
  library: ScenarioLibrary = openScenarioLibrary(),
  shipped: readonly { name: string }[] = shippedScenarios,
  now: () => string = () => new Date().toISOString(),
): ScenarioSaver {
  const checkName = (name: string) => freeScenarioName(name, library, shipped)
  return {
    checkName,
    async save(file: ScenarioFile) {
      const name = await checkName(file.name)
      if (!name.ok) return name
      const parsed = scenarioFile.safeParse({ ...file, name: name.value })
      if (!parsed.success) return { ok: false, problem: problemFromZod(parsed.error) }
      const rules = readSnapshot(dataPart(parsed.data))
      if (!rules.ok) return { ok: false, problem: rules.problem }
      return { ok: true, value: { ...(await library.put(parsed.data, now())), shipped: false } }
    },
  }
}
