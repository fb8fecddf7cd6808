import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { type Path, useForm } from 'react-hook-form'
import { ApiError, type CardAccountRead, useCreateCardAccount } from '../../api'
import { accountStatuses, customerTypes, type TppMessage, testCustomers } from '../../contract'
import { Dialog } from '../../ui/Dialog'
import { Field } from '../../ui/Field'
import { FormAlert } from '../../ui/Messages'
import { markFields } from '../form-errors'
import { useOneAtATime } from '../one-at-a-time'
import {
  type AccountFormValues,
  accountFieldNames,
  accountFormDefaults,
  accountFormSchema,
} from './account-form'

interface NewAccountDialogProps {
  onClose: () => void
  onCreated: (account: CardAccountRead) => void
}

export function NewAccountDialog({ onClose, onCreated }: NewAccountDialogProps) {
  const create = useCreateCardAccount()
  const once = useOneAtATime()
  const [alert, setAlert] = useState<TppMessage[] | string>()
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(accountFormSchema), defaultValues: accountFormDefaults })

  const onSubmit = handleSubmit((body) => once(() => submit(body)))
  const submit = async (body: Parameters<typeof create.mutateAsync>[0]) => {
    setAlert(undefined)
    try {
      onCreated(await create.mutateAsync(body))
    } catch (error) {
      if (!(error instanceof ApiError)) {
        setAlert(error instanceof Error ? error.message : String(error))
        return
      }
      const rest = markFields(
        error.messages,
        (name) => accountFieldNames.has(name),
        (name, m) =>
          setError(name as Path<AccountFormValues>, { type: 'server', message: `${m.code}: ${m.text}` }),
      )
      setAlert(rest.length > 0 ? rest : 'The sandbox refused the account: see the marked fields.')
    }
  }

  return (
    <Dialog title="New card account" onClose={onClose}>
      <form onSubmit={onSubmit} noValidate className="form">
        <div className="form-grid">
          <Field
            label="Masked PAN"
            error={errors.maskedPan?.message}
            hint="Digits with the middle masked by *"
          >
            {(c) => (
              <input {...c} {...register('maskedPan')} autoComplete="off" placeholder="525412******3241" />
            )}
          </Field>
          <Field label="Currency" error={errors.currency?.message} hint="ISO 4217">
            {(c) => <input {...c} {...register('currency')} autoComplete="off" maxLength={3} size={4} />}
          </Field>
          <Field
            label="Customer number (PSU id)"
            error={errors.customerNumber?.message}
            hint={`Test customers: ${testCustomers.private} private, ${testCustomers.corporate} corporate`}
          >
            {(c) => (
              <input
                {...c}
                {...register('customerNumber', {
                  // Picking a platform test customer sets its customer type to match.
                  onChange: (event: { target: { value: string } }) => {
                    const type = customerTypes.find((t) => testCustomers[t] === event.target.value)
                    if (type) setValue('customerType', type)
                  },
                })}
                list="test-customers"
                inputMode="numeric"
                autoComplete="off"
              />
            )}
          </Field>
          <datalist id="test-customers">
            <option value={testCustomers.private}>Private test customer</option>
            <option value={testCustomers.corporate}>Corporate test customer</option>
          </datalist>
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
          <Field label="Name (optional)" error={errors.name?.message}>
            {(c) => <input {...c} {...register('name')} autoComplete="off" />}
          </Field>
          <Field label="Product (optional)" error={errors.product?.message}>
            {(c) => <input {...c} {...register('product')} autoComplete="off" />}
          </Field>
          <Field label="Credit limit amount (optional)" error={errors.creditLimit?.amount?.message}>
            {(c) => (
              <input {...c} {...register('creditLimit.amount')} inputMode="decimal" placeholder="5000.00" />
            )}
          </Field>
          <Field label="Credit limit currency" error={errors.creditLimit?.currency?.message}>
            {(c) => <input {...c} {...register('creditLimit.currency')} maxLength={3} size={4} />}
          </Field>
          <Field label="Status" error={errors.status?.message}>
            {(c) => (
              <select {...c} {...register('status')}>
                {accountStatuses.map((status) => (
                  <option key={status}>{status}</option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <FormAlert alert={alert} />
        <footer className="dialog-actions">
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={isSubmitting}>
            {isSubmitting ? 'Creating…' : 'Create account'}
          </button>
        </footer>
      </form>
    </Dialog>
  )
}
