import { type FocusEvent, type KeyboardEvent, useId, useState } from 'react'
import { dateEntryProblem, FIRST_YEAR, LAST_YEAR, readDateEntry } from './date-entry'

interface DateFilterProps {
  label: string
  /** The date the view applies (from the URL). */
  applied: string | undefined
  onApply: (date: string | undefined) => void
  /** Whether the field is left holding something that is not a date (Clear dates is then offered). */
  onUnreadable: (unreadable: boolean) => void
}

/**
 * A native date field that can be typed into at any speed: the browser reports each keystroke of the
 * year as a whole date (`0002-11-11`), so only a complete date in a sane range is applied, and what is
 * not a date is said in words when the user leaves the field (not while typing).
 */
export function DateFilter({ label, applied, onApply, onUnreadable }: DateFilterProps) {
  const id = useId()
  const problemId = `${id}-problem`
  const [draft, setDraft] = useState(applied ?? '')
  const [problem, setProblem] = useState<string>()
  // The URL moved on its own (back, a link, another filter): the field shows what is applied.
  const [shown, setShown] = useState(applied)
  if (shown !== applied) {
    setShown(applied)
    setDraft(applied ?? '')
    if (applied !== undefined) setProblem(undefined)
  }

  const settle = (field: HTMLInputElement) => {
    const entry = readDateEntry(field.value, field.validity.badInput)
    const words = dateEntryProblem(label, entry)
    setProblem(words)
    onUnreadable(words !== undefined)
    if (words !== undefined && applied !== undefined) onApply(undefined)
  }

  return (
    <span className="date-filter">
      <label htmlFor={id}>{label}</label>{' '}
      <input
        id={id}
        type="date"
        min={`${FIRST_YEAR}-01-01`}
        max={`${LAST_YEAR}-12-31`}
        value={draft}
        aria-invalid={problem !== undefined}
        aria-describedby={problem ? problemId : undefined}
        onChange={(e) => {
          const field = e.target
          setDraft(field.value)
          const entry = readDateEntry(field.value, field.validity.badInput)
          if (entry.kind === 'date' || entry.kind === 'empty') {
            setProblem(undefined)
            onUnreadable(false)
            const next = entry.kind === 'date' ? entry.value : undefined
            if (next !== applied) onApply(next)
          }
        }}
        onBlur={(e: FocusEvent<HTMLInputElement>) => settle(e.currentTarget)}
        onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => {
          if (e.key === 'Enter') settle(e.currentTarget)
        }}
      />
      {problem ? (
        <small id={problemId} className="field-error" role="alert">
          {problem}
        </small>
      ) : null}
    </span>
  )
}
