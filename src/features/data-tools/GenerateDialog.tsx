import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useRef, useState } from 'react'
import { queryKeys, useApiClient, useToday } from '../../api'
import { MAX_BATCH } from '../../contract'
import { useAnnounce } from '../../ui/announcer'
import { Dialog } from '../../ui/Dialog'
import { ApiErrorState } from '../ApiErrorState'
import type { AccountView } from '../card-accounts/account-view'
import { accountSummary } from '../card-accounts/format'
import { useOneAtATime } from '../one-at-a-time'
import { count } from './offline-data'

/** Requests stay small enough for the proxy's body limit and show progress often. */
export const CHUNK = 500

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

/** N reproducible transactions over the last D days, sent in chunks with progress and a Cancel. */
export function GenerateDialog({ account, onClose, onDone }: GenerateDialogProps) {
  const api = useApiClient()
  const client = useQueryClient()
  const announce = useAnnounce()
  const today = useToday()
  const [total, setTotal] = useState(1000)
  const [days, setDays] = useState(90)
  const [seed, setSeed] = useState(1)
  const [run, setRun] = useState<Run>({ state: 'idle' })
  const abort = useRef<AbortController>(undefined)
  const once = useOneAtATime()

  const [problems, setProblems] = useState<GenerateProblems>({})
  const start = (event: FormEvent) => {
    event.preventDefault()
    const found = generateProblems(total, days, seed)
    setProblems(found)
    if (Object.keys(found).length === 0) void once(generate)
  }
  const invalid = (field: keyof GenerateProblems) =>
    problems[field] === undefined
      ? {}
      : { 'aria-invalid': true, 'aria-describedby': `generate-${field}-error` }
  const problemOf = (field: keyof GenerateProblems) =>
    problems[field] === undefined ? null : (
      <small id={`generate-${field}-error`} className="field-error">
        {problems[field]}
      </small>
    )

  const generate = async () => {
    const controller = new AbortController()
    abort.current = controller
    const { generateTransactions } = await import('../../test-data/generate')
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
    try {
      for (let i = 0; i < bodies.length; i += CHUNK) {
        const chunk = bodies.slice(i, i + CHUNK)
        await api.createTransactions(account.resourceId, chunk, { signal: controller.signal })
        sent += chunk.length
        setRun({ state: 'running', sent, total })
      }
      setRun({ state: 'done', sent, total })
      onDone()
      announce(`${count(sent, 'transaction')} created`)
    } catch (error) {
      if (controller.signal.aborted) {
        setRun({ state: 'cancelled', sent, total })
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
  return (
    <Dialog title="Generate transactions" onClose={onClose} busy={running}>
      <form className="form" onSubmit={start} noValidate>
        <p className="muted">
          For {accountSummary(account)}; the same seed always gives the same transactions.
        </p>
        <div className="form-grid">
          <div className="field">
            <label>
              Number of transactions
              <input
                type="number"
                min={1}
                max={MAX_BATCH}
                step={1}
                required
                value={total}
                disabled={running}
                onChange={(e) => setTotal(e.target.valueAsNumber)}
                {...invalid('total')}
              />
            </label>
            {problemOf('total')}
          </div>
          <div className="field">
            <label>
              Over the last … days
              <input
                type="number"
                min={1}
                max={3650}
                step={1}
                required
                value={days}
                disabled={running}
                onChange={(e) => setDays(e.target.valueAsNumber)}
                {...invalid('days')}
              />
            </label>
            {problemOf('days')}
          </div>
          <div className="field">
            <label>
              Seed
              <input
                type="number"
                step={1}
                min={0}
                required
                value={seed}
                disabled={running}
                onChange={(e) => setSeed(e.target.valueAsNumber)}
                {...invalid('seed')}
              />
            </label>
            {problemOf('seed')}
          </div>
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
            <button type="button" onClick={() => abort.current?.abort()}>
              Cancel
            </button>
          ) : (
            <>
              <button type="button" onClick={onClose}>
                Close
              </button>
              <button type="submit" className="primary">
                Generate {Number.isFinite(total) ? total.toLocaleString('en') : ''}
              </button>
            </>
          )}
        </footer>
      </form>
    </Dialog>
  )
}

type GenerateProblems = Partial<Record<'total' | 'days' | 'seed', string>>

/** The dialog's limits, said with the field's label before anything is sent. */
export function generateProblems(total: number, days: number, seed: number): GenerateProblems {
  const whole = (value: number, min: number, max: number) =>
    Number.isInteger(value) && value >= min && value <= max
  const problems: GenerateProblems = {}
  if (!whole(total, 1, MAX_BATCH)) {
    problems.total = `Number of transactions must be a whole number from 1 to ${MAX_BATCH.toLocaleString('en')}`
  }
  if (!whole(days, 1, 3650)) problems.days = 'Over the last … days must be a whole number from 1 to 3,650'
  if (!whole(seed, 0, Number.MAX_SAFE_INTEGER)) problems.seed = 'Seed must be a whole number, 0 or more'
  return problems
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
