import { useId, useRef, useState } from 'react'
import { useApiClient, useConnection } from '../../api'
import { testCustomers } from '../../contract'
import { probePlan, probeRequest, requestsSent } from '../../contract/probe'
import { focusFirstInvalid } from '../../ui/focus-invalid'
import { FormAlert } from '../../ui/Messages'
import { failureShown } from '../form-errors'
import { PersonalInput } from '../presenter'
import { ProbeReport } from './ProbeReport'
import { BAD_SIGNATURES_LABEL } from './parity'
import { cancelProbeRun, type ProbeRun, resetProbeRun, startProbeRun, useProbeRun } from './probe-run'

/**
 * Proxy mode, in the Connection panel: "Check this sandbox…" learns how the proxy's upstream behaves, trait
 * by trait (docs/decisions.md#bank-profiles-and-the-probe), and sets it beside the offline sandbox.
 */
export function ProbeSection() {
  const run = useProbeRun()
  const [asking, setAsking] = useState(false)
  return (
    <section className="probe" aria-label="Check this sandbox">
      <h3>Check this sandbox</h3>
      {run.phase === 'idle' && !asking ? (
        <>
          <p className="hint">
            Learns how this bank's sandbox behaves, trait by trait, and shows where the offline sandbox
            behaves otherwise.
          </p>
          <button type="button" onClick={() => setAsking(true)}>
            Check this sandbox…
          </button>
        </>
      ) : null}
      {run.phase === 'idle' && asking ? <ProbeStart onCancel={() => setAsking(false)} /> : null}
      {run.phase === 'running' ? <ProbeProgress run={run} /> : null}
      {run.phase === 'done' || run.phase === 'failed' ? (
        <>
          {run.phase === 'done' ? <ProbeReport run={run} /> : <ProbeFailed run={run} />}
          <p>
            <button
              type="button"
              onClick={() => {
                setAsking(true)
                resetProbeRun()
              }}
            >
              Check again…
            </button>
          </p>
        </>
      ) : null}
    </section>
  )
}

/** Before the first request: what the probe will send and create, and for which customer. */
function ProbeStart({ onCancel }: { onCancel: () => void }) {
  const { log } = useApiClient()
  const upstream = useConnection().data?.upstream
  const [customerNumber, setCustomerNumber] = useState<string>(testCustomers.private)
  const [badSignatures, setBadSignatures] = useState(false)
  const [problem, setProblem] = useState<string>()
  const fieldId = useId()
  const problemId = useId()
  const warningId = useId()
  const root = useRef<HTMLDivElement>(null)
  const start = () => {
    const parsed = probeRequest.safeParse({ customerNumber, badSignatures })
    if (!parsed.success)
      return focusFirstInvalid(root.current, () => setProblem(parsed.error.issues[0]?.message))
    void startProbeRun(parsed.data, log)
  }
  return (
    <div ref={root} className="probe-start">
      {upstream === undefined ? null : (
        <ul className="probe-plan">
          {probePlan(new URL(upstream), { badSignatures, optIn: `tick "${BAD_SIGNATURES_LABEL}" below` }).map(
            (line) => (
              <li key={line}>{line.trim()}</li>
            ),
          )}
        </ul>
      )}
      <p className="hint">It never resets or deletes anything at the bank.</p>
      <label htmlFor={fieldId}>Customer number of the probe account</label>{' '}
      <PersonalInput
        id={fieldId}
        value={customerNumber}
        onChange={(value) => {
          setCustomerNumber(value)
          setProblem(undefined)
        }}
        inputMode="numeric"
        aria-invalid={problem !== undefined}
        aria-describedby={problem ? problemId : undefined}
      />
      {problem ? (
        <p id={problemId} className="field-error">
          {problem}
        </p>
      ) : null}
      <p>
        <label>
          <input
            type="checkbox"
            checked={badSignatures}
            aria-describedby={warningId}
            onChange={(event) => setBadSignatures(event.target.checked)}
          />{' '}
          {BAD_SIGNATURES_LABEL} (keyId strictness, Date required)
        </label>
      </p>
      <p id={warningId} className={badSignatures ? 'warning' : 'hint'}>
        These requests deliberately carry bad signatures made with your real TPP key: the bank sees signature
        failures from your certificate, and may count or alert on them.
      </p>
      <p>
        <button type="button" onClick={onCancel}>
          Not now
        </button>{' '}
        <button type="button" className="primary" onClick={start}>
          Start the check
        </button>
      </p>
    </div>
  )
}

function ProbeProgress({ run }: { run: Extract<ProbeRun, { phase: 'running' }> }) {
  const last = run.exchanges.at(-1)
  const sent = run.exchanges.length
  return (
    <div className="progress probe-progress">
      <label>
        <span role="status">
          {run.cancelling
            ? 'Cancelling: the check stops after the request under way…'
            : last === undefined
              ? 'Starting the check…'
              : `Request ${sent} of at most ${run.maxRequests}: ${last.method} ${last.path} ${last.status === undefined ? `got no answer (${last.failure})` : `answered ${last.status}`}`}
        </span>
        <progress max={run.maxRequests} value={sent} />
      </label>
      <p>
        <button type="button" onClick={() => void cancelProbeRun()} disabled={run.cancelling}>
          Cancel the check
        </button>
      </p>
    </div>
  )
}

function ProbeFailed({ run }: { run: Extract<ProbeRun, { phase: 'failed' }> }) {
  const { error } = run
  return (
    <div className="probe-failed">
      <p>
        The check could not run to its report
        {run.exchanges.length > 0 ? ` (${requestsSent(run.exchanges.length)})` : ''}:
      </p>
      <FormAlert alert={failureShown(error)} />
    </div>
  )
}
