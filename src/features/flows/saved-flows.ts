import { writeToStorage } from '../../api'
import { type Flow, flow } from '../../contract/flow'
import { z } from '../../contract/zod'

// The user's own flows (recorded or imported), in this browser: a presenter prepares them ahead.
const STORAGE_KEY = 'sandbox-console.flows'

export function readSavedFlows(storage: Pick<Storage, 'getItem'> = localStorage): Flow[] {
  try {
    const parsed = z.array(flow).safeParse(JSON.parse(storage.getItem(STORAGE_KEY) ?? '[]'))
    return parsed.success ? parsed.data : []
  } catch {
    return []
  }
}

export function writeSavedFlows(
  flows: readonly Flow[],
  storage: Pick<Storage, 'setItem'> = localStorage,
): void {
  writeToStorage('the saved flows', () => storage.setItem(STORAGE_KEY, JSON.stringify(flows)))
}

/** Adds flows; one of the same name is replaced, so importing a file twice does not double it. */
export function withFlows(saved: readonly Flow[], added: readonly Flow[]): Flow[] {
  const names = new Set(added.map((f) => f.name))
  return [...saved.filter((f) => !names.has(f.name)), ...added]
}
