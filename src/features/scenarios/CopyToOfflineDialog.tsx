import { type FormEvent, useEffect, useRef, useState } from 'react'
import { refusalShown, type ScenarioSaver, type ScenarioSummary, useApiClient } from '../../api'
import { type AccountReading, type CopyProgress, readWholeAccount } from '../../api/copy-account'
import { type ScenarioCopy, scenarioFromRead } from '../../api/scenario-copy'
import { localToday, SCENARIO_NAME_MAX, type TppMessage } from '../../contract'
import { useAnnounce } from '../../ui/announcer'
import { Dialog } from '../../ui/Dialog'
import { FormAlert } from '../../ui/Messages'
import { ApiErrorState } from '../ApiErrorState'
import { type AccountView, accountLabel } from '../card-accounts'
import { count } from '../data-tools'
import { ScenarioNameField } from './ScenarioNameField'

interface CopyToOfflineDialogProps {
  account: AccountView
  /** The PSU-Corporate-ID the table sends for this account, sent with every read of the copy too. */
  corporateId: string | undefined
  saver: () => Promise<ScenarioSaver>
  /** Switches this tab to offline mode, where loading `name` is offered. */
  onSwitchToOffline: (name: string) => void
  onClose: () => void
}

type Copied = Extract<ScenarioCopy, { ok: true }>

type Step =
  | { kind: 'ask'; note?: string }
  | { kind: 'reading'; progress: CopyProgress }
  | { kind: 'failed'; error: Error; progress: CopyProgress }
  | { kind: 'refused'; why: string[] }
  /** Read and converted; saving it was refused (a taken name): the name can change, nothing is read again. */
  | { kind: 'unsaved'; read: AccountReading; copy: Copied; messages: TppMessage[] | string }
  | { kind: 'saved'; read: AccountReading; copy: Copied; saved: ScenarioSummary }

const LEFT_OUT_SHOWN = 20

/** "<account name> (copied <date>)", the account's part shortened to fit a scenario name, as its rule counts. */
export function defaultCopyName(account: AccountView, today = localToday()): string {
  const suffix = ` (copied ${today})`
  const base = [...(account.name ?? accountLabel(account))]
  const room = SCENARIO_NAME_MAX - suffix.length
  return `${base.length > room ? `${base.slice(0, room - 1).join('')}…` : base.join('')}${suffix}`
}

const readSoFar = ({ pages, transactions }: CopyProgress) =>
  `${count(transactions, 'transaction')} in ${count(pages, 'page')}`

/**
 * Proxy mode: the account as the sandbox answers it, with every transaction, saved as a new scenario of
 * the offline sandbox, so a demonstration can go on without the network (docs/decisions.md#copy-to-offline).
 */
export function CopyToOfflineDialog({
  account,
  corporateId,
  saver,
  onSwitchToOffline,
  onClose,
}: CopyToOfflineDialogProps) {
  const api = useApiClient()
  const announce = useAnnounce()
  const [name, setName] = useState(() => defaultCopyName(account))
  const [step, setStep] = useState<Step>({ kind: 'ask' })
  const [nameProblem, setNameProblem] = useState<TppMessage[] | string>()
  const reading = useRef<AbortController>(undefined)
  // The library opens on first use, once per dialog.
  const opened = useRef<Promise<ScenarioSaver>>(undefined)
  const library = () => {
    opened.current ??= saver()
    return opened.current
  }
  const busy = step.kind === 'reading'
  useEffect(() => () => reading.current?.abort(), [])

  const save = async (read: AccountReading, copy: Copied, as: string) => {
    const file = { ...copy.file, name: as }
    const outcome = await (await library()).save(file)
    if (!outcome.ok) {
      setStep({ kind: 'unsaved', read, copy, messages: refusalShown(outcome) })
      return
    }
    setStep({ kind: 'saved', read, copy, saved: outcome.value })
    announce(`Saved scenario ${outcome.value.name}: ${count(copy.kept, 'transaction')}`)
  }

  const start = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setNameProblem(undefined)
    // The name first: the reads count against the bank's limits and must not be spent on a refusal.
    const checked = await (await library()).checkName(name)
    if (!checked.ok) {
      setNameProblem(refusalShown(checked))
      return
    }
    const controller = new AbortController()
    reading.current = controller
    let progress: CopyProgress = { pages: 0, transactions: 0 }
    setStep({ kind: 'reading', progress })
    let read: AccountReading
    try {
      read = await readWholeAccount(api, account.resourceId, {
        corporateId,
        signal: controller.signal,
        onProgress: (now) => {
          progress = now
          setStep({ kind: 'reading', progress: now })
        },
      })
    } catch (error) {
      if (controller.signal.aborted) {
        setStep({ kind: 'ask', note: `Cancelled after reading ${readSoFar(progress)}: nothing was saved.` })
        return
      }
      setStep({ kind: 'failed', error: error instanceof Error ? error : new Error(String(error)), progress })
      return
    } finally {
      reading.current = undefined
    }
    const copy = scenarioFromRead(read, checked.value)
    if (!copy.ok) {
      setStep({ kind: 'refused', why: copy.why })
      return
    }
    await save(read, copy, checked.value)
  }

  const saveAgain = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (step.kind === 'unsaved') void save(step.read, step.copy, name)
  }

  return (
    <Dialog help="test-data" title="Copy to offline" busy={busy} onClose={onClose}>
      <div className="copy-offline">
        {step.kind === 'saved' ? (
          <Saved step={step} onSwitch={() => onSwitchToOffline(step.saved.name)} onClose={onClose} />
        ) : (
          <>
            <p>
              Reads <strong>{accountLabel(account)}</strong> and all its transactions, booked and pending,
              through the proxy, page after page, and saves them in this browser as a new scenario of the
              offline sandbox: the real date, no conditions, the default bank personality.
            </p>
            <p className="copy-offline-limits">
              Each page is a request that counts against the bank's limits like any other (a bank may allow as
              few as four reads a day without the customer): a large account takes many.
            </p>
            {/* Not the browser's bubble for an empty name: the library's rule says it, in words, as for any other. */}
            <form
              noValidate
              className="copy-offline-form"
              onSubmit={step.kind === 'unsaved' ? saveAgain : (event) => void start(event)}
            >
              <ScenarioNameField label="Scenario name" value={name} onChange={setName} disabled={busy} />
              {step.kind === 'reading' ? (
                <button type="button" onClick={() => reading.current?.abort()}>
                  Cancel
                </button>
              ) : (
                <button type="submit" className="primary">
                  {step.kind === 'unsaved' ? 'Save' : step.kind === 'ask' ? 'Copy' : 'Copy again'}
                </button>
              )}
            </form>
            {nameProblem ? (
              <div className="scenario-alert">
                <p>
                  <strong>Nothing was read; choose another name.</strong>
                </p>
                <FormAlert alert={nameProblem} />
              </div>
            ) : null}
            {step.kind === 'ask' && step.note ? <p className="hint">{step.note}</p> : null}
            {step.kind === 'reading' ? (
              <label className="copy-offline-progress">
                Read {readSoFar(step.progress)}… <progress aria-label="Reading the account's transactions" />
              </label>
            ) : null}
            {step.kind === 'failed' ? (
              <ApiErrorState
                title={`Nothing was copied: the read failed after ${readSoFar(step.progress)}`}
                error={step.error}
              />
            ) : null}
            {step.kind === 'refused' ? (
              <div className="scenario-alert">
                <p>
                  <strong>
                    Nothing was saved: the offline sandbox cannot hold this account as it was read.
                  </strong>
                </p>
                <ul className="form-alert" role="alert">
                  {step.why.map((why) => (
                    <li key={why}>{why}</li>
                  ))}
                </ul>
              </div>
            ) : null}
            {step.kind === 'unsaved' ? (
              <div className="scenario-alert">
                <p>
                  <strong>
                    Read {count(step.read.booked.length + step.read.pending.length, 'transaction')}, but the
                    scenario was not saved; change the name and save again (nothing is read again).
                  </strong>
                </p>
                <FormAlert alert={step.messages} />
              </div>
            ) : null}
          </>
        )}
      </div>
    </Dialog>
  )
}

function Saved({
  step,
  onSwitch,
  onClose,
}: {
  step: Extract<Step, { kind: 'saved' }>
  onSwitch: () => void
  onClose: () => void
}) {
  const { read, copy, saved } = step
  const shown = copy.leftOut.slice(0, LEFT_OUT_SHOWN)
  return (
    <>
      <p>
        Saved as the scenario <strong>{saved.name}</strong> in this browser: 1 card account and{' '}
        {count(copy.kept, 'transaction')}, read in {count(read.pages, 'page')}. In Offline mode, Data ›
        Scenarios… lists it.
      </p>
      {read.bookedOnly ? (
        <p className="note">
          This sandbox lists booked transactions only (it refused bookingStatus=both): no pending transactions
          were read.
        </p>
      ) : null}
      {copy.leftOut.length > 0 ? (
        <div className="note copy-offline-left">
          <p>
            {count(copy.leftOut.length, 'transaction')} read could not be kept, as the offline sandbox would
            refuse {copy.leftOut.length === 1 ? 'it' : 'them'} (values are kept exactly as read, never changed
            to fit):
          </p>
          <ul>
            {shown.map(({ what, why }) => (
              <li key={`${what} ${why}`}>
                <strong>{what}</strong>: {why}
              </li>
            ))}
          </ul>
          {copy.leftOut.length > shown.length ? <p>and {copy.leftOut.length - shown.length} more.</p> : null}
        </div>
      ) : null}
      {copy.fieldsLeftOut.length > 0 ? (
        <p className="hint">
          Fields the offline format has no place for were left out: {copy.fieldsLeftOut.join(', ')}.
        </p>
      ) : null}
      {copy.filledIn.length > 0 ? (
        <p className="hint">
          The account's answer lacked {copy.filledIn.join(' and ')}, set as the offline sandbox sets them.
        </p>
      ) : null}
      <p className="hint">
        Loading it replaces the offline data, clock, conditions and bank personality in this browser; offline
        mode asks first, naming what it replaces.
      </p>
      <div className="actions">
        <button type="button" className="primary" onClick={onSwitch}>
          Switch to offline and load it
        </button>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </>
  )
}
