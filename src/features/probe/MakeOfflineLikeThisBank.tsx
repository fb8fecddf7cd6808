import { useState } from 'react'
import { behaviourLabel, type OfflineProfiles, refusalShown, useOfflineProfiles } from '../../api'
import { newScenarioFile, SCENARIO_NAME_MAX, type TppMessage } from '../../contract'
import { type BankProfileFile, bankTraitNames } from '../../contract/bank-profile'
import { FormAlert } from '../../ui/Messages'
import { stoppedEarly } from './last-check'
import { traitLabels } from './parity'
import type { ProbeRun } from './probe-run'

type Step =
  | { kind: 'asking' }
  | { kind: 'applying' }
  /** The offline sandbox cannot serve the profile: nothing changed. */
  | { kind: 'refused'; reasons: string[] }
  | { kind: 'applied'; scenario: { ok: true; name: string } | { ok: false; messages: TppMessage[] | string } }

/**
 * The learned profile made the offline sandbox's (taken when the console next runs offline), and saved as
 * a scenario of this browser, so it can be loaded back after another choice.
 */
export function MakeOfflineLikeThisBank({
  run,
  applied,
  onApply,
}: {
  run: Extract<ProbeRun, { phase: 'done' }>
  /** The offline sandbox behaves like this profile already. */
  applied: boolean
  onApply: () => void
}) {
  const profiles = useOfflineProfiles()
  const [step, setStep] = useState<Step>({ kind: 'asking' })
  if (stoppedEarly(run.outcome)) {
    return (
      <p className="probe-offline">
        The check stopped early: too little is known to make offline behave like this bank.
      </p>
    )
  }
  const unknown = bankTraitNames.filter((trait) => run.outcome.traits[trait] === 'unknown')
  const apply = async () => {
    setStep({ kind: 'applying' })
    const reasons = await profiles.unservable(run.outcome.traits)
    if (reasons.length > 0) return setStep({ kind: 'refused', reasons })
    onApply()
    setStep({ kind: 'applied', scenario: await saveAsScenario(profiles, run.profile) })
  }
  return (
    <div className="probe-offline">
      <p>
        Offline can behave like this bank in every trait the check settled.
        {unknown.length === 0
          ? null
          : ` The ${unknown.length} it did not settle stay unknown, and offline takes the contract's behaviour for them: ${unknown.map((trait) => traitLabels[trait]).join(', ')}.`}
      </p>
      {applied ? null : (
        <p>
          <button
            type="button"
            className="primary"
            disabled={step.kind === 'applying'}
            onClick={() => void apply()}
          >
            Make offline behave like this bank
          </button>
        </p>
      )}
      {step.kind === 'refused' ? (
        <div className="form-alert" role="alert">
          <p>The offline sandbox cannot behave like this bank yet; it behaves as before:</p>
          <ul>
            {step.reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
          <p>
            Save the profile file to keep it: <code>npm run sandbox</code> names the same values at start.
          </p>
        </div>
      ) : null}
      {applied ? (
        <p role="status">
          Offline, the sandbox behaves like: {behaviourLabel(run.profile)}. It takes this shape when the
          console next runs offline.
          {step.kind === 'applied' && step.scenario.ok
            ? ` Saved as the scenario "${step.scenario.name}" (this bank's behaviour, no card accounts): Data › Scenarios… loads it back in Offline mode.`
            : null}
        </p>
      ) : null}
      {step.kind === 'applied' && !step.scenario.ok ? (
        <div>
          <p>The scenario of this bank's behaviour was not saved:</p>
          <FormAlert alert={step.scenario.messages} />
        </div>
      ) : null}
    </div>
  )
}

/**
 * A scenario of the profile alone (no card accounts, the real date, no conditions), named by where it was
 * learned; a name taken by an earlier save gets a number, as an imported scenario's does.
 */
async function saveAsScenario(
  profiles: OfflineProfiles,
  profile: BankProfileFile,
): Promise<{ ok: true; name: string } | { ok: false; messages: TppMessage[] | string }> {
  const saver = await profiles.saver()
  const base = fitted(behaviourLabel(profile), '')
  let name = base
  for (let n = 2; !(await saver.checkName(name)).ok && n < 100; n++) name = fitted(base, ` (${n})`)
  const saved = await saver.save({ ...newScenarioFile(name, []), personality: profile })
  return saved.ok ? { ok: true, name: saved.value.name } : { ok: false, messages: refusalShown(saved) }
}

/** `name` and `suffix` within a scenario name's length, the name cut short with … where needed. */
function fitted(name: string, suffix: string): string {
  const characters = [...name]
  const room = SCENARIO_NAME_MAX - [...suffix].length
  return `${characters.length > room ? `${characters.slice(0, room - 1).join('')}…` : name}${suffix}`
}
