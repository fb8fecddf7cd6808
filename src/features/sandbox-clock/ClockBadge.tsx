import { useSandboxClock, useSandboxOnlyAbsence } from '../../api'
import { daysBetween, isRealClock } from '../../contract'

interface ClockBadgeProps {
  onOpen: () => void
  /**
   * Which of the two to render: on a narrow header the badge stays in sight and the plain button goes
   * into the Tools menu, so each place asks for its own.
   */
  show?: 'either' | 'badge' | 'button'
}

/**
 * The header's clock: a plain "Clock" button while the sandbox's today is the real one, a badge saying how
 * far it is moved, or that it stands still, when it is not (the day itself in its title: the badge must be
 * short enough to share the header's one row). Either opens the panel.
 */
export function ClockBadge({ onOpen, show = 'either' }: ClockBadgeProps) {
  const clock = useSandboxClock()
  const absence = useSandboxOnlyAbsence(clock.error)
  const answer = clock.data?.kind === 'read' ? clock.data.value : undefined
  if (answer === undefined || isRealClock(answer)) {
    if (show === 'badge') return null
    return (
      <button type="button" onClick={onOpen} title={absence ?? "The sandbox clock: today's real date"}>
        Clock
      </button>
    )
  }
  if (show === 'button') return null
  const shift = daysBetween(answer.realToday, answer.today)
  const how =
    answer.setting.kind === 'frozen'
      ? 'frozen'
      : `${shift > 0 ? '+' : ''}${shift} ${Math.abs(shift) === 1 ? 'day' : 'days'}`
  return (
    <button
      type="button"
      className="clock-badge"
      onClick={onOpen}
      title={`The sandbox's today is ${answer.today}, not the real ${answer.realToday}`}
    >
      Clock {how}
    </button>
  )
}
