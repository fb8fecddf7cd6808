import { useQueryClient } from '@tanstack/react-query'
import {
  type FormEvent,
  Fragment,
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react'
import {
  OFFLINE_UPSTREAM,
  type OfflineData,
  type OfflineScenarios,
  refusalShown,
  type ScenarioOutcome,
  type ScenarioRefusal,
  type ScenarioSummary,
  useApiClient,
} from '../../api'
import type { ScenarioFile, TppMessage } from '../../contract'
import { useAnnounce } from '../../ui/announcer'
import { Dialog } from '../../ui/Dialog'
import { consoleDateTime } from '../../ui/dates'
import { FilePicker } from '../../ui/FilePicker'
import { FormAlert } from '../../ui/Messages'
import { count, downloadConsoleFile, storedText } from '../data-tools'
import { ImportRefusal, importProblemsInWords, readImportFile, scenarioImport } from '../file-import'
import { useOneAtATime } from '../one-at-a-time'
import { arriveAt, parseView, useView, type ViewState } from '../view-state'
import { ScenarioNameField, useScenarioNameCheck } from './ScenarioNameField'

interface ScenariosDialogProps {
  offline: OfflineData
  scenarios: OfflineScenarios
  /** A scenario to ask about loading as the dialog opens (one Copy to offline just saved). */
  offerLoad?: string | undefined
  /**
   * Before a load reloads the page (its bank personality is not the one running): has the page the reload
   * opens show `view` and say `message`, as a load without a reload does at once. The opener keeps it.
   */
  carryAcrossReload: (view: ViewState, message: string) => void
  onClose: () => void
}

/** A step that asks first: what it would do, in a sentence, and the button that does it. */
type Asking =
  | { kind: 'load'; name: string; stored: string }
  | { kind: 'delete'; name: string }
  | { kind: 'rename' | 'duplicate'; name: string }

const holds = (s: ScenarioSummary) =>
  `${count(s.accounts, 'card account')} and ${count(s.transactions, 'transaction')}`

/**
 * The named scenarios of the in-browser sandbox: save the whole offline state, load one back (it replaces
 * the state, so it asks first), duplicate, rename, delete, export one as a file and import one.
 */
export function ScenariosDialog({
  offline,
  scenarios,
  offerLoad,
  carryAcrossReload,
  onClose,
}: ScenariosDialogProps) {
  const { book } = useApiClient()
  const client = useQueryClient()
  const announce = useAnnounce()
  const [, setView] = useView()
  const once = useOneAtATime()
  const [list, setList] = useState<ScenarioSummary[]>()
  const [alert, setAlert] = useState<{ title: string; messages: TppMessage[] | string }>()
  const [importRefused, setImportRefused] = useState<{ file: string; problems: readonly string[] }>()
  const [asking, setAsking] = useState<Asking>()
  const [busy, setBusy] = useState(false)
  const [saveAs, setSaveAs] = useState('')
  const saveAsCheck = useScenarioNameCheck()

  const refreshList = useCallback(async () => setList(await scenarios.list()), [scenarios])
  useEffect(() => {
    void refreshList()
  }, [refreshList])
  useEffect(() => {
    if (offerLoad === undefined) return
    void offline
      .storeStatus()
      .then((status) => setAsking({ kind: 'load', name: offerLoad, stored: storedText(status, 'importing') }))
  }, [offerLoad, offline])

  /** Runs one step at a time; a refusal shows why (under `title` unless `refused` says it) and changes nothing. */
  const run = <T,>(
    title: string,
    step: () => Promise<ScenarioOutcome<T>>,
    done: (value: T) => Promise<void> | void,
    refused: (refusal: ScenarioRefusal) => void = (refusal) =>
      setAlert({ title, messages: refusalShown(refusal) }),
  ) =>
    once(async () => {
      setBusy(true)
      setAlert(undefined)
      setImportRefused(undefined)
      try {
        const outcome = await step()
        if (!outcome.ok) {
          refused(outcome)
          return
        }
        setAsking(undefined)
        await done(outcome.value)
        await refreshList()
      } finally {
        setBusy(false)
      }
    })

  const save = (event: FormEvent) => {
    event.preventDefault()
    if (!saveAsCheck.passes(saveAs)) return
    void run(
      'The scenario was not saved; nothing changed.',
      () => scenarios.save(saveAs, book.of(OFFLINE_UPSTREAM)),
      (saved) => {
        setSaveAs('')
        announce(`Saved scenario ${saved.name}: ${holds(saved)}`)
      },
    )
  }

  const load = (name: string) =>
    run(
      `${name} was not loaded; nothing changed.`,
      () => scenarios.load(name),
      async ({ file, reloadNeeded }) => {
        // The book of the in-browser sandbox named the accounts just replaced: the scenario's replaces it.
        book.importBook(file.accountBook?.books ?? {}, { replacing: OFFLINE_UPSTREAM })
        // New data: even a shipped scenario's same account id starts without the last dates and page.
        const view = arriveAt(parseView(location.search), file.cardAccounts[0]?.account.resourceId)
        const loaded = `Loaded scenario ${file.name}: ${holdsOf(file)}`
        if (reloadNeeded) {
          // The bank personality is the offline sandbox's start-up setting, as the clock panel's picker:
          // the page the reload opens shows the scenario's view and says what was loaded.
          carryAcrossReload(view, loaded)
          location.reload()
          return
        }
        await client.resetQueries()
        setView(view)
        announce(loaded)
        onClose()
      },
    )

  const rename = (from: Asking & { kind: 'rename' | 'duplicate' }, to: string) =>
    run(
      `${from.name} was not ${from.kind === 'rename' ? 'renamed' : 'duplicated'}; nothing changed.`,
      () => (from.kind === 'rename' ? scenarios.rename(from.name, to) : scenarios.duplicate(from.name, to)),
      (made) => announce(`${from.kind === 'rename' ? 'Renamed' : 'Duplicated'} ${from.name} as ${made.name}`),
    )

  const remove = (name: string) =>
    run(
      `${name} was not deleted.`,
      async () => ({ ok: true as const, value: await scenarios.remove(name) }),
      () => announce(`Deleted scenario ${name}`),
    )

  const exportOne = (name: string) =>
    run(
      `${name} was not exported.`,
      () => scenarios.exportFile(name),
      (file) => {
        downloadConsoleFile(file)
        announce(`Exported scenario ${name}: ${holdsOf(file)}`)
      },
    )

  const chooseFile = async (file: File) => {
    setAlert(undefined)
    const read = await readImportFile(file)
    if (!read.ok) {
      setImportRefused({ file: file.name, problems: [read.reason] })
      return
    }
    void run(
      `${file.name} was not imported; nothing changed.`,
      () => scenarios.importFile(read.data),
      (added) => announce(`Imported scenario ${added.name}: ${holds(added)}`),
      (refusal) =>
        setImportRefused({
          file: file.name,
          problems:
            'inWords' in refusal
              ? [refusal.inWords]
              : importProblemsInWords(read.data, refusal.problem.messages, scenarioImport),
        }),
    )
  }

  const askLoad = async (name: string) => {
    setAlert(undefined)
    setImportRefused(undefined)
    setAsking({ kind: 'load', name, stored: storedText(await offline.storeStatus(), 'importing') })
  }

  const ask = (kind: 'duplicate' | 'rename' | 'delete') => (name: string) => setAsking({ kind, name })

  return (
    <Dialog help="test-data" title="Scenarios" wide busy={busy} onClose={onClose}>
      <p className="hint scenario-intro">
        A scenario holds the whole offline state: the data, the sandbox clock, the conditions and the bank
        personality. Loading one replaces that state; saved scenarios stay in this browser.
      </p>
      <form className="scenario-save" onSubmit={save} noValidate>
        <ScenarioNameField
          label="Save the current state as"
          value={saveAs}
          onChange={setSaveAs}
          error={saveAsCheck.error}
          inputRef={saveAsCheck.inputRef}
        />
        <button type="submit" disabled={busy}>
          Save
        </button>
        <FilePicker
          inputLabel="Import scenario file"
          accept="application/json,.json"
          disabled={busy}
          onFile={chooseFile}
        >
          Import scenario…
        </FilePicker>
      </form>
      {alert ? (
        <div className="scenario-alert">
          <p>
            <strong>{alert.title}</strong>
          </p>
          <FormAlert alert={alert.messages} />
        </div>
      ) : null}
      {importRefused ? (
        <div className="scenario-alert">
          <ImportRefusal file={importRefused.file} problems={importRefused.problems} />
        </div>
      ) : null}
      {list === undefined ? (
        <p>Reading the scenarios…</p>
      ) : (
        <table className="scenario-list">
          <caption className="visually-hidden">Scenarios</caption>
          <thead>
            <tr>
              <th scope="col" className="scenario-cell scenario-head">
                Name
              </th>
              <th scope="col" className="scenario-cell scenario-head">
                Holds
              </th>
              <th scope="col" className="scenario-cell scenario-head">
                Actions
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((scenario) => (
              <Fragment key={scenario.name}>
                <tr>
                  <th scope="row" className="scenario-cell">
                    {scenario.name}
                    {scenario.shipped ? (
                      <span className="scenario-shipped"> (ships with the console)</span>
                    ) : null}
                  </th>
                  <td className="scenario-cell">
                    {scenario.description ?? holds(scenario)}
                    {scenario.savedAt ? (
                      <div className="hint">Saved {consoleDateTime(scenario.savedAt)}</div>
                    ) : null}
                  </td>
                  <td className="scenario-cell">
                    <div className="scenario-actions">
                      <StepButton verb="Load" of={scenario.name} busy={busy} onClick={askLoad} />
                      <StepButton
                        verb="Duplicate"
                        of={scenario.name}
                        busy={busy}
                        onClick={ask('duplicate')}
                      />
                      <StepButton verb="Export" of={scenario.name} busy={busy} onClick={exportOne} />
                      {scenario.shipped ? null : (
                        <>
                          <StepButton verb="Rename" of={scenario.name} busy={busy} onClick={ask('rename')} />
                          <StepButton
                            verb="Delete"
                            of={scenario.name}
                            busy={busy}
                            onClick={ask('delete')}
                            className="danger-outline"
                          />
                        </>
                      )}
                    </div>
                  </td>
                </tr>
                {asking?.name === scenario.name ? (
                  // Under the row that asked: the rows above it and its own buttons stay where the pointer is.
                  <tr>
                    <td colSpan={3} className="scenario-asking-cell">
                      <AskingPanel
                        // A new step asked about is a new question: its own arrival, and its own button to go back to.
                        key={asking.kind}
                        asking={asking}
                        busy={busy}
                        onCancel={() => setAsking(undefined)}
                        onLoad={load}
                        onRemove={remove}
                        onRename={rename}
                      />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            ))}
          </tbody>
        </table>
      )}
    </Dialog>
  )
}

function holdsOf(file: ScenarioFile): string {
  const transactions = file.cardAccounts.reduce((sum, a) => sum + a.transactions.length, 0)
  return `${count(file.cardAccounts.length, 'card account')} and ${count(transactions, 'transaction')}`
}

/** One of a scenario's steps, named with the scenario for whoever reads the buttons without the row. */
function StepButton({
  verb,
  of,
  busy,
  onClick,
  className,
}: {
  verb: string
  of: string
  busy: boolean
  onClick: (name: string) => unknown
  className?: string
}) {
  return (
    <button
      type="button"
      className={className}
      disabled={busy}
      onClick={() => void onClick(of)}
      aria-label={`${verb} ${of}`}
    >
      {verb}
    </button>
  )
}

interface AskingPanelProps {
  asking: Asking
  busy: boolean
  onCancel: () => void
  onLoad: (name: string) => void
  onRemove: (name: string) => void
  onRename: (from: Asking & { kind: 'rename' | 'duplicate' }, to: string) => void
}

/**
 * Where the keyboard goes as a step is asked about under its row: into the question (or the new name),
 * so the step's button is the next Tab rather than a Shift+Tab back past the rows; as in the console's
 * other confirmations, a second Enter never does the step itself.
 */
function useArrivalFocus(target: RefObject<HTMLElement | null>) {
  // In the commit that shows the question, not after it: a key pressed in between would still reach the
  // button that asked (a loaded machine's test found the question shown and the focus not yet in it).
  useLayoutEffect(() => {
    target.current?.focus()
    target.current?.scrollIntoView({ block: 'nearest' })
  }, [target])
}

/** Gives the focus back to the button that asked (still on screen), as a Cancel does. */
function useGiveBackFocus() {
  const [asker] = useState(() => document.activeElement)
  return () => {
    if (asker instanceof HTMLElement && asker.isConnected) asker.focus()
  }
}

/** The step being asked about, with what it would do and its one button. */
function AskingPanel({ asking, busy, onCancel, onLoad, onRemove, onRename }: AskingPanelProps) {
  const question = useRef<HTMLParagraphElement>(null)
  useArrivalFocus(question)
  const giveBack = useGiveBackFocus()
  const cancel = (
    <button
      type="button"
      disabled={busy}
      onClick={() => {
        giveBack()
        onCancel()
      }}
    >
      Cancel
    </button>
  )
  if (asking.kind === 'load') {
    return (
      <section className="scenario-asking" aria-label={`Load ${asking.name}?`}>
        <p className="scenario-question" ref={question} tabIndex={-1}>
          Loading <strong>{asking.name}</strong> replaces the clock, the conditions, the bank personality and
          the data stored now: {asking.stored}.
        </p>
        <button type="button" className="primary" disabled={busy} onClick={() => onLoad(asking.name)}>
          Replace and load
        </button>
        {cancel}
      </section>
    )
  }
  if (asking.kind === 'delete') {
    return (
      <section className="scenario-asking" aria-label={`Delete ${asking.name}?`}>
        <p className="scenario-question" ref={question} tabIndex={-1}>
          Delete the scenario <strong>{asking.name}</strong>? It cannot be undone; export it first to keep a
          copy.
        </p>
        <button type="button" className="danger" disabled={busy} onClick={() => onRemove(asking.name)}>
          Delete scenario
        </button>
        {cancel}
      </section>
    )
  }
  return (
    <NameForm asking={asking} busy={busy} onRename={onRename}>
      {cancel}
    </NameForm>
  )
}

interface NameFormProps {
  asking: Asking & { kind: 'rename' | 'duplicate' }
  busy: boolean
  onRename: AskingPanelProps['onRename']
  children: ReactNode
}

/** Renaming or duplicating: the new name, starting from the old one. */
function NameForm({ asking, busy, onRename, children }: NameFormProps) {
  const [to, setTo] = useState(asking.kind === 'duplicate' ? `${asking.name} (copy)` : asking.name)
  const check = useScenarioNameCheck()
  useArrivalFocus(check.inputRef)
  const verb = asking.kind === 'rename' ? 'Rename' : 'Duplicate'
  return (
    <form
      className="scenario-asking"
      aria-label={`${verb} ${asking.name}`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        if (check.passes(to)) onRename(asking, to)
      }}
    >
      <ScenarioNameField
        label={
          asking.kind === 'rename' ? `New name for ${asking.name}` : `Name of the copy of ${asking.name}`
        }
        value={to}
        onChange={setTo}
        error={check.error}
        inputRef={check.inputRef}
      />
      <button type="submit" className="primary" disabled={busy}>
        {verb}
      </button>
      {children}
    </form>
  )
}
