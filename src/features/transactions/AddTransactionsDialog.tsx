import { zodResolver } from '@hookform/resolvers/zod'
import { type FormEvent, useMemo, useState } from 'react'
import { type Path, useFieldArray, useForm } from 'react-hook-form'
import { type CreatedTransactions, type Creation, useCreateTransactions, useToday } from '../../api'
import { createdBookingStatuses, type TppMessage, TRANSACTION_DETAILS_MAX } from '../../contract'
import { CharacterCount } from '../../ui/CharacterCount'
import { Dialog, DialogCancel } from '../../ui/Dialog'
import { FormAlert } from '../../ui/Messages'
import { notListedNote, useBooksOnly } from '../books-only'
import { type AccountView, accountSummary, useCorporateId } from '../card-accounts'
import {
  type FormFailure,
  formFailure,
  inLabelWords,
  inLabelWordsResolver,
  markFields,
  rowIndex,
} from '../form-errors'
import { normaliseAmount, normaliseCurrency, normalisedOnBlur } from '../normalise'
import { useOneAtATime } from '../one-at-a-time'
import { MCC_LIST_ID, MerchantCategoryList } from './mcc'
import {
  blankRow,
  isRowField,
  moreRowFields,
  requiredRowFields,
  type TransactionFormRow,
  type TransactionFormValues,
  transactionFormSchema,
} from './transaction-form'
import { useRefusesDatesAfter } from './use-refuses-dates-after'

export interface SentBatch {
  /** The batch's size. */
  sent: number
  /**
   * Whether the bank lists booked transactions only: known here, in the form's chunk, so what knows it
   * (the probe's last checks) stays out of the page's initial JavaScript.
   */
  booksOnly: boolean
  /** What follows "N transactions created" when the bank's list will not show some of them; else ''. */
  notListed: string
}

interface AddTransactionsDialogProps {
  account: AccountView
  onClose: () => void
  /** The answer may not list what was stored (no body, another shape): `batch` says what was sent. */
  onCreated: (created: Creation<CreatedTransactions>, batch: SentBatch) => void
  /** "Duplicate and edit": the rows the form starts with, instead of one blank row. */
  initial?: TransactionFormRow[] | undefined
}

/** One transaction or a batch; a refused batch marks the rows and fields the sandbox named. */
export function AddTransactionsDialog({ account, onClose, onCreated, initial }: AddTransactionsDialogProps) {
  // A corporate account's writes send the PSU-Corporate-ID its reads send (spec §5.5).
  const [corporateId] = useCorporateId(account)
  const create = useCreateTransactions(account.resourceId, corporateId || undefined)
  const once = useOneAtATime()
  // The sandbox clock's today, so a moved clock's default dates are ones it accepts.
  const today = useToday()
  const refusesDatesAfter = useRefusesDatesAfter()
  const booksOnly = useBooksOnly()
  // Built again only when the sandbox's today changes, not at every keystroke's render.
  const schema = useMemo(() => transactionFormSchema(refusesDatesAfter), [refusesDatesAfter])
  // With the tester's condition that shaped the refusal, named beside it as the inspector names it.
  const [alert, setAlert] = useState<FormFailure>()
  const [rowMessages, setRowMessages] = useState<Map<number, TppMessage[]>>(new Map())
  const {
    control,
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isDirty, isSubmitting },
  } = useForm({
    resolver: inLabelWordsResolver(zodResolver(schema)),
    defaultValues: { transactions: initial ?? [blankRow(account.currency ?? '', today)] },
  })
  const { fields, append, remove } = useFieldArray({ control, name: 'transactions' })
  const typed = watch('transactions')
  const statuses = typed.map((row) => row.bookingStatus)

  // Every attempt drops the last answer first: one the form stops before sending must not stand under it.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    setAlert(undefined)
    setRowMessages(new Map())
    return handleSubmit(({ transactions }) => once(() => submit(transactions)))(event)
  }
  const submit = async (transactions: Parameters<typeof create.mutateAsync>[0]) => {
    try {
      onCreated(await create.mutateAsync(transactions), {
        sent: transactions.length,
        booksOnly,
        notListed: notListedNote(booksOnly, transactions),
      })
    } catch (error) {
      // A message naming a row but no field of it is shown under that row; the others in the alert.
      const markRows = (messages: readonly TppMessage[]) => {
        const rest = markFields(
          messages,
          (name) => isRowField(name, fields.length),
          (name, m) => setError(name as Path<TransactionFormValues>, { type: 'server', message: m.text }),
          'transactions',
        )
        const byRow = new Map<number, TppMessage[]>()
        const general: TppMessage[] = []
        for (const m of rest) {
          const row = rowIndex(m.path)
          if (row !== undefined && row < fields.length) byRow.set(row, [...(byRow.get(row) ?? []), m])
          else general.push(m)
        }
        setRowMessages(byRow)
        return general
      }
      setAlert(
        formFailure(
          error,
          markRows,
          'The sandbox refused the batch and stored nothing: see the marked rows.',
        ),
      )
    }
  }

  const batchError = errors.transactions?.root?.message ?? errors.transactions?.message
  return (
    <Dialog
      help="transactions"
      title={`${initial ? 'Duplicate and edit' : 'Add transactions'} · ${accountSummary(account)}`}
      onClose={onClose}
      confirmDiscard={isDirty ? discardQuestion(fields.length) : undefined}
      wide
    >
      <form onSubmit={onSubmit} noValidate className="form">
        <MerchantCategoryList />
        <div className="table-scroll">
          <table className="batch">
            <thead>
              <tr>
                <th scope="col">Row</th>
                <th scope="col">Status</th>
                <th scope="col">Tx date</th>
                <th scope="col">Booking date</th>
                <th scope="col">Amount</th>
                <th scope="col">Original amount (optional)</th>
                <th scope="col">MCC</th>
                <th scope="col">Transaction id (optional)</th>
                <th scope="col">
                  <span className="visually-hidden">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {fields.map((field, i) => {
                const rowErrors = errors.transactions?.[i]
                const messages = rowMessageList(rowErrors, rowMessages.get(i) ?? [])
                const messageId = (n: number) => `batch-row-${field.id}-error-${n}`
                const label = (what: string) => `Row ${i + 1} ${what}`
                const input = (
                  name: Path<TransactionFormValues>,
                  what: string,
                  normalise?: (value: string) => string,
                ) => ({
                  ...(normalise ? normalisedOnBlur(register(name), normalise) : register(name)),
                  'aria-label': label(what),
                  'aria-required':
                    requiredRowFields.has(name.slice(`transactions.${i}.`.length)) || undefined,
                  ...describedByOwn(messages, name.slice(`transactions.${i}.`.length), messageId),
                })
                const pending = statuses[i] === 'pending'
                // A hint, not a refusal: the sandbox stores the row, its list never shows it.
                const notListedId = booksOnly && pending ? `batch-row-${field.id}-not-listed` : undefined
                const statusInput = input(`transactions.${i}.bookingStatus`, 'status')
                return [
                  <tr key={field.id} className={messages.length > 0 ? 'row-failed' : undefined}>
                    <th scope="row">{i + 1}</th>
                    <td>
                      <select
                        {...statusInput}
                        aria-describedby={
                          [statusInput['aria-describedby'], notListedId].filter(Boolean).join(' ') ||
                          undefined
                        }
                      >
                        {createdBookingStatuses.map((status) => (
                          <option key={status}>{status}</option>
                        ))}
                      </select>
                      {notListedId ? (
                        <small id={notListedId} className="hint">
                          this bank lists booked transactions only
                        </small>
                      ) : null}
                    </td>
                    <td>
                      <input
                        type="date"
                        {...input(`transactions.${i}.transactionDate`, 'transaction date')}
                      />
                    </td>
                    <td>
                      {pending ? (
                        <span className="muted">none while pending</span>
                      ) : (
                        <input type="date" {...input(`transactions.${i}.bookingDate`, 'booking date')} />
                      )}
                    </td>
                    <td className="amount-pair">
                      <input
                        {...input(`transactions.${i}.transactionAmount.amount`, 'amount', normaliseAmount)}
                        inputMode="decimal"
                        placeholder="e.g. -100.50"
                        size={10}
                      />
                      <input
                        {...input(
                          `transactions.${i}.transactionAmount.currency`,
                          'amount currency',
                          normaliseCurrency,
                        )}
                        size={3}
                      />
                    </td>
                    <td className="amount-pair">
                      <input
                        {...input(
                          `transactions.${i}.originalAmount.amount`,
                          'original amount',
                          normaliseAmount,
                        )}
                        inputMode="decimal"
                        placeholder="as Amount"
                        size={10}
                      />
                      <input
                        {...input(
                          `transactions.${i}.originalAmount.currency`,
                          'original currency',
                          normaliseCurrency,
                        )}
                        placeholder="as Amount"
                        size={8}
                      />
                    </td>
                    <td>
                      <input
                        {...input(`transactions.${i}.merchantCategoryCode`, 'MCC')}
                        list={MCC_LIST_ID}
                        size={9}
                        placeholder="e.g. 5411"
                      />
                    </td>
                    <td>
                      <input {...input(`transactions.${i}.cardTransactionId`, 'transaction id')} size={10} />
                    </td>
                    <td>
                      <button
                        type="button"
                        className="icon-button"
                        aria-label={`Remove row ${i + 1}`}
                        disabled={fields.length === 1}
                        onClick={() => remove(i)}
                      >
                        ×
                      </button>
                    </td>
                  </tr>,
                  <tr key={`${field.id}-more`} className="row-more">
                    <td colSpan={9}>
                      <MoreFields
                        row={i}
                        input={input}
                        details={typed[i]?.transactionDetails ?? ''}
                        open={hasMoreErrors(rowErrors)}
                      />
                    </td>
                  </tr>,
                  messages.length > 0 ? (
                    <tr key={`${field.id}-error`} className="row-errors">
                      <td colSpan={9}>
                        <strong>Row {i + 1}:</strong>{' '}
                        <ul>
                          {messages.map((m, n) => (
                            <li key={m.key} id={messageId(n)} className="row-error">
                              {m.text}
                            </li>
                          ))}
                        </ul>
                      </td>
                    </tr>
                  ) : null,
                ]
              })}
            </tbody>
          </table>
        </div>
        <p>
          <button
            type="button"
            onClick={() => {
              const last = watch(`transactions.${fields.length - 1}`)
              append(copyDates(blankRow(account.currency ?? '', today), last))
            }}
          >
            + Add row
          </button>
        </p>
        {batchError ? (
          <p className="field-error" role="alert">
            {batchError}
          </p>
        ) : null}
        <FormAlert alert={alert?.shown} condition={alert?.condition} />
        <footer className="dialog-actions">
          <DialogCancel />
          <button type="submit" className="primary" disabled={isSubmitting}>
            {isSubmitting
              ? 'Sending…'
              : fields.length === 1
                ? 'Add transaction'
                : `Add ${fields.length} transactions`}
          </button>
        </footer>
      </form>
    </Dialog>
  )
}

/** Names what closing would throw away: every row on screen, as the submit button counts them. */
function discardQuestion(rows: number): string {
  return rows === 1 ? 'Discard the transaction you typed?' : `Discard the ${rows} transactions you typed?`
}

type InputProps = (
  name: Path<TransactionFormValues>,
  what: string,
  normalise?: (value: string) => string,
) => Record<string, unknown>

/** One row's "All fields": the platform's fields, each sent only when filled in. */
function MoreFields({
  row,
  input,
  details,
  open,
}: {
  row: number
  input: InputProps
  /** As typed, counted as the account form counts its Name: the limit is known before the sandbox says it. */
  details: string
  open: boolean
}) {
  const [shown, setShown] = useState(false)
  const at = (field: string) => `transactions.${row}.${field}` as Path<TransactionFormValues>
  const detailsCountId = `more-row-${row}-details-count`
  const detailsInput = input(at('transactionDetails'), 'transaction details')
  const text = (
    field: string,
    label: string,
    extra: Record<string, unknown> = {},
    normalise?: (value: string) => string,
  ) => (
    <label>
      {label}
      <input {...input(at(field), label.toLowerCase(), normalise)} {...extra} />
    </label>
  )
  return (
    <details open={open || shown} onToggle={(e) => setShown(e.currentTarget.open)}>
      <summary>All fields of row {row + 1}</summary>
      <div className="more-grid">
        {text('valueDate', 'Value date', { type: 'date' })}
        {text('terminalId', 'Terminal id')}
        {text('cardAcceptorId', 'Card acceptor id')}
        {text('maskedPan', 'Masked PAN', { placeholder: 'e.g. 525412******3241' })}
        {text(
          'markupFee.amount',
          'Markup fee amount',
          { inputMode: 'decimal', placeholder: 'e.g. 10.00' },
          normaliseAmount,
        )}
        {text('markupFee.currency', 'Markup fee currency', {}, normaliseCurrency)}
        {text('markupFeePercentage', 'Markup fee percentage', {
          inputMode: 'decimal',
          placeholder: 'e.g. 2.5',
        })}
        <label>
          Invoiced
          <select {...input(at('invoiced'), 'invoiced')}>
            <option value="">not sent</option>
            <option value="true">true</option>
            <option value="false">false</option>
          </select>
        </label>
        <label>
          Transaction details
          <input
            {...detailsInput}
            aria-describedby={[detailsInput['aria-describedby'], detailsCountId].filter(Boolean).join(' ')}
          />
          <small className="hint" id={detailsCountId}>
            <CharacterCount text={details} max={TRANSACTION_DETAILS_MAX} />
          </small>
        </label>
        {text('proprietaryBankTransactionCode', 'Bank transaction code')}
        {text('cardAcceptorAddress.street', 'Street')}
        {text('cardAcceptorAddress.buildingNumber', 'Building number')}
        {text('cardAcceptorAddress.postalCode', 'Postal code')}
        {text('cardAcceptorAddress.city', 'City')}
        {text('cardAcceptorAddress.country', 'Country', { placeholder: 'e.g. NO' })}
      </div>
    </details>
  )
}

const moreFields = new Set(moreRowFields().map((name) => name.split('.')[0]))

/** Whether a row's errors include one of its "All fields": then they open by themselves. */
function hasMoreErrors(rowErrors: unknown): boolean {
  return (
    typeof rowErrors === 'object' &&
    rowErrors !== null &&
    Object.keys(rowErrors).some((key) => moreFields.has(key))
  )
}

/** A new row starts on the previous row's dates and status: batches usually share them. */
function copyDates(row: TransactionFormRow, previous: TransactionFormRow | undefined): TransactionFormRow {
  if (!previous) return row
  const { bookingStatus, transactionDate, bookingDate } = previous
  return { ...row, bookingStatus, transactionDate, bookingDate }
}

const text = (m: TppMessage) => inLabelWords(m.path, m.text)

/** A row's fields in the order the row shows them, left to right: its errors are listed in that order. */
const SHOWN_ORDER = [
  'bookingStatus',
  'transactionDate',
  'bookingDate',
  'transactionAmount',
  'originalAmount',
  'amount',
  'currency',
  'merchantCategoryCode',
  'cardTransactionId',
]
const shownAt = (key: string) => {
  const at = SHOWN_ORDER.indexOf(key)
  return at < 0 ? SHOWN_ORDER.length : at
}

/** A message shown under a row: about one of its fields (its path in the row), or about the row as a whole. */
interface RowMessage {
  key: string
  text: string
  field?: string
}

/**
 * Every message in one row's error tree with the field it is about, already in the words of the fields'
 * labels, in `SHOWN_ORDER`.
 */
function fieldMessages(node: unknown, at = ''): RowMessage[] {
  if (typeof node !== 'object' || node === null) return []
  const { message } = node as { message?: unknown }
  if (typeof message === 'string') return [{ key: at, text: message, field: at }]
  return Object.entries(node)
    .filter(([key]) => key !== 'ref')
    .sort(([a], [b]) => shownAt(a) - shownAt(b))
    .flatMap(([key, value]) => fieldMessages(value, at === '' ? key : `${at}.${key}`))
}

/** A row's messages: its fields' first, then the sandbox's that name the row but no field of it. */
function rowMessageList(rowErrors: unknown, aboutRow: readonly TppMessage[]): RowMessage[] {
  return [...fieldMessages(rowErrors), ...aboutRow.map((m) => ({ key: `row: ${m.text}`, text: text(m) }))]
}

/**
 * A field of a row marked invalid and described by its own messages (those about it or a part holding it,
 * `transactionAmount` for `transactionAmount.amount`) and no other: a screen reader reads, on each field,
 * what is wrong with that field only.
 */
function describedByOwn(messages: readonly RowMessage[], field: string, idOf: (n: number) => string) {
  const own = messages.flatMap((m, n) =>
    m.field !== undefined && (field === m.field || field.startsWith(`${m.field}.`)) ? [idOf(n)] : [],
  )
  return { 'aria-invalid': own.length > 0, 'aria-describedby': own.length > 0 ? own.join(' ') : undefined }
}
