import {
  type FocusEvent,
  type KeyboardEvent,
  useEffect,
  useEffectEvent,
  useId,
  useRef,
  useState,
} from 'react'
import { type DateEntry, dateEntryProblem, FIRST_YEAR, LAST_YEAR, readDateEntry } from './date-entry'

/**
 * How long typing rests before what it left in the field is applied. Longer than the gap between the
 * digits of one date, even typed one by one off another screen, so a date half-way through an edit (the
 * month's first digit, an old day) is never read; short enough that the table follows once the hands stop.
 */
const TYPING_PAUSE_MS = 700

interface DateFilterProps {
  label: string
  /** The date the view applies (from the URL). */
  applied: string | undefined
  onApply: (date: string | undefined) => void
  /** Whether the field is left holding something that is not a date (Clear dates is then offered). */
  onUnreadable: (unreadable: boolean) => void
}

/**
 * A native date field that can be typed into at any speed. The browser reports each keystroke as a whole
 * date once every part holds something (`0002-11-11` while the year is typed, `2026-01-15` on the way from
 * January to November), so what is typed is applied when typing pauses, on Enter or when the field is
 * left, and only a complete date in a sane range; the picker's choice, typed by no one, at once. What is
 * not a date is said in words at the same moments (not at each key): a tester who typed 02/30/2026 and
 * pressed Tab once, which stops on the field's own calendar button, saw no word and an unfiltered table.
 */
export function DateFilter({ label, applied, onApply, onUnreadable }: DateFilterProps) {
  const id = useId()
  const problemId = `${id}-problem`
  const [draft, setDraft] = useState(applied ?? '')
  const [problem, setProblem] = useState<string>()
  // What typing left in the field and is not applied yet: a new entry at each keystroke restarts the wait.
  const [typed, setTyped] = useState<DateEntry>()
  // A change between a key's down and up is typed; one without (the picker's) is a choice made.
  const keyDown = useRef(false)
  // The URL moved on its own (back, a link, another filter): the field shows what is applied.
  const [shown, setShown] = useState(applied)
  if (shown !== applied) {
    setShown(applied)
    setDraft(applied ?? '')
    setTyped(undefined)
    if (applied !== undefined) setProblem(undefined)
  }

  const apply = (entry: DateEntry) => {
    setTyped(undefined)
    if (entry.kind !== 'date' && entry.kind !== 'empty') return
    const next = entry.kind === 'date' ? entry.value : undefined
    if (next !== applied) onApply(next)
  }
  const settleEntry = (entry: DateEntry) => {
    const words = dateEntryProblem(label, entry)
    setProblem(words)
    onUnreadable(words !== undefined)
    // Left holding no date, the field filters by nothing, and so do the URL and the table.
    apply(words === undefined ? entry : { kind: 'empty' })
  }
  const settleTyped = useEffectEvent(settleEntry)
  useEffect(() => {
    if (typed === undefined) return
    const timer = setTimeout(() => settleTyped(typed), TYPING_PAUSE_MS)
    return () => clearTimeout(timer)
  }, [typed])

  const settle = (field: HTMLInputElement) => {
    // Tab's key goes up on the next control: a choice from the picker after it must not wait as typed.
    keyDown.current = false
    settleEntry(readDateEntry(field.value, field.validity.badInput))
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
          }
          if (keyDown.current) setTyped(entry)
          else apply(entry)
        }}
        onBlur={(e: FocusEvent<HTMLInputElement>) => settle(e.currentTarget)}
        onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => {
          if (e.key === 'Enter') settle(e.currentTarget)
          else keyDown.current = true
        }}
        onKeyUp={(e: KeyboardEvent<HTMLInputElement>) => {
          keyDown.current = false
          // Parts the browser cannot read as a date (02/30, a missing year) change no value and so fire no
          // change: the key that left them starts the wait. Not Tab or Shift, which only move the focus.
          const field = e.currentTarget
          if (e.key !== 'Tab' && e.key !== 'Shift' && field.validity.badInput)
            setTyped({ kind: 'unreadable' })
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
