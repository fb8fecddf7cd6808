import { type FormEvent, useState } from 'react'
import type { RequestLogEntry } from '../../api'
import { characterCount } from '../../contract'
import { FLOW_NAME_MAX, type Flow } from '../../contract/flow'
import { CharacterCount } from '../../ui/CharacterCount'
import { Dialog, DialogCancel } from '../../ui/Dialog'
import { Field } from '../../ui/Field'
import { Operation, Status } from '../inspector'
import { recordFlow } from './record'

interface RecordDialogProps {
  /** The requests that would become steps, oldest first (`recordableRequests`). */
  requests: readonly RequestLogEntry[]
  defaultName: string
  /** Names of the flows saved in this browser: saving under one of them replaces it. */
  savedNames: readonly string[]
  onSave: (flow: Flow) => void
  onClose: () => void
}

/** What "Record from requests" will save: each request ticked to begin with, untick what was not the flow. */
export function RecordDialog({ requests, defaultName, savedNames, onSave, onClose }: RecordDialogProps) {
  const [name, setName] = useState(defaultName)
  const [ticked, setTicked] = useState(() => requests.map(() => true))
  const [problem, setProblem] = useState<string>()

  const save = (event: FormEvent) => {
    event.preventDefault()
    const trimmed = name.trim()
    if (trimmed === '') {
      setProblem('Give the flow a name: it is how you pick it from the list. Nothing was saved.')
      return
    }
    if (characterCount(trimmed) > FLOW_NAME_MAX) {
      setProblem(`A flow name may have at most ${FLOW_NAME_MAX} characters. Nothing was saved.`)
      return
    }
    const flow = recordFlow(
      requests.filter((_, index) => ticked[index]),
      trimmed,
    )
    if (!flow) {
      setProblem('No request is ticked: tick the requests to record as steps, or cancel. Nothing was saved.')
      return
    }
    onSave(flow)
  }

  return (
    <Dialog help="presenter" title="Record a flow" onClose={onClose}>
      <form className="form record-flow" onSubmit={save}>
        <Field
          label="Name"
          // Counted as the scenario names are, never cut short at the limit: a pasted name stays whole.
          hint={
            <>
              <CharacterCount text={name} max={FLOW_NAME_MAX} />
              {savedNames.includes(name.trim()) ? ' A saved flow has this name: saving replaces it.' : null}
            </>
          }
        >
          {(control) => <input {...control} value={name} onChange={(e) => setName(e.target.value)} />}
        </Field>
        <fieldset>
          <legend>Requests to record as steps, oldest first</legend>
          <ul className="record-requests">
            {requests.map((entry, index) => (
              <li key={entry.id}>
                <label>
                  <input
                    type="checkbox"
                    checked={ticked[index] ?? false}
                    onChange={(e) => {
                      const checked = e.target.checked
                      setTicked((all) => all.map((was, i) => (i === index ? checked : was)))
                    }}
                  />{' '}
                  <Operation entry={entry} /> <strong>{entry.method}</strong> {entry.url}{' '}
                  <Status entry={entry} />
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        {problem ? (
          <p className="form-alert" role="alert">
            {problem}
          </p>
        ) : null}
        <footer className="dialog-actions">
          <DialogCancel />
          <button type="submit" className="primary">
            Save flow
          </button>
        </footer>
      </form>
    </Dialog>
  )
}
