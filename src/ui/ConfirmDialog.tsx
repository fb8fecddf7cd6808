import { type ReactNode, useState } from 'react'
import { Dialog } from './Dialog'
import type { HelpTopic } from './help'

interface ConfirmDialogProps {
  title: string
  children: ReactNode
  confirmLabel: string
  onConfirm: () => Promise<void>
  onClose: () => void
  help?: HelpTopic
  /** Where the focus goes if what opened the question is gone once it closes (what it deleted). */
  focusInstead?: () => HTMLElement | undefined
}

/** Nothing destructive without this: the message names what will be lost. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  onConfirm,
  onClose,
  help,
  focusInstead,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string>()
  const confirm = async () => {
    setBusy(true)
    try {
      await onConfirm()
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error))
      setBusy(false)
    }
  }
  return (
    <Dialog title={title} onClose={onClose} busy={busy} help={help} focusInstead={focusInstead}>
      <div className="confirm-body">{children}</div>
      {failure ? (
        <p className="form-alert" role="alert">
          {failure}
        </p>
      ) : null}
      <footer className="dialog-actions">
        <button type="button" onClick={onClose} disabled={busy}>
          Cancel
        </button>
        <button type="button" className="danger" onClick={confirm} disabled={busy}>
          {confirmLabel}
        </button>
      </footer>
    </Dialog>
  )
}
