import { type ChangeEvent, useEffect, useId, useState } from 'react'
import { headerNames, UUID } from '../../contract'
import type { Finding, Verdict } from '../../signing/diagnosis'
import { Dialog, DialogCancel } from '../../ui/Dialog'
import { type Explanation, explainRequest } from './console-exports'
import { type KeptRequest, keptRequest } from './kept-request'
import type { Reading } from './pasted-request'
import { readRequest } from './read-request'

interface ExplainDialogProps {
  onClose: () => void
}

type Outcome =
  | { kind: 'unreadable'; reason: string }
  | { kind: 'diagnosed'; reading: Extract<Reading, { ok: true }>; explanation: Explanation }

interface ChosenFile {
  name: string
  bytes: Uint8Array
}

const BADGES: Record<Verdict, string> = {
  refused: 'This sandbox refuses it',
  'accepted-here': 'Accepted here; a stricter bank may refuse it',
  note: 'Note',
}

const BODY_SOURCES = {
  exact: 'its exact bytes',
  'pasted-text': 'pasted text: line endings or the charset may have changed on the way',
  'har-text': 'text from the HAR file',
  unknown: 'in a file the request names',
  none: 'none',
} as const

/** What the dialog judges: the request kept for the tab, and the files opened beside it. */
interface Inputs extends Omit<KeptRequest, 'diagnosedAt'> {
  file: ChosenFile | undefined
  bodyFile: ChosenFile | undefined
}

/** The request read and judged by the sandbox's rules as of `now`, or why it could not be read. */
async function judgeRequest(
  { text, file, bodyFile, certificate, atItsDate, entry }: Inputs,
  now: Date,
): Promise<Outcome> {
  const reading = readRequest(file ? { bytes: file.bytes } : { text }, entry)
  if (!reading.ok) return { kind: 'unreadable', reason: reading.reason }
  const request =
    reading.request.bodySource === 'unknown' && bodyFile
      ? { ...reading.request, body: bodyFile.bytes, bodySource: 'exact' as const }
      : reading.request
  const explanation = await explainRequest(request, {
    now,
    atItsDate,
    harCreator: reading.creator,
    ...(certificate.trim() ? { certificate } : {}),
  })
  return { kind: 'diagnosed', reading, explanation }
}

const readFile = async (event: ChangeEvent<HTMLInputElement>): Promise<ChosenFile | undefined> => {
  const file = event.target.files?.[0]
  return file ? { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) } : undefined
}

/**
 * "Why does the bank refuse my request?": a request from another client, judged by the sandbox's own
 * verifier and explained rule by rule. Everything runs in this page; nothing pasted is sent anywhere.
 */
export function ExplainDialog({ onClose }: ExplainDialogProps) {
  const ids = { request: useId(), certificate: useId(), file: useId(), body: useId(), entry: useId() }
  const [kept] = useState(keptRequest.read)
  const [text, setText] = useState(kept.text)
  const [file, setFile] = useState<ChosenFile>()
  const [bodyFile, setBodyFile] = useState<ChosenFile>()
  const [certificate, setCertificate] = useState(kept.certificate)
  const [atItsDate, setAtItsDate] = useState(kept.atItsDate)
  const [entry, setEntry] = useState(kept.entry)
  const [outcome, setOutcome] = useState<Outcome>()
  const [busy, setBusy] = useState(false)
  // The last diagnosis of a request without files, and when it judged: kept with the request while the
  // dialog still holds that request.
  const [judged, setJudged] = useState<KeptRequest & { at: Date }>()
  const diagnosedAt =
    judged &&
    !file &&
    !bodyFile &&
    judged.text === text &&
    judged.certificate === certificate &&
    judged.atItsDate === atItsDate &&
    judged.entry === entry
      ? judged.at
      : undefined

  useEffect(
    () => keptRequest.write({ text, certificate, atItsDate, entry, diagnosedAt: diagnosedAt?.toISOString() }),
    [text, certificate, atItsDate, entry, diagnosedAt],
  )
  // A request diagnosed before the dialog last closed: judged again as of then, its diagnosis as it was.
  useEffect(() => {
    if (!kept.diagnosedAt) return
    const at = new Date(kept.diagnosedAt)
    setJudged({ ...kept, at })
    let open = true
    void judgeRequest({ ...kept, file: undefined, bodyFile: undefined }, at).then((restored) => {
      if (open) setOutcome(restored)
    })
    return () => {
      open = false
    }
  }, [kept])

  const diagnose = async (harEntry = entry) => {
    const now = new Date()
    setJudged(file || bodyFile ? undefined : { text, certificate, atItsDate, entry: harEntry, at: now })
    setBusy(true)
    try {
      setOutcome(await judgeRequest({ text, file, bodyFile, certificate, atItsDate, entry: harEntry }, now))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog
      help="explain-share"
      title="Explain a request"
      onClose={onClose}
      wide
      confirmDiscard={
        file || bodyFile
          ? 'Discard the file you opened? Pasted text is kept for this tab, a file is not.'
          : undefined
      }
    >
      <form
        className="form explain-form"
        onSubmit={(event) => {
          event.preventDefault()
          void diagnose()
        }}
      >
        <p className="note">
          Paste a request another client sent (raw HTTP, a curl command or a HAR entry) and the console judges
          it as this sandbox does and says what to fix. It is checked in this page: nothing you paste is sent
          anywhere.
        </p>
        <div className="explain-inputs">
          <div className="field">
            <label htmlFor={ids.request}>Request: raw HTTP, curl or HAR</label>
            <textarea
              id={ids.request}
              className="explain-text"
              rows={10}
              spellCheck={false}
              value={text}
              onChange={(event) => {
                setText(event.target.value)
                setFile(undefined)
              }}
            />
            <label htmlFor={ids.file}>…or open a file (its body is judged on its exact bytes)</label>
            <input
              id={ids.file}
              type="file"
              accept=".har,.http,.txt,.json,.curl,.sh"
              onChange={async (event) => {
                setFile(await readFile(event))
                setEntry(0)
              }}
            />
            {file ? (
              <small className="hint">
                Using {file.name} ({file.bytes.length} bytes) instead of the text above.
              </small>
            ) : null}
          </div>
          <div className="field">
            <label htmlFor={ids.certificate}>
              Certificate, if the request does not carry it (PEM or base64)
            </label>
            <textarea
              id={ids.certificate}
              className="explain-text"
              rows={4}
              spellCheck={false}
              value={certificate}
              onChange={(event) => setCertificate(event.target.value)}
            />
            <label htmlFor={ids.body}>Body file, for a curl command that reads it from one (-d @file)</label>
            <input id={ids.body} type="file" onChange={async (event) => setBodyFile(await readFile(event))} />
            <label className="checkbox">
              <input
                type="checkbox"
                checked={atItsDate}
                onChange={(event) => setAtItsDate(event.target.checked)}
              />{' '}
              Captured earlier: judge the Date and the certificate as of the request's Date
            </label>
          </div>
        </div>
        <footer className="dialog-actions">
          <DialogCancel>Close</DialogCancel>
          <button type="submit" className="primary" disabled={busy || (!file && text.trim() === '')}>
            Diagnose
          </button>
        </footer>
      </form>
      {outcome ? (
        <DiagnosisView
          outcome={outcome}
          entryId={ids.entry}
          entry={entry}
          onEntry={(next) => {
            setEntry(next)
            void diagnose(next)
          }}
        />
      ) : null}
    </Dialog>
  )
}

function DiagnosisView({
  outcome,
  entryId,
  entry,
  onEntry,
}: {
  outcome: Outcome
  entryId: string
  entry: number
  onEntry: (entry: number) => void
}) {
  const headingId = useId()
  if (outcome.kind === 'unreadable') {
    return (
      <div className="form-alert" role="alert">
        The request could not be read: {outcome.reason}.
      </div>
    )
  }
  const { reading, explanation } = outcome
  const { request, diagnosis, judgedAt, information } = explanation
  return (
    <section className="diagnosis" aria-labelledby={headingId}>
      <h3 id={headingId}>Diagnosis</h3>
      <VerdictLine explanation={explanation} />
      {reading.entries ? (
        <p>
          <label htmlFor={entryId}>HAR entry </label>
          <select id={entryId} value={entry} onChange={(event) => onEntry(Number(event.target.value))}>
            {reading.entries.map((label, i) => (
              <option key={label} value={i}>
                {label}
              </option>
            ))}
          </select>
        </p>
      ) : null}
      <p className="muted">
        Read as {reading.format}: {request.method} <code>{request.url}</code>, {request.headers.length}{' '}
        headers; body {request.body ? `${request.body.length} bytes, ` : ''}
        {BODY_SOURCES[request.bodySource]}. Judged at {judgedAt.toUTCString()}.
        {reading.notes.length > 0 ? ` Note: ${reading.notes.join('; ')}.` : ''}
      </p>
      {information.length > 0 ? (
        <ul className="explain-information" aria-label="Information">
          {information.map((line) => (
            <li key={line}>{line}.</li>
          ))}
        </ul>
      ) : null}
      {diagnosis && diagnosis.findings.length > 0 ? (
        <ol className="findings">
          {diagnosis.findings.map((finding) => (
            <FindingItem key={`${finding.id}-${finding.title}`} finding={finding} />
          ))}
        </ol>
      ) : null}
      {diagnosis?.signingString !== undefined ? (
        <>
          <h4>The signing string the bank builds</h4>
          <pre className="signing-string">{diagnosis.signingString}</pre>
        </>
      ) : null}
      {diagnosis?.certificate ? (
        <p className="muted">
          Certificate ({diagnosis.certificate.source === 'pasted' ? 'pasted' : 'from the request'}): serial{' '}
          <code>{diagnosis.certificate.serialHex}</code>, issuer <code>{diagnosis.certificate.issuerDn}</code>
          , valid {diagnosis.certificate.notBefore.toISOString().slice(0, 10)} to{' '}
          {diagnosis.certificate.notAfter.toISOString().slice(0, 10)}.
        </p>
      ) : null}
    </section>
  )
}

/** Why the sandbox answers 400 before it looks at the signature (docs/decisions.md#error-order), if it does. */
function requestIdFaultOf(headers: Explanation['request']['headers']): string | undefined {
  const name = headerNames.requestId.toLowerCase()
  const value = headers.find(([header]) => header.toLowerCase() === name)?.[1]
  if (value === undefined) return 'is missing'
  return UUID.test(value) ? undefined : 'is not a UUID'
}

function VerdictLine({ explanation }: { explanation: Explanation }) {
  if (!explanation.diagnosis) {
    return (
      <p role="status" className="verdict">
        Nothing signed to judge: the console's proxy signs this request before it reaches the bank.
      </p>
    )
  }
  const [className, text] = verdictSentence(explanation.diagnosis, explanation)
  return (
    <p role="status" className={className}>
      {text}
    </p>
  )
}

/** The verdict's class and sentence, in the order the sandbox checks: X-Request-ID, then the signature. */
function verdictSentence(
  diagnosis: NonNullable<Explanation['diagnosis']>,
  { unverifiable, request }: Explanation,
): [className: string, text: string] {
  const refused = diagnosis.findings.filter((f) => f.verdict === 'refused').length
  const toFix = `${refused === 1 ? 'One problem' : `${refused} problems`} to fix`
  const requestIdFault = requestIdFaultOf(request.headers)
  if (requestIdFault) {
    const once = diagnosis.verdict.ok
      ? 'the signature passes'
      : `401 ${diagnosis.verdict.code}: ${toFix.toLowerCase()}`
    return [
      'verdict bad',
      `This sandbox refuses the request: 400 FORMAT_ERROR, X-Request-ID ${requestIdFault}, which is checked before the signature; once it is one, ${once}.`,
    ]
  }
  if (diagnosis.needsBody) {
    return [
      'verdict',
      'The Digest cannot be judged without the body: add the body file the curl command reads, and diagnose again.',
    ]
  }
  if (unverifiable) {
    return [
      'verdict',
      'Cannot be verified: redacted. The export redacted values the signature or the Digest covers; nothing else makes this sandbox refuse it.',
    ]
  }
  if (!diagnosis.verdict.ok) {
    return ['verdict bad', `This sandbox refuses the request: 401 ${diagnosis.verdict.code}. ${toFix}.`]
  }
  const problems = diagnosis.findings.filter((f) => f.verdict !== 'note')
  if (problems.length === 0) {
    return [
      'verdict ok',
      'No problem found: this sandbox accepts the request, and it follows the rules a bank applies.',
    ]
  }
  const findings = problems.length === 1 ? 'one finding' : `${problems.length} findings`
  return [
    'verdict ok',
    `This sandbox accepts the request, but ${findings} may make a stricter bank refuse it.`,
  ]
}

function FindingItem({ finding }: { finding: Finding }) {
  return (
    <li className={`finding finding-${finding.verdict}`}>
      <h4>
        <span className={`badge badge-${finding.verdict}`}>{BADGES[finding.verdict]}</span> {finding.title}
      </h4>
      <p>{finding.explanation}</p>
      <p>
        <strong>Fix:</strong> {finding.fix}
      </p>
      {finding.details.length > 0 ? (
        <dl className="finding-details">
          {finding.details.map((detail) => (
            <div key={detail.label}>
              <dt>{detail.label}</dt>
              <dd>
                <code>{detail.value}</code>
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </li>
  )
}
