import { type Ref, useRef, useState } from 'react'
import { SCENARIO_NAME_MAX, scenarioName } from '../../contract'
import { CharacterCount } from '../../ui/CharacterCount'
import { Field } from '../../ui/Field'
import { capitalised } from '../form-errors'

interface ScenarioNameFieldProps {
  label: string
  value: string
  onChange: (value: string) => void
  disabled?: boolean
  /** Why the name cannot be sent, shown under the count. */
  error?: string | undefined
  inputRef?: Ref<HTMLInputElement>
}

/** A scenario's name with its count: a pasted name too long is shown whole and counted, never cut. */
export function ScenarioNameField({
  label,
  value,
  onChange,
  disabled,
  error,
  inputRef,
}: ScenarioNameFieldProps) {
  return (
    <Field
      label={label}
      className="scenario-field"
      required
      hint={<CharacterCount text={value} max={SCENARIO_NAME_MAX} />}
      error={error}
    >
      {(control) => (
        <input
          {...control}
          ref={inputRef}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoComplete="off"
          disabled={disabled}
        />
      )}
    </Field>
  )
}

/**
 * The contract's rule for a scenario name, checked in the form before a step is run: a name it refuses
 * is marked on its field, in the rule's words, and gets the focus.
 */
export function useScenarioNameCheck() {
  const [error, setError] = useState<string>()
  const inputRef = useRef<HTMLInputElement>(null)
  /** Whether `name` may be sent; if not, the field says why. */
  const passes = (name: string): boolean => {
    const parsed = scenarioName.safeParse(name)
    const problem = parsed.success ? undefined : capitalised(parsed.error.issues[0]?.message ?? '')
    setError(problem)
    if (problem !== undefined) inputRef.current?.focus()
    return problem === undefined
  }
  return { error, inputRef, passes }
}
