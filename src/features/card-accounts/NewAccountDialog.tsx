import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useRef, useState } from 'react'
import { Controller, type FieldErrors, type Path, useFieldArray, useForm } from 'react-hook-form'
import {
  type AccountCreation,
  showJson,
  useCreateCardAccount,
  useLongerName,
  useOpenAccount,
} from '../../api'
import {
  customerTypes,
  LONGER_NAME_MAX,
  NAME_MAX,
  PRODUCT_MAX,
  type TppMessage,
  testCustomers,
} from '../../contract'
import { CharacterCount } from '../../ui/CharacterCount'
import { Dialog, DialogCancel } from '../../ui/Dialog'
import { Field } from '../../ui/Field'
import { FormAlert } from '../../ui/Messages'
import { type FormFailure, formFailure, inLabelWordsResolver, markFields } from '../form-errors'
import { LongerNameToggle } from '../LongerNameToggle'
import { LONGER_NAMES_LABEL } from '../longer-names'
import {
  normaliseAmount,
  normaliseCardNumber,
  normaliseCurrency,
  normaliseDigits,
  normalisedOnBlur,
  normaliseText,
} from '../normalise'
import { useOneAtATime } from '../one-at-a-time'
import { maskValuesIn, PersonalInput, usePresenter, useShownPersonal } from '../presenter'
import {
  type AccountFormValues,
  accountFormDefaults,
  accountFormSchemaFor,
  accountMessage,
  balanceTypes,
  blankBalance,
  isAccountField,
  isPlatformAccountField,
  statusSuggestions,
} from './account-form'

/** What the app is told of a created account. */
export interface CreatedAccount {
  id: string
  maskedPan: string | undefined
  /** Said after "created; " when the sandbox's answer was not the account object. */
  note: string | undefined
}

interface NewAccountDialogProps {
  onClose: () => void
  onCreated: (account: CreatedAccount) => void
}

/** A 201 the console could not take the new account's id from: the tester is asked for it. */
type Unidentified = Exclude<AccountCreation, { kind: 'read' }>

export function NewAccountDialog({ onClose, onCreated }: NewAccountDialogProps) {
  const create = useCreateCardAccount()
  const once = useOneAtATime()
  // With the tester's condition that shaped the refusal, named beside it as the inspector names it.
  const [alert, setAlert] = useState<FormFailure>()
  const [unidentified, setUnidentified] = useState<Unidentified>()
  const [moreOpen, setMoreOpen] = useState(false)
  const longerName = useLongerName()
  const presenting = usePresenter()
  const shown = useShownPersonal()
  const nameMax = longerName ? LONGER_NAME_MAX : NAME_MAX
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    trigger,
    watch,
    formState: { errors, isDirty, isSubmitting, isSubmitted },
  } = useForm({
    resolver: inLabelWordsResolver(zodResolver(accountFormSchemaFor({ longerName })), accountMessage),
    defaultValues: accountFormDefaults,
  })
  const balances = useFieldArray({ control, name: 'balances' })
  // What a field will send is shown once it is left, so the form never holds one value and sends another.
  const normalised = (name: Path<AccountFormValues>, normalise: (value: string) => string) =>
    normalisedOnBlur(register(name), normalise)
  const moreErrors = Object.keys(errors).some(isPlatformAccountField)
  useEffect(() => {
    if (moreErrors) setMoreOpen(true)
  }, [moreErrors])
  // The limit moved under a name already marked too long: the mark must follow it, not wait for a keystroke.
  const checkedFor = useRef(nameMax)
  useEffect(() => {
    if (checkedFor.current === nameMax) return
    checkedFor.current = nameMax
    if (isSubmitted) void trigger('name')
  }, [nameMax, isSubmitted, trigger])

  // The contract's and the sandbox's words may quote a customer number (their example is a test customer).
  const customerMessage = errors.customerNumber?.message
  const customerError =
    customerMessage === undefined || !presenting
      ? customerMessage
      : maskValuesIn(customerMessage, [...Object.values(testCustomers), watch('customerNumber')])
  // Not a rule of the sandbox, which takes any customer: a slip a tester would want to hear of first.
  const typedCustomer = watch('customerNumber')
  const typedType = watch('customerType')
  const otherTestCustomer = customerTypes.find(
    (type) => type !== typedType && testCustomers[type] === normaliseDigits(typedCustomer ?? ''),
  )
  const customerMismatch =
    otherTestCustomer === undefined
      ? undefined
      : `. Note: ${shown(testCustomers[otherTestCustomer])} is the ${otherTestCustomer} test customer, and this account is ${typedType}`
  const onSubmit = handleSubmit((body) => once(() => submit(body)))
  const submit = async (body: Parameters<typeof create.mutateAsync>[0]) => {
    setAlert(undefined)
    try {
      const created = await create.mutateAsync(body)
      if (created.id === undefined) {
        setUnidentified(created.kind === 'read' ? undefined : created)
        return
      }
      onCreated({
        id: created.id,
        maskedPan: created.kind === 'read' ? created.value.maskedPan : body.maskedPan,
        note: creationNote(created),
      })
    } catch (error) {
      const markAccountFields = (messages: readonly TppMessage[]) =>
        markFields(
          messages,
          (name) => isAccountField(name, balances.fields.length),
          (name, m) => setError(name as Path<AccountFormValues>, { type: 'server', message: m.text }),
        )
      setAlert(
        formFailure(error, markAccountFields, 'The sandbox refused the account: see the marked fields.'),
      )
    }
  }

  if (unidentified) {
    return (
      <AskForId
        created={unidentified}
        maskedPan={watch('maskedPan')}
        onClose={onClose}
        onOpened={(id) => onCreated({ id, maskedPan: watch('maskedPan'), note: creationNote(unidentified) })}
      />
    )
  }

  return (
    <Dialog
      help="accounts"
      title="New card account"
      onClose={onClose}
      confirmDiscard={isDirty ? 'Discard the new card account you typed?' : undefined}
    >
      <form onSubmit={onSubmit} noValidate className="form">
        <div className="form-grid">
          <Field
            label="Masked PAN"
            required
            error={errors.maskedPan?.message}
            hint="Digits with the middle masked by *"
          >
            {(c) => (
              <input
                {...c}
                {...normalised('maskedPan', normaliseCardNumber)}
                autoComplete="off"
                placeholder="e.g. 525412******3241"
              />
            )}
          </Field>
          <Field label="Currency" required error={errors.currency?.message} hint="ISO 4217, e.g. NOK">
            {(c) => (
              <input {...c} {...normalised('currency', normaliseCurrency)} autoComplete="off" size={4} />
            )}
          </Field>
          <Field
            label="Customer number (PSU id)"
            required
            error={customerError}
            hint={`Test customers: ${shown(testCustomers.private)} private, ${shown(testCustomers.corporate)} corporate${customerMismatch ?? ''}`}
          >
            {(c) => (
              <Controller
                control={control}
                name="customerNumber"
                render={({ field }) => (
                  <PersonalInput
                    {...c}
                    ref={field.ref}
                    name={field.name}
                    value={field.value}
                    onBlur={() => {
                      const digits = normaliseDigits(field.value)
                      if (digits !== field.value) field.onChange(digits)
                      field.onBlur()
                    }}
                    onChange={(value) => {
                      field.onChange(value)
                      // Picking a platform test customer sets its customer type to match.
                      const type = customerTypes.find((t) => testCustomers[t] === value)
                      if (type) setValue('customerType', type)
                    }}
                    // A pick list would show the test customers in clear on a shared screen.
                    list={presenting ? undefined : 'test-customers'}
                    inputMode="numeric"
                    autoComplete="off"
                  />
                )}
              />
            )}
          </Field>
          {presenting ? null : (
            <datalist id="test-customers">
              <option value={testCustomers.private}>Private test customer</option>
              <option value={testCustomers.corporate}>Corporate test customer</option>
            </datalist>
          )}
          <fieldset className="field">
            <legend>Customer type</legend>
            <div className="radio-row">
              {customerTypes.map((type) => (
                <label key={type}>
                  <input type="radio" value={type} {...register('customerType')} /> {type}
                </label>
              ))}
            </div>
            {errors.customerType ? (
              <small className="field-error">{errors.customerType.message}</small>
            ) : null}
          </fieldset>
          <div className="name-field">
            <Field
              label="Name (optional)"
              error={errors.name?.message}
              hint={
                <>
                  <CharacterCount text={watch('name')} max={nameMax} />
                  {longerName
                    ? ` (with "${LONGER_NAMES_LABEL}")`
                    : `; ${LONGER_NAME_MAX} with "${LONGER_NAMES_LABEL}" (below)`}
                </>
              }
            >
              {(c) => <input {...c} {...normalised('name', normaliseText)} autoComplete="off" />}
            </Field>
            <LongerNameToggle />
          </div>
          <Field
            label="Product (optional)"
            error={errors.product?.message}
            hint={<CharacterCount text={watch('product') ?? ''} max={PRODUCT_MAX} />}
          >
            {(c) => <input {...c} {...normalised('product', normaliseText)} autoComplete="off" />}
          </Field>
          <Field label="Credit limit amount (optional)" error={errors.creditLimit?.amount?.message}>
            {(c) => (
              <input
                {...c}
                {...normalised('creditLimit.amount', normaliseAmount)}
                inputMode="decimal"
                placeholder="e.g. 5000.00"
              />
            )}
          </Field>
          <Field label="Credit limit currency" error={errors.creditLimit?.currency?.message}>
            {(c) => <input {...c} {...normalised('creditLimit.currency', normaliseCurrency)} size={4} />}
          </Field>
          <Field
            label="Status"
            error={errors.status?.message}
            hint="enabled, blocked or deleted, in any case"
          >
            {(c) => <input {...c} {...register('status')} list="account-statuses" autoComplete="off" />}
          </Field>
          <datalist id="account-statuses">
            {statusSuggestions.map((status) => (
              <option key={status} value={status} />
            ))}
          </datalist>
        </div>
        <details className="more-fields" open={moreOpen} onToggle={(e) => setMoreOpen(e.currentTarget.open)}>
          <summary>All fields: balances, card id, account number, expiry</summary>
          <p className="hint">The platform's own fields; each is sent only when filled in.</p>
          <div className="form-grid">
            <Field label="Card id" error={errors.cardId?.message}>
              {(c) => <input {...c} {...normalised('cardId', normaliseText)} autoComplete="off" />}
            </Field>
            <Field label="Card id version" error={errors.cardIdVNo?.message} hint="cardIdVNo">
              {(c) => <input {...c} {...normalised('cardIdVNo', normaliseText)} autoComplete="off" />}
            </Field>
            <Field label="Account number" error={errors.accountNumber?.message}>
              {(c) => (
                <input
                  {...c}
                  {...normalised('accountNumber', normaliseDigits)}
                  autoComplete="off"
                  inputMode="numeric"
                />
              )}
            </Field>
            <Field label="Expiry" error={errors.expiry?.message}>
              {(c) => <input {...c} {...register('expiry')} type="date" />}
            </Field>
          </div>
          <fieldset className="balances">
            <legend>Balances</legend>
            <datalist id="balance-types">
              {balanceTypes.map((type) => (
                <option key={type} value={type} />
              ))}
            </datalist>
            {balances.fields.map((field, i) => {
              const rowErrors = errors.balances?.[i]
              return (
                <div key={field.id} className="balance-row">
                  <Field label={`Balance ${i + 1} amount`} error={rowErrors?.balanceAmount?.amount?.message}>
                    {(c) => (
                      <input
                        {...c}
                        {...normalised(`balances.${i}.balanceAmount.amount`, normaliseAmount)}
                        inputMode="decimal"
                        placeholder="e.g. 0.00"
                        size={10}
                      />
                    )}
                  </Field>
                  <Field
                    label={`Balance ${i + 1} currency`}
                    error={rowErrors?.balanceAmount?.currency?.message}
                  >
                    {(c) => (
                      <input
                        {...c}
                        {...normalised(`balances.${i}.balanceAmount.currency`, normaliseCurrency)}
                        size={4}
                      />
                    )}
                  </Field>
                  <Field label={`Balance ${i + 1} type`} error={rowErrors?.balanceType?.message}>
                    {(c) => (
                      <input
                        {...c}
                        {...register(`balances.${i}.balanceType`)}
                        list="balance-types"
                        size={16}
                      />
                    )}
                  </Field>
                  <Field label={`Balance ${i + 1} reference date`} error={rowErrors?.referenceDate?.message}>
                    {(c) => <input {...c} {...register(`balances.${i}.referenceDate`)} type="date" />}
                  </Field>
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={`Remove balance ${i + 1}`}
                    onClick={() => balances.remove(i)}
                  >
                    ×
                  </button>
                </div>
              )
            })}
            <button type="button" onClick={() => balances.append(blankBalance(watch('currency')))}>
              + Add balance
            </button>
            {balanceRootError(errors) ? <p className="field-error">{balanceRootError(errors)}</p> : null}
          </fieldset>
        </details>
        <FormAlert alert={alert?.shown} condition={alert?.condition} />
        <footer className="dialog-actions">
          <DialogCancel />
          <button type="submit" className="primary" disabled={isSubmitting}>
            {isSubmitting ? 'Creating…' : 'Create account'}
          </button>
        </footer>
      </form>
    </Dialog>
  )
}

function balanceRootError(errors: FieldErrors<AccountFormValues>): string | undefined {
  return errors.balances?.root?.message ?? errors.balances?.message
}

function creationNote(created: AccountCreation): string | undefined {
  if (created.kind === 'no-body') return 'the sandbox sent no body'
  if (created.kind === 'unexpected') return 'its answer was not what the console expects'
  return undefined
}

interface AskForIdProps {
  created: Unidentified
  maskedPan: string
  onClose: () => void
  onOpened: (id: string) => void
}

/**
 * The sandbox created the account but said neither its id nor where it is (no body, no `Location`): the
 * tester may know it from elsewhere (the bank's portal, a log). Entered, it is opened and added to the book.
 */
function AskForId({ created, maskedPan, onClose, onOpened }: AskForIdProps) {
  const open = useOpenAccount()
  const [id, setId] = useState('')
  const [failure, setFailure] = useState<string>()
  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    if (id.trim() === '') {
      setFailure('Enter the id the sandbox gave the new account')
      return
    }
    const outcome = await open.mutateAsync({ id: id.trim() })
    if (outcome.kind === 'opened') onOpened(outcome.id)
    else setFailure(`This sandbox has no card account ${outcome.id} (HTTP 404).`)
  }
  return (
    <Dialog help="accounts" title="New card account" onClose={onClose} busy={open.isPending}>
      <form className="form" onSubmit={submit} noValidate>
        <div className="notice" role="status">
          <p>
            <strong>Created</strong> ({maskedPan}).{' '}
            {created.kind === 'no-body'
              ? 'The sandbox sent no body and no Location'
              : "The sandbox's answer names no resourceId and it sent no Location"}
            , so the console cannot tell the new account's id. Enter it to keep the account in the console's
            book.
          </p>
          {created.kind === 'unexpected' ? <pre className="raw-json">{showJson(created.raw)}</pre> : null}
          {created.kind === 'no-body' && created.text !== undefined ? (
            <pre className="raw-json">{created.text}</pre>
          ) : null}
        </div>
        <Field label="The new account's id" required error={failure}>
          {(c) => <input {...c} value={id} onChange={(e) => setId(e.target.value)} autoComplete="off" />}
        </Field>
        <footer className="dialog-actions">
          <button type="button" onClick={onClose}>
            Close
          </button>
          <button type="submit" className="primary" disabled={open.isPending}>
            Add to the book
          </button>
        </footer>
      </form>
    </Dialog>
  )
}
