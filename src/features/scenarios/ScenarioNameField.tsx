import { SCENARIO_NAME_MAX } from '../../contract'
import { CharacterCount } from '../../ui/CharacterCount'
import { Field } from '../../ui/Field'

interface ScenarioNameFieldProps {
  label: string
  value: string
  onChange: (value: string) => void
  disabled?: boolean
}

/** A scenario's name with its count: a pasted name too long is shown whole and counted, never cut. */
export function ScenarioNameField({ label, value, onChange, disabled }: ScenarioNameFieldProps) {
  return (
    <Field
      label={label}
      className="scenario-field"
      hint={<CharacterCount text={value} max={SCENARIO_NAME_MAX} />}
    >
      {(control) => (
        <input
          {...control}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          required
          autoComplete="off"
          disabled={disabled}
        />
      )}
    </Field>
  )
}
