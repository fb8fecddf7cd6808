import type { OfflineProfiles } from '../api'

/**
 * The sandbox's own verdict on a profile (`personalityOf`, src/sandbox-http/personality.ts) and the scenario
 * library, each loaded on first use: proxy mode never needs them before a check's report.
 */
export const offlineProfiles: OfflineProfiles = {
  async unservable(traits) {
    const { personalityOf, UnservableProfile } = await import('../sandbox-http/personality')
    try {
      personalityOf('check', '', traits)
      return []
    } catch (error) {
      if (error instanceof UnservableProfile) return error.reasons
      throw error
    }
  },
  saver: () => import('./scenario-saver').then((module) => module.scenarioSaverOf()),
}
