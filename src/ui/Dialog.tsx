import { type ReactNode, useEffect, useId, useRef } from 'react'

interface DialogProps {
  title: string
  onClose: () => void
  children: ReactNode
  /** Wide dialogs hold tables of rows (the batch form). */
  wide?: boolean
  /** While work runs (a bulk fill), Escape must not close the dialog behind the user's back. */
  busy?: boolean
}

const FIRST_CONTROL =
  ':scope > :not(.dialog-header) :is(input:not([type="hidden"], [hidden]), select, textarea, button, a[href]):not(:disabled)'

/**
 * A native modal `<dialog>`, open while mounted: Escape closes it, focus starts on the first field and stays inside, and on close
 * focus returns to whatever opened it (or to the main area, if that is gone).
 */
export function Dialog({ title, onClose, children, wide = false, busy = false }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const onCloseRef = useRef(onClose)
  onCloseRef.current = onClose
  const busyRef = useRef(busy)
  busyRef.current = busy

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    dialog.showModal()
    // showModal focuses the header's ×; typing must go into the form, so the first control of the body.
    dialog.querySelector<HTMLElement>(FIRST_CONTROL)?.focus()
    const onCancel = (event: Event) => {
      event.preventDefault()
      if (!busyRef.current) onCloseRef.current()
    }
    dialog.addEventListener('cancel', onCancel)
    return () => {
      dialog.removeEventListener('cancel', onCancel)
      dialog.close()
      // The opener may be gone (the empty state's button once an account exists): the main area then.
      if (opener?.isConnected) opener.focus()
      else document.getElementById('main')?.focus()
    }
  }, [])

  return (
    <dialog ref={ref} aria-labelledby={titleId} className={wide ? 'dialog dialog-wide' : 'dialog'}>
      <header className="dialog-header">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="icon-button" aria-label="Close" disabled={busy} onClick={onClose}>
          ×
        </button>
      </header>
      {children}
    </dialog>
  )
}
