import { describe, expect, it, vi } from 'vitest'
import type { OfflineScenarios } from '../api'
import { scenariosOnUse } from './offline'

const listed = [{ name: 'Quota edge', description: '', accounts: 1, transactions: 3, shipped: true }]

function loaded(): OfflineScenarios {
  const refuse = () => Promise.reject(new Error('not in this test'))
  return {
    list: async () => listed,
    save: refuse,
    load: refuse,
    duplicate: refuse,
    rename: refuse,
    remove: async () => {},
    exportFile: refuse,
    importFile: refuse,
  }
}

// The scenarios' code (the shipped scenarios with their builders) is not part of the console's start:
// docs/benchmarks.md, "Initial JavaScript budget".
describe('scenariosOnUse', () => {
  it('loads the scenarios at their first use, once', async () => {
    const load = vi.fn(async () => loaded())
    const scenarios = scenariosOnUse(load)
    expect(load).not.toHaveBeenCalled()
    expect(await scenarios.list()).toEqual(listed)
    await scenarios.remove('Quota edge')
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('tries the load again at the next use after it failed', async () => {
    const load = vi
      .fn<() => Promise<OfflineScenarios>>()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockImplementation(async () => loaded())
    const scenarios = scenariosOnUse(load)
    await expect(scenarios.list()).rejects.toThrow('Failed to fetch')
    expect(await scenarios.list()).toEqual(listed)
  })
})
