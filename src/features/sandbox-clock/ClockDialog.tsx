import { type FormEvent, useId, useState } from 'react'
import {
  ApiError,
  behaviourLabel,
  behaviourListed,
  type DatedAfter,
  readOfflinePersonality,
  sameBehaviour,
  useOfflineProfiles,
  useSandboxClock,
  useSandboxOnlyAbsence,
  useSetSandboxClock,
  writeOfflinePersonality,
} from '../../api'
import {
  clockToday,
  personalityLabel,
  personalityName,
  personalityNames,
  type SandboxBehaviour,
  type SandboxClockAnswer,
  type SandboxClockState,
} from '../../contract'
import { bankProfileFile } from '../../contract/bank-profile'
import { useAnnounce } from '../../ui/announcer'
import { Dialog, DialogCancel } from '../../ui/Dialog'
import { FilePicker } from '../../ui/FilePicker'
import { FormAlert } from '../../ui/Messages'
import { count, useOfflineData } from '../data-tools'
import { checkImport, ImportRefusal, profileImport, readImportFile } from '../file-import'
import { failureShown } from '../form-errors'
import { learnedProfiles } from '../probe'
import { MoveClock } from './MoveClock'
import { SettlementRule, useSettlementRule } from './SettlementRule'

interface ClockDialogProps {
  onClose: () => void
  /** Offline: the bank the in-browser sandbox behaves like can be chosen here. */
  offline: boolean
}

/**
 * The sandbox clock: move it N days, freeze it on a date, or return it to the real date; and the rule
 * that settles pending transactions after N days whenever it is set.
 */
export function ClockDialog({ onClose, offline }: ClockDialogProps) {
  const clock = useSandboxClock()
  const set = useSetSandboxClock()
  const announce = useAnnounce()
  const answer = clock.data?.kind === 'read' ? clock.data.value : undefined
  const settlement = useSettlementRule(answer)

  const offlineData = useOfflineData()
  // A move back that would leave stored transactions dated after the new today, held until the tester says
  // whether they stay or go (docs/decisions.md#moving-the-clock-back).
  const [asking, setAsking] = useState<{ setting: SandboxClockState['setting']; found: DatedAfter }>()
  const [removing, setRemoving] = useState(false)

  const apply = async (setting: SandboxClockState['setting']) => {
    if (settlement.problem !== undefined) return settlement.focusProblem()
    if (!answer) return
    setAsking(undefined)
    const day = clockToday(setting, answer.realToday)
    const found = day < answer.today ? await offlineData?.datedAfter(day) : undefined
    if (found) setAsking({ setting, found })
    else send(setting)
  }
  const removeAndMove = async (setting: SandboxClockState['setting'], day: string) => {
    if (!offlineData) return
    setRemoving(true)
    try {
      const removed = await offlineData.removeDatedAfter(day)
      announce(`Removed ${count(removed, 'transaction')} dated after ${day}`)
    } finally {
      setRemoving(false)
    }
    send(setting)
  }
  const send = (setting: SandboxClockState['setting']) => {
    setAsking(undefined)
    set.mutate(
      { setting, settlePendingAfterDays: settlement.settlePendingAfterDays },
      {
        onSuccess: (result) => {
          if (result.kind !== 'read') return
          const settled = result.value.settled ?? 0
          announce(
            `The sandbox's today is ${result.value.today}${settled > 0 ? `; ${settled} pending ${settled === 1 ? 'transaction' : 'transactions'} settled` : ''}`,
          )
        },
      },
    )
  }

  return (
    <Dialog
      help="test-conditions"
      // Named as the menu item that opens it: offline, the bank it behaves like is chosen here too.
      title={offline ? 'Sandbox clock and bank' : 'Sandbox clock'}
      onClose={onClose}
      busy={set.isPending}
    >
      <div className="clock-panel">
        <ClockReadStatus clock={clock} />
        {answer ? (
          <>
            <p className="clock-now">
              Today in the sandbox: <strong data-testid="clock-today">{answer.today}</strong>
              <span className="muted">
                {' '}
                (real date {answer.realToday}
                {answer.setting.kind === 'frozen' ? '; frozen' : ''})
              </span>
            </p>
            <p className="muted">
              It drives the sandbox's rules (no future dates, date windows, default dates, generated data,
              settlement); signatures, Date and certificates keep real time.
            </p>
            <MoveClock answer={answer} onApply={(setting) => void apply(setting)} />
            <FreezeClock answer={answer} onApply={(setting) => void apply(setting)} />
            <SettlementRule rule={settlement} />
            {asking ? (
              <DatedAfterQuestion
                found={asking.found}
                busy={removing || set.isPending}
                onLeave={() => send(asking.setting)}
                onRemove={() => void removeAndMove(asking.setting, asking.found.day)}
                onCancel={() => setAsking(undefined)}
              />
            ) : null}
            {set.error ? (
              <FormAlert
                alert={failureShown(set.error)}
                condition={set.error instanceof ApiError ? set.error.condition : undefined}
              />
            ) : null}
          </>
        ) : null}
        {offline ? <PersonalityPicker /> : null}
      </div>
      {/* Each control above applies at once; Close is the way out, pinned under the scrolling body. */}
      <footer className="dialog-actions">
        <DialogCancel disabled={set.isPending}>Close</DialogCancel>
      </footer>
    </Dialog>
  )
}

/** While the clock is asked for, and why there is none: a sandbox without one, or the error it met. */
function ClockReadStatus({ clock }: { clock: ReturnType<typeof useSandboxClock> }) {
  const absence = useSandboxOnlyAbsence(clock.error)
  return (
    <>
      {clock.isPending ? <p className="muted">Asking the sandbox…</p> : null}
      {absence ? (
        <p className="note" role="status">
          {absence}
        </p>
      ) : clock.isError ? (
        <FormAlert alert={failureShown(clock.error)} />
      ) : null}
    </>
  )
}

/** Freezes the clock on the date picked (the sandbox's today until one is), or returns it to the real date. */
function FreezeClock({
  answer,
  onApply,
}: {
  answer: SandboxClockAnswer
  onApply: (setting: SandboxClockState['setting']) => void
}) {
  const [frozenOn, setFrozenOn] = useState<string>()
  const freeze = (event: FormEvent) => {
    event.preventDefault()
    onApply({ kind: 'frozen', date: frozenOn ?? answer.today })
  }
  return (
    <form className="clock-freeze" onSubmit={freeze}>
      <label>
        Freeze on
        <input
          type="date"
          value={frozenOn ?? answer.today}
          onChange={(e) => setFrozenOn(e.target.value || undefined)}
        />
      </label>
      <button type="submit">Freeze</button>
      <button
        type="button"
        disabled={answer.setting.kind === 'follows' && answer.setting.offsetDays === 0}
        onClick={() => onApply({ kind: 'follows', offsetDays: 0 })}
      >
        Back to the real date
      </button>
    </form>
  )
}

/**
 * Offline: which bank the in-browser sandbox behaves like, kept in this browser and applied by a reload: a
 * personality, a profile a check of a sandbox learned, or a profile file loaded here.
 */
function PersonalityPicker() {
  const profiles = useOfflineProfiles()
  const [current] = useState(readOfflinePersonality)
  const [refused, setRefused] = useState<{ file: string; problems: string[] }>()
  // The one in use first, then each sandbox's last check (the same profile once).
  const learned = [
    ...(typeof current === 'string' ? [] : [current]),
    ...learnedProfiles().filter((profile) => !sameBehaviour(profile, current)),
  ]
  const choose = (behaviour: SandboxBehaviour) => {
    writeOfflinePersonality(behaviour)
    // The worker's handlers take their shape at start.
    location.reload()
  }
  const load = async (file: File) => {
    setRefused(undefined)
    const read = await readImportFile(file)
    if (!read.ok) return setRefused({ file: file.name, problems: [read.reason] })
    const parsed = checkImport(read.data, bankProfileFile, profileImport)
    if (!parsed.ok) return setRefused({ file: file.name, problems: parsed.problems })
    const reasons = await profiles.unservable(parsed.data.traits)
    if (reasons.length > 0) {
      return setRefused({
        file: file.name,
        problems: reasons.map((reason) => `The offline sandbox cannot behave so yet: ${reason}.`),
      })
    }
    choose(parsed.data)
  }
  return (
    <div className="personality">
      <label>
        Bank to behave like (personality)
        <select
          value={typeof current === 'string' ? current : `${PROFILE_OPTION}0`}
          onChange={(e) => {
            const { value } = e.target
            const named = personalityName.safeParse(value)
            const profile = value.startsWith(PROFILE_OPTION)
              ? learned[Number(value.slice(PROFILE_OPTION.length))]
              : undefined
            if (named.success) choose(named.data)
            else if (profile !== undefined) choose(profile)
          }}
        >
          {personalityNames.map((name) => (
            <option key={name} value={name}>
              {personalityLabel(name)}
            </option>
          ))}
          {learned.map((profile, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the value is the index; the list is rebuilt whole at each render
            <option key={`${PROFILE_OPTION}${index}`} value={`${PROFILE_OPTION}${index}`}>
              {behaviourLabel(profile)}
            </option>
          ))}
        </select>
      </label>
      {/* The closed list cuts a long option short: the chosen bank's shape in full, under it. */}
      <span className="muted">
        {`${behaviourListed(current)}. `}
        The in-browser sandbox takes this bank's shape; the page reloads.
      </span>{' '}
      <FilePicker
        inputLabel="Bank profile file"
        accept="application/json,.json"
        onFile={(file) => void load(file)}
      >
        Load a profile file…
      </FilePicker>
      {refused ? (
        <ImportRefusal
          file={refused.file}
          problems={refused.problems}
          onDismiss={() => setRefused(undefined)}
        />
      ) : null}
    </div>
  )
}

/** The start of a learned profile's option, its index after: no personality's name starts so. */
const PROFILE_OPTION = 'profile-'

/** The move back waits on this: the transactions it would leave dated after the new today, stay or go. */
function DatedAfterQuestion({
  found,
  busy,
  onLeave,
  onRemove,
  onCancel,
}: {
  found: DatedAfter
  busy: boolean
  onLeave: () => void
  onRemove: () => void
  onCancel: () => void
}) {
  const headingId = useId()
  const they = found.transactions === 1 ? 'it' : 'them'
  return (
    <section className="note dated-after" aria-labelledby={headingId}>
      <h3 id={headingId}>Move the clock back to {found.day}?</h3>
      <p>
        {count(found.transactions, 'transaction')} in {count(found.accounts, 'card account')}{' '}
        {found.transactions === 1 ? 'is' : 'are'} dated after {found.day} (the latest on {found.latest}): the
        sandbox would refuse {they} as dated in the future now.
      </p>
      <div className="actions">
        <button type="button" onClick={onLeave} disabled={busy}>
          Move and leave {they}
        </button>
        <button type="button" className="danger-outline" onClick={onRemove} disabled={busy}>
          Delete {they} and move
        </button>
        <button type="button" onClick={onCancel} disabled={busy}>
          Keep the clock
        </button>
      </div>
    </section>
  )
}
