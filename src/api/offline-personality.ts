import { createContext, useContext, useState } from 'react'
import { personalityLabel, personalityName, type SandboxBehaviour } from '../contract'
import { type BankTraits, bankProfileFile, personalityProfiles } from '../contract/bank-profile'
import { consoleDateTime } from '../ui/dates'
import type { ScenarioSaver } from './scenarios'
import { writeToStorage } from './settings-store'

const STORAGE_KEY = 'sandbox-console.personality'

/**
 * Which bank the offline sandbox behaves like: kept in this browser, the contract's own by default. A
 * personality is kept by its name (as consoles before bank profiles kept it), a profile as its file's JSON.
 */
export function readOfflinePersonality(storage: Pick<Storage, 'getItem'> = localStorage): SandboxBehaviour {
  const stored = storage.getItem(STORAGE_KEY)
  const named = personalityName.safeParse(stored)
  if (named.success) return named.data
  const profile = bankProfileFile.safeParse(jsonOrUndefined(stored))
  return profile.success ? profile.data : 'console'
}

/**
 * The bank the offline sandbox behaves like, for a screen that says what it offers: read from storage once,
 * not at every render, since a change applies with a reload (the in-browser sandbox starts with it).
 */
export function useOfflineBehaviour(): SandboxBehaviour {
  const [behaviour] = useState(() => readOfflinePersonality())
  return behaviour
}

export function writeOfflinePersonality(
  behaviour: SandboxBehaviour,
  storage: Pick<Storage, 'setItem'> = localStorage,
): void {
  const text = typeof behaviour === 'string' ? behaviour : JSON.stringify(behaviour)
  writeToStorage('the bank the offline sandbox behaves like', () => storage.setItem(STORAGE_KEY, text))
}

function jsonOrUndefined(text: string | null): unknown {
  try {
    return text === null ? undefined : JSON.parse(text)
  } catch {
    return undefined
  }
}

/** The traits a sandbox behaving so serves. */
export function behaviourTraits(behaviour: SandboxBehaviour): BankTraits {
  return typeof behaviour === 'string' ? personalityProfiles[behaviour] : behaviour.traits
}

/**
 * A behaviour in the console's words: a personality by its name, a profile by where it was learned
 * ("Learned from https://bank.example/api-sandbox, 2026-11-26 10:00").
 */
export function behaviourLabel(behaviour: SandboxBehaviour): string {
  if (typeof behaviour === 'string') return behaviour
  const { source, learnedAt } = behaviour
  if (source === undefined) return 'a bank profile file'
  return learnedAt === undefined
    ? `Profile of ${source}`
    : `Learned from ${source}, ${consoleDateTime(learnedAt)}`
}

/** A behaviour as the clock panel's list shows it: a personality with what it does, a profile by its label. */
export function behaviourListed(behaviour: SandboxBehaviour): string {
  return typeof behaviour === 'string' ? personalityLabel(behaviour) : behaviourLabel(behaviour)
}

/** As short as the header's badge needs: a profile by its sandbox's host ("profile of bank.example"). */
export function behaviourBadge(behaviour: SandboxBehaviour): string {
  if (typeof behaviour === 'string') return behaviour
  const { source } = behaviour
  if (source === undefined) return 'a bank profile file'
  return URL.canParse(source) ? `profile of ${new URL(source).host}` : `profile of ${source}`
}

export function sameBehaviour(a: SandboxBehaviour, b: SandboxBehaviour): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

/**
 * What the screens need to make the offline sandbox behave like a profile, handed in by the composition
 * root: only it may load the sandbox's HTTP face, which alone knows what it can serve, and the scenario
 * library.
 */
export interface OfflineProfiles {
  /** Why the offline sandbox cannot behave so, each trait value in words; none when it can. */
  unservable(traits: BankTraits): Promise<string[]>
  /** This browser's scenario library, for a scenario made outside offline mode. */
  saver(): Promise<ScenarioSaver>
}

export const OfflineProfilesContext = createContext<OfflineProfiles | undefined>(undefined)

/** The composition root's `OfflineProfiles`; there is no default, so a tree without it fails loudly. */
export function useOfflineProfiles(): OfflineProfiles {
  const profiles = useContext(OfflineProfilesContext)
  if (!profiles) throw new Error('useOfflineProfiles() needs an <OfflineProfilesContext> above it')
  return profiles
}
