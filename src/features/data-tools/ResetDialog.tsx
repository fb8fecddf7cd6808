import { useState } from 'react'
import type { OfflineStoreStatus } from '../../api'
import { type ConditionRule, conditionNamed, describeCondition } from '../../contract'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { useConditions, useSaveConditions } from '../conditions'
import { storedText } from './offline-data'

/** The test conditions on when Reset was confirmed, and whether the tester asked to turn them off too. */
export interface ResetChoice {
  rules: readonly ConditionRule[]
  turnOff: boolean
}

/** The rules as the inspector and every message about a condition name them: `Condition r2: 503`. */
const rulesNamed = (rules: readonly ConditionRule[]) =>
  rules.map((rule) => conditionNamed(describeCondition(rule))).join('; ')

/**
 * Asks before the offline data is deleted, naming it. A tester who resets expects a clean sandbox, and a
 * scenario's conditions would otherwise outlive its data unseen: the conditions on are named, with the
 * choice (checked) to turn them off as well (docs/decisions.md#conditions).
 */
export function ResetDialog({
  stored,
  onReset,
  onClose,
}: {
  stored: OfflineStoreStatus
  onReset: (choice: ResetChoice) => Promise<void>
  onClose: () => void
}) {
  const rules = useConditions().data?.rules ?? []
  const [turnOff, setTurnOff] = useState(true)
  return (
    <ConfirmDialog
      help="test-data"
      title="Reset sandbox data"
      confirmLabel="Delete everything"
      onConfirm={() => onReset({ rules, turnOff })}
      onClose={onClose}
    >
      {stored.readable ? (
        <p>
          This deletes <strong>{storedText(stored, 'resetting')}</strong> stored in this browser. It cannot be
          undone; export first to keep a copy.
        </p>
      ) : (
        <p>{storedText(stored, 'resetting')}</p>
      )}
      {rules.length > 0 ? (
        <>
          <p>Test conditions on: {rulesNamed(rules)}.</p>
          <p>
            <label>
              <input type="checkbox" checked={turnOff} onChange={(e) => setTurnOff(e.target.checked)} /> Also
              turn off the test conditions
            </label>
          </p>
        </>
      ) : null}
    </ConfirmDialog>
  )
}

/** Conditions a reset was asked to turn off and could not: the data is gone, they are not. */
export interface ConditionsLeftOn {
  rules: readonly ConditionRule[]
  reason: string
}

/**
 * Carries out the conditions' part of a reset, after the data was deleted, through the call the
 * Conditions panel saves with. Gives the words the reset's announcement ends with and, when turning them
 * off failed, what to say beside it.
 */
export function useResetConditions(): (
  choice: ResetChoice,
) => Promise<{ note: string; leftOn?: ConditionsLeftOn }> {
  const save = useSaveConditions()
  return async ({ rules, turnOff }) => {
    if (rules.length === 0) return { note: '' }
    if (!turnOff) return { note: `; test conditions still on: ${rulesNamed(rules)}` }
    try {
      await save.mutateAsync({ rules: [] })
      return { note: '; test conditions turned off' }
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      return { note: '; test conditions still on', leftOn: { rules, reason } }
    }
  }
}

export function ConditionsLeftOnAlert({
  leftOn,
  onDismiss,
}: {
  leftOn: ConditionsLeftOn
  onDismiss: () => void
}) {
  return (
    <div className="form-alert" role="alert">
      <p>
        The sandbox data was deleted, but the test conditions are still on ({rulesNamed(leftOn.rules)}):
        turning them off failed.
      </p>
      <p>{leftOn.reason}</p>
      <p>Turn them off in the header: Test conditions, then Faults, delays and quotas (Conditions)…</p>
      <div className="actions">
        <button type="button" onClick={onDismiss}>
          Dismiss
        </button>
      </div>
    </div>
  )
}
