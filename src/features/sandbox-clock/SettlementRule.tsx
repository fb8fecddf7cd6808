import { useId, useRef, useState } from 'react'
import type { SandboxClockAnswer } from '../../contract'
import { focusFirstInvalid } from '../../ui/focus-invalid'
import { wholeNumberOf } from '../normalise'

/**
 * The rule that settles pending transactions after N days whenever the clock is set: the sandbox's own
 * until the tester types or ticks, then what they chose.
 */
export function useSettlementRule(answer: SandboxClockAnswer | undefined) {
  // Undefined until the tester types: the sandbox's own rule is shown and kept.
  const [text, setText] = useState<string>()
  const typed = text === undefined ? undefined : wholeNumberOf(text, 0)
  const days = text === undefined ? (answer?.settlePendingAfterDays ?? null) : (typed ?? null)
  const [on, setOn] = useState<boolean>()
  const fieldset = useRef<HTMLFieldSetElement>(null)
  const active = on ?? days !== null
  const problem =
    active && text !== undefined && typed === undefined
      ? 'Days until pending settles must be a whole number, 0 or more: the clock is not set until it is'
      : undefined
  return {
    text,
    setText,
    days,
    active,
    setOn,
    problem,
    fieldset,
    /** Gives the focus to the days while they keep the clock from being set, so that their error is read. */
    focusProblem: () => focusFirstInvalid(fieldset.current),
    /** The rule as the clock is set with it. */
    settlePendingAfterDays: active ? (days ?? 3) : null,
  }
}

/** The settlement rule's tick and its days, with what is wrong with them. */
export function SettlementRule({ rule }: { rule: ReturnType<typeof useSettlementRule> }) {
  const errorId = useId()
  return (
    <fieldset ref={rule.fieldset} className="clock-rule">
      <legend>Automatic settlement</legend>
      <label>
        <input type="checkbox" checked={rule.active} onChange={(e) => rule.setOn(e.target.checked)} /> Pending
        transactions settle as booked after
      </label>{' '}
      <input
        type="number"
        aria-label="Days until pending settles"
        min={0}
        value={rule.text ?? String(rule.days ?? 3)}
        disabled={!rule.active}
        aria-invalid={rule.problem !== undefined}
        aria-describedby={rule.problem === undefined ? undefined : errorId}
        onChange={(e) => rule.setText(e.target.value)}
      />{' '}
      days, whenever the clock is set.
      {rule.problem === undefined ? null : (
        <p id={errorId} className="field-error">
          {rule.problem}.
        </p>
      )}
    </fieldset>
  )
}
