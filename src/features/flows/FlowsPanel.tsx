import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { type RequestLogEntry, readAgain, readAgainUnderSwitch, useApiClient } from '../../api'
import { localToday } from '../../contract'
import { type Flow, flowsFile, flowsFileOf } from '../../contract/flow'
import { useAnnounce, useClearAnnouncement } from '../../ui/announcer'
import { consoleDateTime } from '../../ui/dates'
import { FilePicker } from '../../ui/FilePicker'
import { focusedOpener, returnFocus } from '../../ui/focus-return'
import { scrollIntoSightWhenShown, settledTableOrAlert } from '../../ui/in-sight'
import { useHeightProperty } from '../../ui/use-height-property'
import { useMediaQuery } from '../../ui/use-media-query'
import { count, downloadConsoleFile } from '../data-tools'
import { checkImport, flowsImport, ImportRefusal, readImportFile } from '../file-import'
import { showInInspector } from '../inspector'
import { parseView, useView, type ViewState } from '../view-state'
import { useArrowKeys } from './arrow-keys'
import { keepFlowRun, startOfPanel } from './flow-run'
import { forgetFlowRun, keptFlowRun } from './kept-run'
import { RecordDialog } from './RecordDialog'
import { recordableRequests } from './record'
import { type FlowContext, runStep, type StepOutcome, tamperOf } from './run-step'
import { readSavedFlows, withFlows, writeSavedFlows } from './saved-flows'
import { shippedFlows } from './shipped'

/** styles.css's width below which the panel is a row above the inspector rather than a column. */
const PANEL_IN_A_ROW = '(max-width: 1100px)'

/**
 * A flow on the page beside what it changes: → runs the next step, ← steps back one (the view and the
 * Signature switch as that step left them; → then runs the next step again). Not a modal dialog, so the
 * table and the inspector stay in view while the audience watches. The run is this tab's across its
 * reloads (./flow-run.ts): the panel opens again at the step it was on.
 */
export function FlowsPanel({ onClose }: { onClose: () => void }) {
  const api = useApiClient()
  const queryClient = useQueryClient()
  const [, setView] = useView()
  const announce = useAnnounce()
  const clearAnnouncement = useClearAnnouncement()
  const [saved, setSaved] = useState(readSavedFlows)
  // Read once: what this tab kept of the flow it was running, if anything.
  const [start] = useState(() =>
    startOfPanel({
      stored: keptFlowRun(),
      mode: api.mode,
      saved,
      now: new Date(),
      tamper: api.settings.tamper.read(),
    }),
  )
  const [shipped, setShipped] = useState(start.shipped)
  const flows = [...shipped, ...saved]
  const [selected, setSelected] = useState(start.selected)
  const flow = flows[selected] ?? flows[0]
  const [at, setAt] = useState(start.at)
  const [outcomes, setOutcomes] = useState<(StepOutcome | undefined)[]>(start.outcomes)
  const [context, setContext] = useState<FlowContext>(start.context)
  const [running, setRunning] = useState(false)
  const [message, setMessage] = useState<Message | undefined>(
    start.note === undefined ? undefined : { text: start.note },
  )
  const [importRefused, setImportRefused] = useState<{ file: string; problems: readonly string[] }>()
  // The requests "Record from requests" offers, while its dialog is open.
  const [recordable, setRecordable] = useState<readonly RequestLogEntry[]>()
  const nextButton = useRef<HTMLButtonElement>(null)
  const backButton = useRef<HTMLButtonElement>(null)
  const panel = useRef<HTMLElement>(null)
  const caption = useRef<HTMLParagraphElement>(null)
  // Presenter mode fixes the caption in a bar at the bottom of the screen, and a small screen sticks the
  // panel above it (styles.css): the page keeps room for both.
  useHeightProperty(panel, '--flow-panel-height')
  useHeightProperty(caption, '--flow-caption-height')
  // The two-line panel of a narrow screen (styles.css) starts with record, export and import folded away:
  // on a short screen they would take the room of the data the step shows.
  const inARow = useMediaQuery(PANEL_IN_A_ROW)
  // The Signature switch as it was before the flow: its tampered steps must not leave it spoiled behind them.
  const tamperBefore = start.tamperBefore

  /** The Signature switch as `value`; the table reads again under it. */
  const setTamper = (value: typeof tamperBefore) => {
    if (api.settings.tamper.read() === value) return
    api.settings.tamper.write(value)
    void readAgainUnderSwitch(queryClient)
  }

  // Once: the step the panel opens on is on screen as that step left it. The Signature switch is as its
  // step set it (a reload mid-step may have left the next one's), or put back where the run did not come
  // back; the status line says the step's outcome again where it belongs.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the panel's start, once
  useEffect(() => {
    setTamper(start.tamper)
    const shown = start.at > 0 ? start.outcomes[start.at - 1] : undefined
    if (shown && describes(shown.view, parseView(location.search)))
      announce(`Step ${start.at}: ${shown.summary}`)
  }, [])

  // Kept for this tab's next load at every change, from the panel's first render on.
  useEffect(() => {
    if (!flow) return
    const place = shipped.indexOf(flow)
    keepFlowRun({
      mode: api.mode,
      flow,
      shipped: place === -1 ? undefined : place,
      at,
      outcomes,
      context,
      tamperBefore,
    })
  }, [api.mode, flow, shipped, at, outcomes, context, tamperBefore])

  /**
   * Shows step `to` of `shown` as it left the console (none: as the flow found it): the view, the Signature
   * switch, the inspector on its request and its outcome on the status line, so the panel, the status line
   * and the table say the same. What the sandbox holds stays: it is not undone.
   */
  const showStep = (to: number, shownFlow: Flow, all: readonly (StepOutcome | undefined)[]) => {
    setAt(to)
    const step = to > 0 ? shownFlow.steps[to - 1] : undefined
    const outcome = to > 0 ? all[to - 1] : undefined
    showInInspector(outcome?.sent)
    if (outcome) setView(outcome.view)
    setTamper(step ? tamperOf(step) : tamperBefore)
    if (outcome) announce(`Step ${to}: ${outcome.summary}`)
    else clearAnnouncement()
  }

  const choose = (index: number) => {
    // The flow left behind takes back what its steps changed.
    if (at > 0 && flow) showStep(0, flow, [])
    else showInInspector(undefined)
    setSelected(index)
    setOutcomes([])
    setContext({})
    setMessage(undefined)
    setImportRefused(undefined)
  }

  const next = async () => {
    if (!flow || running) return
    const step = (at === 0 ? restarted(flow) : flow).steps[at]
    if (!step) return
    // Why the kept run did not come back is of the panel's start: a step run since makes it stale.
    if (message?.text === start.note) setMessage(undefined)
    setRunning(true)
    const outcome = await runStep(api, step, context)
    setRunning(false)
    setContext(outcome.context)
    setOutcomes((all) => Object.assign([...all], { [at]: outcome }))
    setAt(at + 1)
    showInInspector(outcome.sent)
    setView(outcome.view)
    void queryClient.invalidateQueries()
    announce(`Step ${at + 1}: ${outcome.summary}`)
  }
  /** The flow as it runs from its start now: a shipped one dated and named afresh (./shipped.ts). */
  const restarted = (current: Flow): Flow => {
    if (selected >= shipped.length) return current
    const now = new Date()
    const fresh = shippedFlows(localToday(now), now)
    setShipped(fresh)
    return fresh[selected] ?? current
  }
  const back = () => {
    if (!flow || running || at === 0) return
    showStep(at - 1, flow, outcomes)
  }

  useArrowKeys(() => void next(), back)
  // What opened the panel (Flows…, or the Tools button its menu gave the focus back to) has it again on
  // Close flow: the panel's buttons go with the panel, and the focus fell to the page's start.
  const opener = useRef<HTMLElement | null>(null)
  useEffect(() => {
    opener.current = focusedOpener()
    nextButton.current?.focus()
  }, [])
  // The last step disables Run next step under the focus: it goes to ← Back, not to the page's start.
  useEffect(() => {
    const focused = document.activeElement
    const lost = focused === null || focused === document.body || focused === nextButton.current
    if (at > 0 && nextButton.current?.disabled && lost) backButton.current?.focus()
  }, [at])
  // On a short screen (presenter mode at 800×600) the account's heading, buttons, filters and chart fill the
  // main area above the table: the audience would see no amount of the step's answer without this.
  useEffect(() => (at > 0 ? scrollIntoSightWhenShown(settledTableOrAlert) : undefined), [at])

  const close = () => {
    forgetFlowRun()
    showInInspector(undefined)
    api.settings.tamper.write(tamperBefore)
    void readAgain(queryClient)
    // The step's outcome no longer describes the screen.
    clearAnnouncement()
    onClose()
    returnFocus(opener.current)
  }

  const keep = (added: Flow[]) => {
    const all = withFlows(saved, added)
    writeSavedFlows(all)
    setSaved(all)
    const first = added[0]
    choose(shipped.length + all.findIndex((f) => f.name === first?.name))
  }

  const record = () => {
    setImportRefused(undefined)
    setMessage(undefined)
    // The log is newest first; a flow runs oldest first.
    const sent = api.log
      .snapshot()
      .filter((entry): entry is RequestLogEntry => entry.kind === 'request')
      .reverse()
    const requests = recordableRequests(sent)
    if (requests.length === 0) {
      setMessage({
        text: 'Nothing to record yet: create an account, add transactions or read them, then record.',
        bad: true,
      })
      return
    }
    setRecordable(requests)
  }
  const saveRecorded = (recorded: Flow) => {
    setRecordable(undefined)
    keep([recorded])
    setMessage({ text: `Recorded ${count(recorded.steps.length, 'step')} as "${recorded.name}".` })
  }

  const chooseFile = async (file: File) => {
    setMessage(undefined)
    setImportRefused(undefined)
    const read = await readImportFile(file)
    if (!read.ok) {
      setImportRefused({ file: file.name, problems: [read.reason] })
      return
    }
    const parsed = checkImport(read.data, flowsFile, flowsImport)
    if (!parsed.ok) {
      setImportRefused({ file: file.name, problems: parsed.problems })
      return
    }
    keep(parsed.data.flows)
    setMessage({ text: `Imported ${count(parsed.data.flows.length, 'flow')} from ${file.name}.` })
  }

  if (!flow) return null
  const last = at > 0 ? outcomes[at - 1] : undefined
  const upcoming = flow.steps[at]
  return (
    <section className="flow-panel" aria-labelledby="flow-panel-title" ref={panel}>
      <h2 id="flow-panel-title">Flow</h2>
      <label>
        <span className="visually-hidden">Flow to run</span>
        <select
          value={selected}
          onChange={(e) => {
            choose(Number(e.target.value))
            // Picked, the flow is run from its next-step button: the arrow keys are the flow's again.
            nextButton.current?.focus()
          }}
        >
          {flows.map((f, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the value is the index; a recorded and a shipped flow may share a name
            <option key={`${index}-${f.name}`} value={index}>
              {f.name}
            </option>
          ))}
        </select>
      </label>
      <p className="flow-caption" aria-live="polite" ref={caption}>
        {progressCaption(flow, at)}
      </p>
      {last ? (
        <p className={last.ok ? 'flow-verdict verdict ok' : 'flow-verdict verdict bad'}>
          Step {at}: {last.summary}
        </p>
      ) : null}
      {/* Above the list: however long it is, the step's buttons stay in sight (issue 20's tester, presenter
          mode at 1366×900, found them under the caption's bar below a five-step list). */}
      <div className="flow-actions flow-step-actions">
        <button
          type="button"
          ref={backButton}
          onClick={back}
          disabled={at === 0 || running}
          aria-keyshortcuts="ArrowLeft"
        >
          ← Back
        </button>
        {/* Not disabled while a step runs (next() ignores it then): a disabled button drops the focus to
            the page's start, and a keyboard tester pressing → went on from nowhere. */}
        <button
          type="button"
          ref={nextButton}
          className="primary"
          onClick={() => void next()}
          disabled={!upcoming}
          aria-disabled={running || undefined}
          aria-keyshortcuts="ArrowRight"
        >
          {running ? 'Running…' : 'Run next step →'}
        </button>
      </div>
      {/* After the step's buttons in the DOM, as on screen: the two-line panel shows it at the right end of
          their line, and Tab went to it first, then back to the picker at the left. */}
      <button type="button" className="flow-close" onClick={close}>
        Close flow
      </button>
      <ol className="flow-steps">
        {flow.steps.map((step, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a flow's steps never reorder, and two may share a caption
          <li key={`${index}-${step.caption}`} aria-current={index === at - 1 ? 'step' : undefined}>
            {step.caption}
            {outcomes[index] && index < at ? (
              <span className="muted"> ({outcomes[index].status ?? 'failed'})</span>
            ) : null}
          </li>
        ))}
      </ol>
      {/* Open by default wherever there is room; the two-line panel opens it on demand. */}
      <details className="flow-more" open={!inARow}>
        <summary>Record, export, import</summary>
        <div className="flow-actions">
          <button type="button" onClick={record}>
            Record from requests
          </button>
          <button
            type="button"
            onClick={() => downloadConsoleFile(flowsFileOf([flow], new Date().toISOString()))}
          >
            Export flow
          </button>
          <FilePicker inputLabel="Import flows file" accept="application/json,.json" onFile={chooseFile}>
            Import flows…
          </FilePicker>
        </div>
      </details>
      <PanelMessage message={message} />
      {importRefused ? <ImportRefusal file={importRefused.file} problems={importRefused.problems} /> : null}
      {recordable ? (
        <RecordDialog
          requests={recordable}
          defaultName={`Recorded ${consoleDateTime(Date.now())}`}
          savedNames={saved.map((f) => f.name)}
          onSave={saveRecorded}
          onClose={() => setRecordable(undefined)}
        />
      ) : null}
    </section>
  )
}

/**
 * Whether a step's outcome is of the view shown: its account and page (the status line's rule for the
 * main area's messages, docs/decisions.md#status-messages).
 */
function describes(stepView: Partial<ViewState>, shown: ViewState): boolean {
  return (
    (stepView.account === undefined || stepView.account === shown.account) &&
    (stepView.offset === undefined || stepView.offset === shown.offset)
  )
}

/** The caption's words: the step → runs next, or that the flow has run to its end. */
function progressCaption(flow: Flow, at: number): string {
  const upcoming = flow.steps[at]
  if (upcoming) return `Next, step ${at + 1} of ${flow.steps.length}: ${upcoming.caption}`
  return `Done: ${flow.steps.length === 1 ? 'its one step' : `all ${flow.steps.length} steps`} ran.`
}

type Message = { text: string; bad?: boolean }

/** What recording or importing did: a bad outcome as an alert, a good one as a status. */
function PanelMessage({ message }: { message: Message | undefined }) {
  if (!message) return null
  return (
    <p className={message.bad ? 'field-error' : 'muted'} role={message.bad ? 'alert' : 'status'}>
      {message.text}
    </p>
  )
}
