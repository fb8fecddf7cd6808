import { type FormEvent, useEffect, useId, useState } from 'react'
import { onConsoleSecretNeeded, rememberConsoleSecret } from '../../api'
import { Dialog, DialogCancel } from '../../ui/Dialog'

/**
 * Asks for the console token whenever the server refuses the page's and only the user has the new one (none
 * yet, or a pasted one gone stale with a restart; a page index.html handed its secret reads the new one there,
 * src/api/console-secret.ts), so the user is never stuck behind 403s. The token is pasted, not put in a URL: a URL stays in
 * the browser's history. Once saved the page reloads, so every request is made again with it.
 */
export function ConsoleSecretPrompt({ onSaved = () => window.location.reload() }: { onSaved?: () => void }) {
  const [open, setOpen] = useState(false)
  const [value, setValue] = useState('')
  const fieldId = useId()
  useEffect(() => onConsoleSecretNeeded(() => setOpen(true)), [])
  if (!open) return null

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (value.trim() === '') return
    rememberConsoleSecret(value)
    setOpen(false)
    onSaved()
  }

  return (
    <Dialog help="settings" title="Console token" onClose={() => setOpen(false)}>
      <form onSubmit={submit}>
        <p>
          This console's server asks for the token it printed at start (<code>console token: …</code> in its
          terminal). It makes a new one at each start. It is kept in this browser for this console's address
          only.
        </p>
        <label htmlFor={fieldId}>Token</label>
        <input
          id={fieldId}
          type="password"
          autoComplete="off"
          spellCheck={false}
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
        <footer className="dialog-actions">
          <DialogCancel />
          <button type="submit" className="primary" disabled={value.trim() === ''}>
            Use this token
          </button>
        </footer>
      </form>
    </Dialog>
  )
}
