import { createSettingsStore } from '../../api'
import { type BankProfileFile, bankProfileFile } from '../../contract/bank-profile'
import { z } from '../../contract/zod'

/**
 * The profile each sandbox's last check learned, by its URL, kept in this browser: a later check shows what
 * changed since (a sandbox changes between the bank's releases).
 */
const lastChecks = createSettingsStore<Record<string, BankProfileFile>>({
  storage: localStorage,
  key: 'sandbox-console.probe-last',
  schema: z.record(z.string(), bankProfileFile),
  fallback: {},
})

/** Keeps `profile` as the last check of its sandbox and gives the one it replaces, if any. */
export function replaceLastCheck(profile: BankProfileFile): BankProfileFile | undefined {
  const source = profile.source ?? ''
  const checks = lastChecks.read()
  lastChecks.write({ ...checks, [source]: profile })
  return checks[source]
}

/** The profile the last check of the sandbox at `source` learned (the proxy's upstream, as its connection names it). */
export function lastCheckOf(source: string): BankProfileFile | undefined {
  return lastChecks.read()[source]
}

/** The last check's profile of each sandbox this browser checked. */
export function learnedProfiles(): BankProfileFile[] {
  return Object.values(lastChecks.read())
}
