import { useLongerName, writeLongerName } from '../api'
import { LONGER_NAMES_LABEL } from '../features/longer-names'

/** Next to the amount swap: the platform's fix that lets a card account's name have 70 characters. */
export function LongerNameToggle() {
  const on = useLongerName()
  return (
    <label
      className="fix-toggle"
      title="New card accounts send accept-fix: longer-name (names up to 70 characters)"
    >
      <input type="checkbox" checked={on} onChange={(e) => writeLongerName(e.target.checked)} />{' '}
      {LONGER_NAMES_LABEL}
    </label>
  )
}
