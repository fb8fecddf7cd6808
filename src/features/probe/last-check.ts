import { createSettingsStore } from '../../api'
import { type BankProfileFile, bankProfileFile } from '../../contract/bank-profile'
import type { ProbeOutcome } from '../../contract/probe'
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
  what: "the sandbox checks' profiles",
})

/**
 * Whether a check stopped before its battery ended (a refused connection, a 429, a cancel): then too little is
 * known to make offline behave like the bank, and its profile must not stand for the bank's.
 */
export function stoppedEarly(outcome: ProbeOutcome): boolean {
  return outcome.stopped !== undefined
}

/**
 * Keeps a check's profile as the last check of its sandbox, unless it stopped early: a check that reached no
 * sandbox would replace the last usable profile, which the personality list offers, with one of unknowns.
 * Gives the last check before this one, if any.
 */
export function keepLastCheck(outcome: ProbeOutcome, profile: BankProfileFile): BankProfileFile | undefined {
  const source = profile.source ?? ''
  const checks = lastChecks.read()
  if (!stoppedEarly(outcome)) lastChecks.write({ ...checks, [source]: profile })
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
