import { askBeforeLeaving } from '../../ui/leave-guard'

// Apart from the run's code: a mode switch asks this in the first chunk, which must not carry the probe.
let sent: { sent: number; of: number } | undefined
let releasePage: (() => void) | undefined

/**
 * The requests a run under way has sent, or undefined once none runs. Leaving the page ends the proxy's
 * stream, which cancels the run: while one runs, a reload asks first.
 */
export function runUnderWay(requests: { sent: number; of: number } | undefined): void {
  sent = requests
  if (sent !== undefined) releasePage ??= askBeforeLeaving()
  else {
    releasePage?.()
    releasePage = undefined
  }
}

/**
 * Whether the page may go (a mode switch reloads it): yes when no check runs, else as the person answers
 * the question, which says the check would be cancelled. The reload then does not ask a second time.
 */
export function mayLeaveProbeRun(leaving: string): boolean {
  if (sent === undefined) return true
  const leave = window.confirm(
    `A check of this sandbox is running (${sent.sent} of at most ${sent.of} requests sent). ${leaving} reloads the page, which cancels the check: its report is lost, and the probe account stays at the bank. Leave anyway?`,
  )
  if (leave) {
    releasePage?.()
    releasePage = undefined
  }
  return leave
}
