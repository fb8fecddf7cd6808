import { useApiClient, useLongerName } from '../api'
import { LONGER_NAMES_LABEL } from './longer-names'

/**
 * The platform's fix that lets a card account's name have 70 characters: in the header next to the amount
 * swap, and under the new account's name, where a tester told of the limit turns it on without closing the
 * modal form. One setting, wherever it is switched.
 */
export function LongerNameToggle() {
  const { settings } = useApiClient()
  const on = useLongerName()
  return (
    <label
      className="fix-toggle"
      title="New card accounts send accept-fix: longer-name (names up to 70 characters)"
    >
      <input
        type="checkbox"
        data-control="longer-names"
        checked={on}
        onChange={(e) => settings.longerName.write(e.target.checked)}
      />{' '}
      {LONGER_NAMES_LABEL}
    </label>
  )
}
