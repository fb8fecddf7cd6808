import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { queryKeys, useApiClient, useToday } from '../../api'
import { MAX_BATCH, type TransactionCreateInput } from '../../contract'
import { generateTransactions } from '../../test-data/generate'
import { MAX_SEED } from '../../test-data/random'
import { useAnnounce } from '../../ui/announcer'
import { Dialog } from '../../ui/Dialog'
import { Field } from '../../ui/Field'
import { focusFirstInvalid } from '../../ui/focus-invalid'
import { ApiErrorState } from '../ApiErrorState'
import { notListedNote, useBooksOnly } from '../books-only'
import { type AccountView, accountSummary, useCorporateId } from '../card-accounts'
import { numberOf, wholeNumberOf, wholeNumberProblem } from '../normalise'
import { useOneAtATime } from '../one-at-a-time'
import { NO_DELETES, useDeletion } from '../use-deletion'
import { count } from './offline-data'
import { sayAfterReload, unsayAfterReload } from './reload-notes'

/** How many one run may generate: the size testers ask for to see how a client copes with a large account. */
export const MAX_GENERATE = 100_000

/**
 * A request's body stays under this many bytes, below the signing proxy's 1 MiB limit, so Generate works
 * in both modes; and it holds at most MAX_BATCH transactions, the operation's own limit.
 */
export const CHUNK_BYTES = 900_000

type Run =
  | { state: 'idle' }
  | { state: 'running'; sent: number; total: number }
  | { state: 'done' | 'cancelled'; sent: number; total: number }
  | { state: 'failed'; sent: number; total: number; error: Error }

interface GenerateDialogProps {
  account: AccountView
  onClose: () => void
  onDone: () => void
}

/**
 * A count's field as typed, read as a whole number from `min` to `max`, and what is wrong with it in its
 * label's words: checked here, not by the browser's bubble, as the limits are on screen. The text is kept,
 * not a number: a cleared or half-typed number is none (NaN), which a controlled input cannot show back.
 */
function useWholeNumber(initial: string, min: number, max: number, label: string) {
  const [text, setText] = useState(initial)
  return {
    text,
    setText,
    value: wholeNumberOf(text, min, max),
    problem: wholeNumberProblem(text, min, max, label),
  }
}

/** The run the fields ask for, once each holds a whole number in its range. */
function runAskedFor(total?: number, days?: number, seed?: number) {
  return total !== undefined && days !== undefined && seed !== undefined ? { total, days, seed } : undefined
}

/** N reproducible transactions over the last D days, sent in chunks with progress and a Cancel. */
export function GenerateDialog({ account, onClose, onDone }: GenerateDialogProps) {
  const api = useApiClient()
  const client = useQueryClient()
  const announce = useAnnounce()
  const booksOnly = useBooksOnly()
  const today = useToday()
  const totalField = useWholeNumber('1000', 1, MAX_GENERATE, 'Number of transactions')
  const daysField = useWholeNumber('90', 1, MAX_DAYS, 'Over the last … days')
  const seedField = useWholeNumber('1', 0, MAX_SEED, 'Seed')
  const [run, setRun] = useState<Run>({ state: 'idle' })
  const abort = useRef<AbortController>(undefined)
  const once = useOneAtATime()

  const [tried, setTried] = useState(false)
  const total = totalField.value
  const chosen = runAskedFor(total, daysField.value, seedField.value)

  const done = run.state === 'done'
  const form = useRef<HTMLFormElement>(null)
  const start = () => {
    focusFirstInvalid(form.current, () => setTried(true))
    if (chosen) void once(() => generate(chosen))
  }
  // After a run the form's default (Enter in a field) is Close: the same run again doubles the data, so it
  // is asked for by its own button only.
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (done) onClose()
    else start()
  }
  // A corporate account's writes send the PSU-Corporate-ID its reads send (spec §5.5).
  const [corporateId] = useCorporateId(account)
  const generate = async ({ total, days, seed }: { total: number; days: number; seed: number }) => {
    const controller = new AbortController()
    abort.current = controller
    const bodies = generateTransactions({
      count: total,
      days,
      seed,
      today,
      // An account known by id alone has no currency the console knows: the platform's own.
      currency: account.currency ?? 'NOK',
    })
    let sent = 0
    setRun({ state: 'running', sent, total })
    // Leaving the page (a reload, after its "Leave site?") stops the run between two batches: the page it
    // opens says how far it got, since the same seed again would add every transaction again. Dropped only
    // where the run ends in sight (done, or cancelled): a leave fails the batch on its way like a network
    // error, and the failure's own code may still run as the page goes.
    const cutShort = () =>
      sayAfterReload(
        account.resourceId,
        `A Generate run stopped before its end: ${sent.toLocaleString('en')} of ${total.toLocaleString('en')} transactions sent (seed ${seed}); the batch on its way then may be stored too. The same seed again adds every one of them again.`,
      )
    try {
      for (const chunk of chunksOf(bodies)) {
        cutShort()
        await api.createTransactions(account.resourceId, chunk, {
          signal: controller.signal,
          corporateId: corporateId || undefined,
        })
        sent += chunk.length
        setRun({ state: 'running', sent, total })
      }
      setRun({ state: 'done', sent, total })
      unsayAfterReload()
      onDone()
      // A bank that books only lists none of the pending ones: said, so the rows shown are not a puzzle.
      announce(`${count(sent, 'transaction')} created${notListedNote(booksOnly, bodies)}`)
    } catch (error) {
      if (controller.signal.aborted) {
        setRun({ state: 'cancelled', sent, total })
        unsayAfterReload()
        announce(`Cancelled: ${count(sent, 'transaction')} of ${total.toLocaleString('en')} stored`)
      } else {
        setRun({
          state: 'failed',
          sent,
          total,
          error: error instanceof Error ? error : new Error(String(error)),
        })
      }
    } finally {
      await client.invalidateQueries({ queryKey: queryKeys.transactions(account.resourceId) })
    }
  }

  const running = run.state === 'running'
  const cancelButton = useRef<HTMLButtonElement>(null)
  const closeButton = useRef<HTMLButtonElement>(null)
  // The focused Generate button gives way to Cancel while sending, and Cancel to Close at the end: focus
  // follows, or it fell to the page's body and a keyboard user lost their place.
  useEffect(() => {
    if (run.state === 'idle') return
    ;(run.state === 'running' ? cancelButton : closeButton).current?.focus()
  }, [run.state])

  return (
    <Dialog help="test-data" title="Generate transactions" onClose={onClose} busy={running}>
      <form ref={form} className="form" onSubmit={submit} noValidate>
        <p className="muted">
          For {accountSummary(account)}; the same seed always gives the same transactions.
        </p>
        <StaysForGood />
        <div className="form-grid">
          <Field
            label="Number of transactions"
            hint={`1 to ${MAX_GENERATE.toLocaleString('en')}`}
            error={tried || numberOf(totalField.text) > MAX_GENERATE ? totalField.problem : undefined}
          >
            {(c) => (
              <input
                {...c}
                type="number"
                min={1}
                max={MAX_GENERATE}
                step={1}
                value={totalField.text}
                disabled={running}
                onChange={(e) => totalField.setText(e.target.value)}
              />
            )}
          </Field>
          <Field
            label="Over the last … days"
            hint={`1 to ${MAX_DAYS.toLocaleString('en')}`}
            error={tried ? daysField.problem : undefined}
          >
            {(c) => (
              <input
                {...c}
                type="number"
                min={1}
                max={MAX_DAYS}
                step={1}
                value={daysField.text}
                disabled={running}
                onChange={(e) => daysField.setText(e.target.value)}
              />
            )}
          </Field>
          <Field label="Seed" error={tried ? seedField.problem : undefined}>
            {(c) => (
              <input
                {...c}
                type="number"
                step={1}
                min={0}
                value={seedField.text}
                disabled={running}
                onChange={(e) => seedField.setText(e.target.value)}
              />
            )}
          </Field>
        </div>
        {run.state !== 'idle' ? (
          <div className="progress">
            <label>
              {progressText(run)}
              <progress value={run.sent} max={run.total} />
            </label>
          </div>
        ) : null}
        {run.state === 'failed' ? (
          <ApiErrorState title={`Stopped after ${count(run.sent, 'transaction')}`} error={run.error} />
        ) : null}
        <footer className="dialog-actions">
          {running ? (
            <button ref={cancelButton} type="button" onClick={() => abort.current?.abort()}>
              Cancel
            </button>
          ) : done ? (
            <>
              <button type="button" onClick={start}>
                {total === undefined ? 'Generate more' : `Generate ${total.toLocaleString('en')} more`}
              </button>
              <button ref={closeButton} type="submit" className="primary">
                Close
              </button>
            </>
          ) : (
            <>
              <button ref={closeButton} type="button" onClick={onClose}>
                Close
              </button>
              <button type="submit" className="primary">
                {total === undefined ? 'Generate' : `Generate ${total.toLocaleString('en')}`}
              </button>
            </>
          )}
        </footer>
      </form>
    </Dialog>
  )
}

const MAX_DAYS = 3650

/**
 * The bodies in the order given, as requests of at most MAX_BATCH transactions and CHUNK_BYTES bytes:
 * as few requests as the limits allow, since each is signed, verified and stored as one.
 */
const NON_ASCII = /[\u0080-\uffff]/

export function chunksOf(bodies: readonly TransactionCreateInput[]): TransactionCreateInput[][] {
  const chunks: TransactionCreateInput[][] = []
  let chunk: TransactionCreateInput[] = []
  let bytes = 2
  const encoder = new TextEncoder()
  for (const body of bodies) {
    // Its JSON in UTF-8, plus the comma that joins it to the others (ASCII text is one byte a character).
    const text = JSON.stringify(body)
    const size = (NON_ASCII.test(text) ? encoder.encode(text).length : text.length) + 1
    if (chunk.length > 0 && (chunk.length === MAX_BATCH || bytes + size > CHUNK_BYTES)) {
      chunks.push(chunk)
      chunk = []
      bytes = 2
    }
    chunk.push(body)
    bytes += size
  }
  if (chunk.length > 0) chunks.push(chunk)
  return chunks
}

function progressText(run: Exclude<Run, { state: 'idle' }>): string {
  const of = `${run.sent.toLocaleString('en')} of ${run.total.toLocaleString('en')}`
  switch (run.state) {
    case 'running':
      return `${of} sent…`
    case 'done':
      return `Done: ${of} transactions created.`
    case 'cancelled':
      return `Cancelled: ${of} transactions stored.`
    case 'failed':
      return `Failed: ${of} transactions stored.`
  }
}

/** A bank, or a sandbox shaped like one, keeps every write: said before the first is sent. */
function StaysForGood() {
  const deletion = useDeletion()
  if (!deletion.writesStay) return null
  return <p className="note">{NO_DELETES}: the transactions it generates stay there for good.</p>
}
