import { useId, useState } from 'react'
import {
  addDays,
  daysBetween,
  MAX_CLOCK_OFFSET_DAYS,
  type SandboxClockAnswer,
  type SandboxClockState,
} from '../../contract'
import { count } from '../data-tools'
import { wholeNumberOf, wholeNumberProblem } from '../normalise'

/** The Days field and its Back and Forward buttons: each moves the clock by the days typed, if it may. */
export function MoveClock({
  answer,
  onApply,
}: {
  answer: SandboxClockAnswer
  onApply: (setting: SandboxClockState['setting']) => void
}) {
  const [daysText, setDaysText] = useState('1')
  // A move past the sandbox's bound on the clock is refused here, in words, before it is sent.
  const daysProblem = wholeNumberProblem(daysText, 1, MAX_CLOCK_OFFSET_DAYS, 'Days')
  const days = wholeNumberOf(daysText, 1, MAX_CLOCK_OFFSET_DAYS)
  // A move within the bound that would take the clock past it from where it stands; cleared by typing.
  const [moveProblem, setMoveProblem] = useState<string>()
  const daysErrorId = useId()

  const move = (by: number) => {
    const today = addDays(answer.today, by)
    if (answer.setting.kind === 'frozen') return onApply({ kind: 'frozen', date: today })
    const offsetDays = daysBetween(answer.realToday, today)
    if (Math.abs(offsetDays) > MAX_CLOCK_OFFSET_DAYS) return setMoveProblem(tooFar(by, offsetDays))
    onApply({ kind: 'follows', offsetDays })
  }

  return (
    <>
      <div className="clock-move">
        <label>
          Days
          <input
            type="number"
            min={1}
            value={daysText}
            aria-invalid={days === undefined}
            aria-describedby={days === undefined ? daysErrorId : undefined}
            onChange={(e) => {
              setDaysText(e.target.value)
              setMoveProblem(undefined)
            }}
          />
        </label>
        <button type="button" disabled={days === undefined} onClick={() => move(-(days ?? 0))}>
          Back {days ?? '…'} {days === 1 ? 'day' : 'days'}
        </button>
        <button type="button" disabled={days === undefined} onClick={() => move(days ?? 0)}>
          Forward {days ?? '…'} {days === 1 ? 'day' : 'days'}
        </button>
      </div>
      {days === undefined ? (
        <p id={daysErrorId} className="field-error">
          {daysProblem}
        </p>
      ) : null}
      {moveProblem ? (
        <p className="field-error" role="alert">
          {moveProblem}
        </p>
      ) : null}
    </>
  )
}

/** Why a move by `by` days is refused: it would leave the clock `offsetDays` from the real date. */
function tooFar(by: number, offsetDays: number): string {
  const moved = `${by > 0 ? 'Forward' : 'Back'} ${count(Math.abs(by), 'day')}`
  const where = `${count(Math.abs(offsetDays), 'day')} ${offsetDays > 0 ? 'ahead' : 'behind'}`
  return `The sandbox's clock stays within ${MAX_CLOCK_OFFSET_DAYS.toLocaleString('en')} days of the real date: ${moved} would put it ${where}; nothing was moved.`
}
