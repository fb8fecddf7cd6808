import { type FormEvent, useId, useMemo, useState } from 'react'
import {
  ApiError,
  useSandboxClock,
  useSandboxOnlyAbsence,
  useSettleTransactions,
  useToday,
  useTransactionsPage,
} from '../../api'
import type { SettlementRequestInput } from '../../contract'
import { useAnnounce } from '../../ui/announcer'
import { Dialog } from '../../ui/Dialog'
import { focusFirstInvalid } from '../../ui/focus-invalid'
import { FormAlert } from '../../ui/Messages'
import { ApiErrorState } from '../ApiErrorState'
import { type AccountView, accountSummary } from '../card-accounts'
import { inLabelWords } from '../form-errors'
import { normaliseAmount, normaliseText, wholeNumberOf } from '../normalise'
import { useOneAtATime } from '../one-at-a-time'
import { type TransactionRow, transactionRows } from './rows'
import { noneOlderThan, type SettleProblems, settleProblems } from './settle-checks'

interface SettleDialogProps {
  account: AccountView
  corporateId: string | undefined
  onClose: () => void
}

/** The most pending transactions the dialog lists to pick from; "older than N days" reaches every one. */
const LISTED = 200

/**
 * What a settlement changes of the one transaction ticked alone (FX settlement): its id and its amount, in
 * its currency, each only when typed.
 */
function changesOfOne(only: TransactionRow, newId: string, newAmount: string) {
  return {
    ...(newId.trim() !== '' ? { newCardTransactionId: newId.trim() } : {}),
    ...(only.transactionAmount && newAmount.trim() !== ''
      ? {
          transactionAmount: {
            currency: only.transactionAmount.currency,
            amount: normaliseAmount(newAmount),
          },
        }
      : {}),
  }
}

/** The fields of {@link changesOfOne}, shown when one transaction alone is ticked. */
function ChangesOfOneFields({
  only,
  newId,
  newAmount,
  onNewId,
  onNewAmount,
}: {
  only: TransactionRow
  newId: string
  newAmount: string
  onNewId: (id: string) => void
  onNewAmount: (amount: string) => void
}) {
  const flip = signFlip(only.transactionAmount, newAmount)
  const flipId = useId()
  return (
    <div className="settle-one">
      <label>
        New cardTransactionId (optional){' '}
        <input
          value={newId}
          onChange={(e) => onNewId(e.target.value)}
          onBlur={(e) => onNewId(normaliseText(e.target.value))}
          placeholder={`blank keeps ${only.id}`}
        />
      </label>
      <label>
        Booked amount in {only.transactionAmount?.currency ?? 'the account currency'} (optional){' '}
        <input
          value={newAmount}
          inputMode="decimal"
          onChange={(e) => onNewAmount(e.target.value)}
          onBlur={(e) => onNewAmount(normaliseAmount(e.target.value))}
          placeholder={only.transactionAmount ? `blank keeps ${only.transactionAmount.amount}` : undefined}
          aria-describedby={flip ? flipId : undefined}
        />
      </label>
      {flip ? (
        <small id={flipId} className="note">
          {flip}
        </small>
      ) : null}
    </div>
  )
}

/**
 * Words for a booked amount whose sign is not the pending one's: allowed (a refund booked for a purchase
 * happens), but said, since a typed "+" on a debit is more often a slip than a refund.
 */
function signFlip(pending: TransactionRow['transactionAmount'], typed: string): string | undefined {
  const booked = Number(typed.trim())
  const was = Number(pending?.amount)
  if (pending === undefined || typed.trim() === '' || !booked || !was || booked > 0 === was > 0)
    return undefined
  const [now, then] = booked > 0 ? ['credit', 'debit'] : ['debit', 'credit']
  return `Booked as a ${now}, though it is pending as a ${then} (${pending.amount} ${pending.currency})`
}

/**
 * The pending transactions to tick, once read; said in words while they load, when there are none, and when
 * the sandbox refused to list them (a bank that books only), which is not the same as none.
 */
function PendingChoices({
  loading,
  error,
  rows,
  chosen,
  onToggle,
  problemId,
}: {
  loading: boolean
  error: Error | null
  rows: readonly TransactionRow[]
  chosen: ReadonlySet<string>
  onToggle: (id: string) => void
  /** The id of why nothing ticked is sent, while it is shown. */
  problemId: string | undefined
}) {
  if (loading) return <p className="muted">Loading the pending transactions…</p>
  if (error) return <ApiErrorState title="Could not list the pending transactions" error={error} />
  if (rows.length === 0) {
    return <p className="note">This card account has no pending transactions the console can name.</p>
  }
  // One group, named and described as a field is: no checkbox alone is what "tick one" is about. A group
  // takes no aria-invalid, so each checkbox carries it, and the first takes the focus on a refused submit.
  return (
    <fieldset className="settle-choices" aria-describedby={problemId}>
      <legend>Pending transactions to settle</legend>
      <ul className="settle-list">
        {rows.map((row) => (
          <li key={row.key}>
            <label>
              <input
                type="checkbox"
                checked={row.id !== undefined && chosen.has(row.id)}
                aria-invalid={problemId !== undefined}
                onChange={() => row.id !== undefined && onToggle(row.id)}
              />{' '}
              <code>{row.id}</code> {row.transactionDate}{' '}
              {row.transactionAmount
                ? `${row.transactionAmount.amount} ${row.transactionAmount.currency}`
                : ''}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  )
}

/** What is announced once the sandbox settled: how many, when its answer says. */
function settledWords(count: number | undefined): string {
  if (count === undefined) return 'Settled; the sandbox answered in a shape the console does not expect'
  return `${count} pending ${count === 1 ? 'transaction' : 'transactions'} settled as booked`
}

/** The sandbox's refusal in the words of the form's labels, or the error's own words when none came. */
function SettlementRefused({ error }: { error: Error }) {
  if (!(error instanceof ApiError)) return <FormAlert alert={error.message} />
  return (
    <FormAlert
      alert={error.messages.map((m) => ({ ...m, text: inLabelWords(m.path, m.text) }))}
      condition={error.condition}
    />
  )
}

/** A reason the settlement was not sent, under the field it is about and read out as it appears. */
function Problem({ id, text }: { id: string; text: string | undefined }) {
  if (text === undefined) return null
  return (
    <p id={id} className="field-error" role="alert">
      {text}
    </p>
  )
}

/** The attributes that tie a field to its {@link Problem}, when it has one. */
const describedBy = (id: string, problem: string | undefined) => ({
  'aria-invalid': problem !== undefined,
  'aria-describedby': problem === undefined ? undefined : id,
})

/**
 * Books pending transactions as a bank does: the ones ticked, or every one pending for more than N days,
 * on a booking date; one alone may get a new cardTransactionId and a new amount (FX settlement).
 */
export function SettleDialog({ account, corporateId, onClose }: SettleDialogProps) {
  const clock = useSandboxClock()
  const absence = useSandboxOnlyAbsence(clock.error)
  const today = useToday()
  const pending = useTransactionsPage(
    account.resourceId,
    { bookingStatus: 'pending', offset: 0, limit: LISTED },
    { corporateId, fix: false },
  )
  const settle = useSettleTransactions(account.resourceId, corporateId)
  const announce = useAnnounce()
  const once = useOneAtATime()
  const rows = useMemo(
    () =>
      pending.data?.kind === 'read'
        ? transactionRows(pending.data.value).filter((row) => row.pending && row.id !== undefined)
        : [],
    [pending.data],
  )
  const [how, setHow] = useState<'selected' | 'older'>('selected')
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set())
  const [olderThanText, setOlderThanText] = useState('3')
  const [bookingDate, setBookingDate] = useState(today)
  const [newId, setNewId] = useState('')
  const [newAmount, setNewAmount] = useState('')
  const [problems, setProblems] = useState<SettleProblems>({})
  const problemId = useId()
  const ticked = rows.filter((row) => row.id !== undefined && chosen.has(row.id))
  const only = how === 'selected' && ticked.length === 1 ? ticked[0] : undefined

  /** A change to what would be sent: the answers to the last attempt, the sandbox's or the dialog's, no longer hold. */
  const changing =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      settle.reset()
      setProblems({})
      set(value)
    }

  const toggle = changing((id: string) =>
    setChosen((current) => {
      const next = new Set(current)
      if (!next.delete(id)) next.add(id)
      return next
    }),
  )

  const olderThanDays = wholeNumberOf(olderThanText, 0) ?? 0

  const body = (): SettlementRequestInput =>
    how === 'older'
      ? { pendingForMoreThanDays: olderThanDays, bookingDate }
      : {
          bookingDate,
          transactions: [...chosen].map((cardTransactionId) => ({
            cardTransactionId,
            ...(only ? changesOfOne(only, newId, newAmount) : {}),
          })),
        }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const found = settleProblems({ how, ticked, olderThanText, bookingDate }, form)
    focusFirstInvalid(form, () => setProblems(found))
    if (Object.keys(found).length > 0) return
    void once(() =>
      settle.mutateAsync(body()).then(
        (answer) => {
          const count = answer.kind === 'read' ? answer.value.settled.length : undefined
          // Nothing old enough is the same "nothing to settle" as nothing ticked: the dialog stays, and says so.
          if (count === 0 && how === 'older') {
            return focusFirstInvalid(form, () => setProblems({ olderThan: noneOlderThan(olderThanDays) }))
          }
          announce(settledWords(count))
          onClose()
        },
        () => undefined,
      ),
    )
  }

  return (
    <Dialog
      help="transactions"
      title="Settle pending transactions"
      onClose={onClose}
      busy={settle.isPending}
      wide
    >
      <p className="muted">{accountSummary(account)}</p>
      {absence ? (
        <p className="note" role="status">
          {absence}
        </p>
      ) : (
        <form className="settle-form" onSubmit={submit} noValidate>
          <fieldset>
            <legend>Which</legend>
            <label>
              <input
                type="radio"
                checked={how === 'selected'}
                onChange={() => changing(setHow)('selected')}
              />{' '}
              The ones ticked below
            </label>
            <label>
              <input type="radio" checked={how === 'older'} onChange={() => changing(setHow)('older')} />{' '}
              Everything pending for more than{' '}
              <input
                type="number"
                min={0}
                aria-label="Days pending"
                value={olderThanText}
                {...describedBy(`${problemId}-days`, problems.olderThan)}
                // Typing a number of days is choosing this way: the radio follows, as a user expects.
                onChange={(e) => {
                  changing(setOlderThanText)(e.target.value)
                  setHow('older')
                }}
              />{' '}
              days
            </label>
            <Problem id={`${problemId}-days`} text={problems.olderThan} />
          </fieldset>
          {how === 'selected' ? (
            <PendingChoices
              loading={pending.isPending}
              error={pending.error}
              rows={rows}
              chosen={chosen}
              onToggle={toggle}
              problemId={problems.ticked === undefined ? undefined : `${problemId}-ticked`}
            />
          ) : null}
          <Problem id={`${problemId}-ticked`} text={problems.ticked} />
          <label>
            Booking date{' '}
            <input
              type="date"
              name="bookingDate"
              value={bookingDate}
              max={today}
              {...describedBy(`${problemId}-date`, problems.bookingDate)}
              onChange={(e) => changing(setBookingDate)(e.target.value)}
            />
          </label>
          <Problem id={`${problemId}-date`} text={problems.bookingDate} />
          {only ? (
            <ChangesOfOneFields
              only={only}
              newId={newId}
              newAmount={newAmount}
              onNewId={changing(setNewId)}
              onNewAmount={changing(setNewAmount)}
            />
          ) : null}
          {settle.error ? <SettlementRefused error={settle.error} /> : null}
          <div className="actions">
            <button type="button" onClick={onClose}>
              Cancel
            </button>
            {/* Enabled with nothing ticked: a disabled button cannot be reached by Tab nor say why, the submit can. */}
            <button type="submit" className="primary" disabled={settle.isPending}>
              Settle as booked
            </button>
          </div>
        </form>
      )}
    </Dialog>
  )
}
