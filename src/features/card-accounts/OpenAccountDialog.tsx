import { type FormEvent, useId, useState } from 'react'
import { LIST_CORPORATE_ID, useApiClient, useConnection, useOpenAccount } from '../../api'
import { Dialog } from '../../ui/Dialog'
import { Field } from '../../ui/Field'
import { focusFirstInvalid } from '../../ui/focus-invalid'
import { FormAlert } from '../../ui/Messages'
import { headerFieldProblem } from '../header-fields'
import { PersonalInput } from '../presenter'
import { accountIdFrom } from './account-input'

interface OpenAccountDialogProps {
  onClose: () => void
  /** `view`: the pasted console link's query, when it was one. */
  onOpened: (id: string, view?: string) => void
}

const CORPORATE_ID_LABEL = 'PSU-Corporate-ID'

/**
 * What an empty field sends, said where it is typed: our own sandboxes are asked with a stand-in
 * (`openAccount`; docs/decisions.md#corporate-accounts), which they take as they take any value, so "read
 * only with it" would not be true of them. Unknown until the proxy says which upstream it serves.
 */
function useEmptyCorporateIdHint(): string {
  const { mode } = useApiClient()
  const local = useConnection().data?.local
  if (mode === 'offline' || local === true) {
    return `Left empty, the console sends "${LIST_CORPORATE_ID}": this sandbox is the console's own, and a corporate account opens with any value.`
  }
  if (local === false)
    return 'Left empty, none is sent: a corporate account is then refused (HTTP 400) until you type it.'
  return 'A corporate account is read only with it'
}

/**
 * Opens a card account by id or by a pasted link, and adds it to the console's book: the way to reach an
 * account on a sandbox that does not list its accounts.
 */
export function OpenAccountDialog({ onClose, onOpened }: OpenAccountDialogProps) {
  const open = useOpenAccount()
  const [input, setInput] = useState('')
  const [corporateId, setCorporateId] = useState('')
  const [error, setError] = useState<string>()
  const [corporateIdError, setCorporateIdError] = useState<string>()
  const [notFound, setNotFound] = useState<{ id: string; message: string }>()
  const hintId = useId()
  const emptyCorporateIdHint = useEmptyCorporateIdHint()

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setNotFound(undefined)
    const named = accountIdFrom(input)
    const corporate = corporateId.trim()
    const corporateProblem = headerFieldProblem(CORPORATE_ID_LABEL, corporate)
    focusFirstInvalid(event.currentTarget, () => {
      setError(named.ok ? undefined : named.message)
      setCorporateIdError(corporateProblem)
    })
    if (!named.ok || corporateProblem !== undefined) return
    const outcome = await open.mutateAsync({
      id: named.id,
      options: corporate === '' ? {} : { corporateId: corporate },
    })
    if (outcome.kind === 'opened') onOpened(outcome.id, named.view)
    else setNotFound({ id: outcome.id, message: outcome.error.message })
  }

  return (
    <Dialog help="accounts" title="Open card account" onClose={onClose} busy={open.isPending}>
      <form className="form" onSubmit={submit} noValidate>
        <p className="muted" id={hintId}>
          The console asks the sandbox for the account and adds it to its book in this browser, so it stays in
          the list after a reload.
        </p>
        <div className="form-grid form-grid-single">
          <Field
            label="Card account id or link"
            required
            error={error}
            hint="An id, a console link (…?account=…) or a sandbox URL ending in /card-accounts/<id>"
          >
            {(c) => (
              <input
                {...c}
                value={input}
                onChange={(e) => setInput(e.target.value)}
                autoComplete="off"
                spellCheck={false}
                autoFocus
              />
            )}
          </Field>
          <Field
            label={`${CORPORATE_ID_LABEL} (corporate accounts only)`}
            error={corporateIdError}
            hint={emptyCorporateIdHint}
          >
            {(c) => <PersonalInput {...c} value={corporateId} onChange={setCorporateId} autoComplete="off" />}
          </Field>
        </div>
        {notFound ? (
          <FormAlert
            alert={`This sandbox has no card account ${notFound.id} (HTTP 404: ${notFound.message}). Nothing was added to the book.`}
          />
        ) : null}
        <footer className="dialog-actions">
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={open.isPending}>
            {open.isPending ? 'Opening…' : 'Open account'}
          </button>
        </footer>
      </form>
    </Dialog>
  )
}
