/**
 * Demonstration switches: spoil a correctly signed request in one known way, so a tester sees the
 * exact 401 the sandbox gives for it. The names only: the UI's main chunk imports this file, never the key material.
 */
import { type TamperScenario, tamperScenarios } from '../contract/tamper-scenarios'

export { type TamperScenario, tamperScenarios }

/** What each switch sends, in the words the Signature switch, its header badge and a shared link use. */
export const tamperLabels: Record<TamperScenario, string> = {
  'bad-signature': 'Bad signature',
  'missing-digest': 'Missing Digest',
  'stale-date': 'Stale Date (10 min)',
  'wrong-certificate': 'Wrong certificate',
}

/**
 * A switch's words inside a sentence ("Signature: missing Digest", "signed correctly → stale Date (10 min)"):
 * the first letter lowered and nothing else, so Digest and Date keep the capitals of the headers they name
 * and the badge says what the switch says.
 */
export function tamperInSentence(scenario: TamperScenario): string {
  const label = tamperLabels[scenario]
  return label.charAt(0).toLowerCase() + label.slice(1)
}

export function isTamperScenario(value: string | null | undefined): value is TamperScenario {
  return tamperScenarios.some((scenario) => scenario === value)
}
