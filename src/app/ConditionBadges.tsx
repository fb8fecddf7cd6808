import {
  behaviourBadge,
  type Mode,
  readOfflinePersonality,
  useLongerName,
  useSandboxClock,
  useTamper,
} from '../api'
import { isRealClock } from '../contract'
import { useConditions } from '../features/conditions'
import { ClockBadge } from '../features/sandbox-clock'
import { useView } from '../features/view-state'
import { tamperInSentence } from '../signing/tamper-scenarios'

/** A header control a badge opens its group at: the `data-control` on it. */
export type ControlName = 'signature' | 'swap-amounts' | 'longer-names'

type Opens = { dialog: 'clock' | 'conditions' } | { control: ControlName }

export interface ChangedCondition {
  key: string
  /** The badge's words: what is changed, as a newcomer would say it. */
  text: string
  opens: Opens
}

/**
 * Every test condition that is not at its default, so none is forgotten: a spoiled signature, conditions
 * set, a moved clock, another bank's behaviour, the accept-fix switches. Each answer the console shows
 * may owe something to these.
 */
export function useChangedConditions(mode: Mode): ChangedCondition[] {
  const tamper = useTamper()
  const rules = useConditions().data?.rules.length ?? 0
  const clock = useSandboxClock().data
  const [view] = useView()
  const longerNames = useLongerName()
  // Offline only, and applied by a reload: read once per render is enough.
  const personality = mode === 'offline' ? readOfflinePersonality() : 'console'
  const changed: ChangedCondition[] = []
  if (tamper) {
    changed.push({
      key: 'signature',
      text: `Signature: ${tamperInSentence(tamper)}`,
      opens: { control: 'signature' },
    })
  }
  if (rules > 0) {
    changed.push({
      key: 'conditions',
      text: `Conditions: ${rules} ${rules === 1 ? 'rule' : 'rules'}`,
      opens: { dialog: 'conditions' },
    })
  }
  if (clock?.kind === 'read' && !isRealClock(clock.value)) {
    changed.push({ key: 'clock', text: `Sandbox today ${clock.value.today}`, opens: { dialog: 'clock' } })
  }
  if (personality !== 'console') {
    changed.push({
      key: 'personality',
      text: `Behaves like: ${behaviourBadge(personality)}`,
      opens: { dialog: 'clock' },
    })
  }
  if (view.fix) changed.push({ key: 'swap', text: 'Swap amounts on', opens: { control: 'swap-amounts' } })
  if (longerNames) {
    changed.push({ key: 'longer-names', text: 'Longer names on', opens: { control: 'longer-names' } })
  }
  return changed
}

interface ConditionBadgesProps {
  changed: ChangedCondition[]
  onClock: () => void
  onConditions: () => void
  /** Opens the header group holding the control, focus on it. */
  onControl: (control: ControlName) => void
}

/**
 * The changed conditions in sight at every width, each a button to its control, as Chrome marks a throttled
 * network tab and Stripe a test-mode page: an altered state must be seen before its answers are trusted.
 */
export function ConditionBadges({ changed, onClock, onConditions, onControl }: ConditionBadgesProps) {
  if (changed.length === 0) return null
  return (
    <ul className="condition-badges" aria-label="Test conditions changed">
      {changed.map((item) => (
        <li key={item.key}>
          {item.key === 'clock' ? (
            // The clock's badge says how far it is moved, or that it stands still.
            <ClockBadge onOpen={onClock} show="badge" />
          ) : (
            <button
              type="button"
              className="condition-badge"
              onClick={() => {
                if ('control' in item.opens) onControl(item.opens.control)
                else if (item.opens.dialog === 'clock') onClock()
                else onConditions()
              }}
            >
              <span aria-hidden="true">⚠ </span>
              {item.text}
            </button>
          )}
        </li>
      ))}
    </ul>
  )
}
